import {
  BULK_CHUNK,
  BULK_FILTER_MAX,
  BULK_MESSAGES,
  type BulkAction,
  type BulkResult,
  type ParsedInputOf,
  type bulkAction,
} from '@cabdesk/contract';
import { sql, type SQL } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import type { Actor } from '../../lib/audit';
import { arrayLiteral, rowsOf } from '../../lib/sql';
import { userFilterOf, userIdsOf } from '../users';
import { vehicleFilterOf, vehicleIdsOf } from '../vehicles';
import { notificationFor, notify, type RecordNoun } from '../../lib/notify';
import { decide, nameOf, refusalMessage, setStatus, type Refusal } from './records.repository';

type BulkBody = ParsedInputOf<typeof bulkAction>;

/** The state each action leads to. */
const TARGET = {
  approve: 'Approved',
  reject: 'Rejected',
  activate: 'Active',
  deactivate: 'Inactive',
} as const satisfies Record<BulkAction, string>;

/**
 * The ids a bulk action works on: those sent (once each), or every record its
 * filter keeps, by id; `too-many` when the filter keeps more than
 * BULK_FILTER_MAX.
 */
async function selectedIds(
  db: Db,
  body: BulkBody,
): Promise<number[] | { kind: 'too-many'; count: number }> {
  if (body.ids || !body.filter) return [...new Set(body.ids)];
  let select: (limit: number | null) => SQL;
  if (body.table === 'users') {
    const filter = userFilterOf(body.filter);
    select = (limit) => userIdsOf(filter, limit);
  } else {
    const filter = vehicleFilterOf(body.filter);
    select = (limit) => vehicleIdsOf(filter, limit);
  }
  const ids = (await rowsOf<{ id: number }>(db, select(BULK_FILTER_MAX + 1))).map((row) => row.id);
  if (ids.length <= BULK_FILTER_MAX) return ids;
  const [count] = await rowsOf<{ n: number }>(
    db,
    sql`select count(*)::int as n from (${select(null)}) q`,
  );
  return { kind: 'too-many', count: count?.n ?? ids.length };
}

/** Passengers among `ids`: they have no approval to decide. */
async function passengersOf(tx: Tx, ids: number[]) {
  const rows = await rowsOf<{ id: number }>(
    tx,
    sql`select id from users where id = any(${arrayLiteral(ids)}::int[]) and role = 'User'`,
  );
  return new Set(rows.map((row) => row.id));
}

/**
 * bulk-action: the single approval-user or status-update change on every
 * selected record, BULK_CHUNK records per transaction, each record locked,
 * checked, changed, audited and announced as the single call does it. A
 * record already in the target state is skipped (a single decision made
 * meanwhile included: the lock makes the later one see it); any other
 * refusal fails that record with the single call's message.
 */
export async function runBulk(
  db: Db,
  actor: Actor,
  body: BulkBody,
  now: Date,
): Promise<({ kind: 'done' } & BulkResult) | { kind: 'too-many'; count: number }> {
  const ids = await selectedIds(db, body);
  if (!Array.isArray(ids)) return ids;
  const result: BulkResult = { done: [], skipped: [], failed: [] };
  const target = TARGET[body.action];
  const reason =
    body.action === 'activate' || body.action === 'deactivate' ? undefined : body.reason;
  for (let start = 0; start < ids.length; start += BULK_CHUNK) {
    const chunk = ids.slice(start, start + BULK_CHUNK);
    await db.transaction(async (tx) => {
      // The chunk's rows locked first, in id order: a single decision on one of them
      // either finishes first or waits. Locked one by one as they are changed, the
      // chunk would hold the counters' rows (kept by trigger) that such a call needs
      // while waiting for its record: a deadlock.
      await tx.execute(
        sql`select id from ${sql.identifier(body.table)}
            where id = any(${arrayLiteral(chunk)}::int[]) order by id for update`,
      );
      const decided = body.action === 'approve' || body.action === 'reject';
      const passengers =
        decided && body.table === 'users' ? await passengersOf(tx, chunk) : new Set<number>();
      for (const id of chunk) {
        if (passengers.has(id)) {
          result.failed.push({ id, message: BULK_MESSAGES.passenger });
          continue;
        }
        const outcome =
          target === 'Approved' || target === 'Rejected'
            ? await decide(tx, actor, { table: body.table, id, approval: target, reason }, now, {
                announce: false,
              })
            : await setStatus(
                tx,
                actor,
                { table: body.table, id, status: target },
                { skipUnchanged: true },
              );
        if (outcome.kind === 'done') result.done.push(id);
        else if (alreadyThere(outcome, target)) result.skipped.push(id);
        else result.failed.push({ id, message: refusalMessage(outcome, body.table) });
      }
    });
  }
  if (result.done.length > 0) {
    await db.transaction((tx) => announceBulk(tx, actor, body, result.done, reason ?? null, now));
  }
  return { kind: 'done', ...result };
}

/** What the records of a bulk action are called, by the kinds among them. */
async function nounOf(tx: Tx, table: BulkBody['table'], ids: number[]): Promise<RecordNoun> {
  if (table === 'vehicles') return 'vehicles';
  const rows = await rowsOf<{ role: string }>(
    tx,
    sql`select distinct role from users where id = any(${arrayLiteral(ids)}::int[])`,
  );
  const only = rows.length === 1 ? rows[0]!.role : null;
  if (only === 'Driver') return 'drivers';
  if (only === 'Company') return 'companies';
  if (only === 'User') return 'passengers';
  return 'accounts';
}

const DONE = {
  approve: 'approved',
  reject: 'rejected',
  activate: 'activated',
  deactivate: 'deactivated',
} as const satisfies Record<BulkAction, string>;

/** The audit log's action of each bulk action's single change. */
const AUDIT_ACTION: Record<BulkAction, string> = {
  approve: 'approval-user',
  reject: 'approval-user',
  activate: 'status-update',
  deactivate: 'status-update',
};

/**
 * One notification (and so one push) for a whole bulk action, however many
 * records it changed, linking to the acting administrator's audit log of
 * that action that day.
 */
async function announceBulk(
  tx: Tx,
  actor: Actor,
  body: BulkBody,
  done: number[],
  reason: string | null,
  now: Date,
) {
  const day = now.toISOString().slice(0, 10);
  const audit = new URLSearchParams({
    action: AUDIT_ACTION[body.action],
    table: body.table,
    from: day,
    to: day,
  });
  if (actor.session) audit.set('admin_id', String(actor.session.adminId));
  await notify(tx, {
    ...notificationFor.bulkDone({
      count: done.length,
      records: await nounOf(tx, body.table, done),
      done: DONE[body.action],
      reason,
      by: await nameOf(tx, actor),
      auditLink: `/audit-log?${audit.toString()}`,
    }),
    authorId: actor.session?.adminId,
  });
}

const alreadyThere = (refusal: Refusal, target: string) =>
  refusal.kind === 'unchanged' ||
  (refusal.kind === 'already-decided' && refusal.approval === target);
