import type { z } from 'zod';
import type { integrationPeople } from '@cabdesk/contract';
import { and, eq, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { users } from '../../db/schema';
import { notificationFor, notify } from '../../lib/notify';
import { saveBankDetails } from '../money';
import type { Refusal } from './refusals';

export type Person = z.output<typeof integrationPeople.input>;
type UserRow = typeof users.$inferSelect;

/** The live or deleted record of a role with the marketplace's id, locked for the rest of the transaction. */
export async function byExternalId(tx: Tx, role: UserRow['role'], externalId: string) {
  const [row] = await tx
    .select()
    .from(users)
    .where(and(eq(users.role, role), eq(users.externalId, externalId)))
    .for('update');
  return row;
}

/**
 * Serialises the writes of one marketplace record for the rest of the
 * transaction: two requests for one new record at once (without an
 * Idempotency-Key) would otherwise both insert, and the second would trip
 * over the first's e-mail address rather than find the record.
 */
export const lockExternalId = (tx: Tx, kind: string, externalId: string) =>
  tx.execute(
    sql`select pg_advisory_xact_lock(hashtext(${`cabdesk:external:${kind}:${externalId}`}))`,
  );

/**
 * Registers or changes a passenger, driver or company by the marketplace's
 * id (decision 015). A new one arrives as SPEC's registrations do: a driver
 * or company Pending, a passenger Approved (as the simulator's), each with
 * the notification the review desk, the bell and the live toasts show.
 * Optional fields left out keep what Cabdesk has. A record deleted at the
 * desk is not brought back. An import announces its registrations in one
 * notification of its own (`announce` false).
 */
export async function upsertPerson(
  tx: Tx,
  person: Person,
  now: Date,
  announce = true,
): Promise<Refusal | { kind: 'done'; row: UserRow; created: boolean }> {
  let company: UserRow | undefined;
  if (person.user_type === 'Driver' && person.company_external_id !== undefined) {
    company = await byExternalId(tx, 'Company', person.company_external_id);
    if (!company) return { kind: 'no-company' };
    if (company.deletedAt) return { kind: 'company-deleted' };
  }
  const fields = {
    name: person.name,
    email: person.email,
    phone: person.phone,
    ...(person.gender !== undefined ? { gender: person.gender } : {}),
    ...(person.dob !== undefined ? { dob: person.dob } : {}),
    ...(person.user_type === 'Company' ? { companyName: person.company_name ?? null } : {}),
    ...(company ? { companyId: company.id } : {}),
  };

  await lockExternalId(tx, person.user_type, person.external_id);
  const existing = await byExternalId(tx, person.user_type, person.external_id);
  if (existing) {
    if (existing.deletedAt) return { kind: 'deleted' };
    const [row] = await tx
      .update(users)
      .set({ ...fields, updatedAt: now })
      .where(eq(users.id, existing.id))
      .returning();
    await saveBankAccount(tx, row!.id, person);
    return { kind: 'done', row: row!, created: false };
  }

  const [inserted] = await tx
    .insert(users)
    .values({
      ...fields,
      role: person.user_type,
      externalId: person.external_id,
      approval: person.user_type === 'User' ? 'Approved' : 'Pending',
    })
    .returning();
  const row = inserted!;
  await saveBankAccount(tx, row.id, person);
  if (announce) await notify(tx, announcement(row, company));
  return { kind: 'done', row, created: true };
}

/** A driver's or company's bank account, when the marketplace sent one (all three fields, checked). */
async function saveBankAccount(tx: Tx, userId: number, person: Person) {
  if (
    person.iban === undefined ||
    person.bic === undefined ||
    person.account_holder === undefined
  ) {
    return;
  }
  await saveBankDetails(
    tx,
    userId,
    { iban: person.iban, bic: person.bic, holder: person.account_holder },
    null,
  );
}

/** The notification of a new registration, as the simulator and the seed write it. */
function announcement(row: UserRow, company: UserRow | undefined) {
  switch (row.role) {
    case 'Company':
      return notificationFor.companyRegistered({
        id: row.id,
        companyName: row.companyName ?? row.name,
        email: row.email,
      });
    case 'Driver':
      return notificationFor.driverRegistered({
        id: row.id,
        name: row.name,
        companyName: company?.companyName ?? null,
      });
    case 'User':
      return notificationFor.passengerJoined({ id: row.id, name: row.name });
  }
}
