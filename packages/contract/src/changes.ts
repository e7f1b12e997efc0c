import { z } from 'zod';
import { caseList } from './cases';
import { mayCall, type Role } from './endpoint';
import { rideList } from './rides';
import { transactionList } from './sales';
import { userList } from './users';
import { vehicleList } from './vehicles';

/*
 * Live lists (issue 46): which records changed, told to open screens through
 * the notification stream (`changes` event) so they refresh what they show.
 * A batch names kinds, not rows: a screen asks again for what it shows.
 */

/** What may change under an open screen: trips, people (users, drivers, companies), vehicles, sales, cases. */
export const RECORD_CHANGE_KINDS = ['rides', 'users', 'vehicles', 'sales', 'cases'] as const;
export type RecordChangeKind = (typeof RECORD_CHANGE_KINDS)[number];

/** The list that reads each kind: an administrator hears of a change only if they may call it. */
const READ_BY = {
  rides: rideList,
  users: userList,
  vehicles: vehicleList,
  sales: transactionList,
  cases: caseList,
} as const;

/** The kinds of `kinds` that `role` may read. */
export const readableChanges = (role: Role, kinds: readonly RecordChangeKind[]) =>
  kinds.filter((kind) => mayCall(role, READ_BY[kind]));

/** The data of a `changes` event: the kinds that changed since the last one. */
export const recordChangesSchema = z.object({
  kinds: z.array(z.enum(RECORD_CHANGE_KINDS)).min(1),
});
export type RecordChanges = z.infer<typeof recordChangesSchema>;
