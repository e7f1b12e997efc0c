import {
  CASE_ASSIGNERS,
  CASE_DEACTIVATORS,
  CASE_TRANSITIONS,
  CASE_WORKERS,
  isOpenCase,
  type CaseActivity,
  type CaseDetail,
  type CaseItem,
  type CaseKind,
  type CaseNoteKind,
  type CaseOpenCounts,
  type CaseOutcome,
  type CaseStatus,
  type Role,
} from '@cabdesk/contract';
import { sql, type SQL } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { audit, type Actor } from '../../lib/audit';
import { writeEvent } from '../../lib/outbox';
import { offsetOf, pageOf, type PageRequest } from '../../lib/paging';
import { allOf, arrayLiteral, isoText, rowsOf } from '../../lib/sql';
import { setStatus } from '../records';

type Row = Omit<CaseItem, 'driver' | 'passenger' | 'assignee' | 'overdue'> & {
  driver_id: number | null;
  driver_name: string | null;
  driver_external_id: string | null;
  passenger_id: number | null;
  passenger_name: string | null;
  passenger_external_id: string | null;
  assignee_id: number | null;
  assignee_name: string | null;
  due_at: string | null;
};

const columns = sql`c.id, c.external_id, c.kind, c.complaint_type, c.status, c.text, c.ride_id,
  c.reported_by, c.outcome, c.lat, c.lng,
  c.driver_id, d.name as driver_name, d.external_id as driver_external_id,
  c.passenger_id, p.name as passenger_name, p.external_id as passenger_external_id,
  c.assignee_id, a.name as assignee_name,
  ${isoText(sql`c.reported_at`)} as reported_at, ${isoText(sql`c.created_at`)} as created_at,
  ${isoText(sql`c.acknowledge_due_at`)} as acknowledge_due_at,
  ${isoText(sql`c.resolve_due_at`)} as resolve_due_at,
  ${isoText(sql`c.acknowledged_at`)} as acknowledged_at,
  ${isoText(sql`c.closed_at`)} as closed_at, ${isoText(sql`c.escalated_at`)} as escalated_at,
  ${isoText(sql`c.due_at`)} as due_at`;

const joins = sql`from cases c
  left join users d on d.id = c.driver_id
  left join users p on p.id = c.passenger_id
  left join admins a on a.id = c.assignee_id`;

/** A row as the desk shows it: its people and assignee as objects, overdue by `now`. */
function itemOf(row: Row, now: Date): CaseItem {
  const {
    driver_id,
    driver_name,
    driver_external_id,
    passenger_id,
    passenger_name,
    passenger_external_id,
    assignee_id,
    assignee_name,
    due_at,
    ...rest
  } = row;
  return {
    ...rest,
    driver:
      driver_id === null
        ? null
        : { id: driver_id, name: driver_name ?? '', external_id: driver_external_id },
    passenger:
      passenger_id === null
        ? null
        : { id: passenger_id, name: passenger_name ?? '', external_id: passenger_external_id },
    assignee: assignee_id === null ? null : { id: assignee_id, name: assignee_name ?? '' },
    overdue: due_at !== null && Date.parse(due_at) <= now.getTime(),
  };
}

export type CaseFilter = {
  status?: CaseStatus | 'open';
  kind?: CaseKind;
  assigneeId?: number;
};

const whereOf = (f: CaseFilter) =>
  allOf([
    ...(f.status === 'open'
      ? [sql`c.due_at is not null`]
      : f.status !== undefined
        ? [sql`c.status = ${f.status}`]
        : []),
    ...(f.kind === undefined ? [] : [sql`c.kind = ${f.kind}`]),
    ...(f.assigneeId === undefined ? [] : [sql`c.assignee_id = ${f.assigneeId}`]),
  ]);

/** The count open of each kind (open cases are those with a next deadline). */
async function openCounts(db: Db | Tx): Promise<CaseOpenCounts> {
  const rows = await rowsOf<{ kind: CaseKind; n: number }>(
    db,
    sql`select kind, count(*)::int as n from cases where due_at is not null group by kind`,
  );
  const of = (kind: CaseKind) => rows.find((r) => r.kind === kind)?.n ?? 0;
  return {
    sos: of('sos'),
    complaint: of('complaint'),
    rating: of('rating'),
    total: rows.reduce((sum, r) => sum + r.n, 0),
  };
}

/** The desk's list: open SOS first, then by the next deadline (closed last, newest first). */
export async function listCases(db: Db, f: CaseFilter, page: PageRequest, now: Date) {
  const where = whereOf(f);
  const [count] = await rowsOf<{ n: number }>(
    db,
    sql`select count(*)::int as n from cases c where ${where}`,
  );
  const rows = await rowsOf<Row>(
    db,
    sql`select ${columns} ${joins} where ${where}
        order by (c.kind = 'sos' and c.due_at is not null) desc, c.due_at, c.id desc
        limit ${page.per_page} offset ${offsetOf(page)}`,
  );
  return {
    ...pageOf(
      rows.map((row) => itemOf(row, now)),
      count!.n,
      page,
    ),
    open_counts: await openCounts(db),
  };
}

async function caseRow(db: Db | Tx, id: number, lock = false) {
  const [row] = await rowsOf<Row>(
    db,
    sql`select ${columns} ${joins} where c.id = ${id} ${lock ? sql`for update of c` : sql``}`,
  );
  return row;
}

/** How many earlier cases of the same person a case's detail shows. */
const EARLIER_SHOWN = 20;

/** A case with its trip, its rating, the earlier cases of its people and its activity log. */
export async function caseDetailOf(db: Db, id: number, now: Date): Promise<CaseDetail | null> {
  const row = await caseRow(db, id);
  if (!row) return null;
  const [trip] =
    row.ride_id === null
      ? []
      : await rowsOf<{
          id: number;
          external_id: string | null;
          ride_status: NonNullable<CaseDetail['trip']>['ride_status'];
          pickup_address: string;
          drop_address: string;
          amount: string;
          created_at: string;
          user_id: number;
          user_name: string;
          user_external_id: string | null;
          user_phone: string | null;
          driver_id: number | null;
          driver_name: string | null;
          driver_external_id: string | null;
          driver_phone: string | null;
        }>(
          db,
          sql`select r.id, r.external_id, r.ride_status, r.pickup_address, r.drop_address,
                r.amount::text as amount, ${isoText(sql`r.created_at`)} as created_at,
                u.id as user_id, u.name as user_name, u.external_id as user_external_id,
                u.phone as user_phone, d.id as driver_id, d.name as driver_name,
                d.external_id as driver_external_id, d.phone as driver_phone
              from rides r join users u on u.id = r.user_id left join users d on d.id = r.driver_id
              where r.id = ${row.ride_id}`,
        );
  const [rating] = await rowsOf<NonNullable<CaseDetail['rating']>>(
    db,
    sql`select r.by, r.stars, r.comment, ${isoText(sql`r.at`)} as at
        from ratings r join cases c on c.rating_id = r.id where c.id = ${id}`,
  );
  const earlier = async (column: 'driver_id' | 'passenger_id', personId: number | null) =>
    personId === null
      ? []
      : (
          await rowsOf<Row>(
            db,
            sql`select ${columns} ${joins}
                where ${sql.identifier('c')}.${sql.identifier(column)} = ${personId}
                  and c.id <> ${id} and c.created_at <= ${row.created_at}::timestamptz
                order by c.created_at desc, c.id desc limit ${EARLIER_SHOWN}`,
          )
        ).map((r) => itemOf(r, now));
  const activity = await rowsOf<{
    id: number;
    kind: CaseActivity['kind'];
    text: string | null;
    admin_id: number | null;
    admin_name: string | null;
    at: string;
  }>(
    db,
    sql`select e.id, e.kind, e.text, e.admin_id, a.name as admin_name,
          ${isoText(sql`e.created_at`)} as at
        from case_activities e left join admins a on a.id = e.admin_id
        where e.case_id = ${id} order by e.id`,
  );
  const workers = await rowsOf<CaseDetail['workers'][number]>(
    db,
    sql`select id, name, role from admins
        where status = 'Active' and role::text = any(${arrayLiteral(CASE_WORKERS)}::text[])
        order by name, id`,
  );
  const item = itemOf(row, now);
  return {
    workers,
    case: item,
    trip: trip
      ? {
          id: trip.id,
          external_id: trip.external_id,
          ride_status: trip.ride_status,
          pickup_address: trip.pickup_address,
          drop_address: trip.drop_address,
          amount: trip.amount,
          created_at: trip.created_at,
          passenger: {
            id: trip.user_id,
            name: trip.user_name,
            external_id: trip.user_external_id,
            phone: trip.user_phone,
          },
          driver:
            trip.driver_id === null
              ? null
              : {
                  id: trip.driver_id,
                  name: trip.driver_name ?? '',
                  external_id: trip.driver_external_id,
                  phone: trip.driver_phone,
                },
        }
      : null,
    rating: rating ?? null,
    earlier_driver_cases: await earlier('driver_id', row.driver_id),
    earlier_passenger_cases: await earlier('passenger_id', row.passenger_id),
    activity: activity.map((a) => ({
      id: a.id,
      kind: a.kind,
      text: a.text,
      admin: a.admin_id === null ? null : { id: a.admin_id, name: a.admin_name ?? '' },
      at: a.at,
    })),
  };
}

export type CaseChange = {
  id: number;
  status?: CaseStatus;
  assigneeId?: number;
  note?: string;
  noteKind?: CaseNoteKind;
  outcome?: CaseOutcome;
  /** With the outcome refund: the refund of the case's trip (money_requests). */
  refundId?: number;
};

/** Why a case-update changed nothing: the route answers each with its status. */
export type CaseRefusal =
  | { kind: 'missing' }
  | { kind: 'closed' }
  | { kind: 'transition'; from: CaseStatus; to: CaseStatus }
  | { kind: 'take-only' }
  | { kind: 'no-assignee' }
  | { kind: 'no-driver' }
  | { kind: 'cannot-deactivate' }
  | { kind: 'outcome-first' }
  | { kind: 'no-trip' }
  | { kind: 'refund-first' }
  | { kind: 'no-refund' };

const log = (
  tx: Tx,
  caseId: number,
  kind: string,
  text: string | null,
  adminId: number,
  at: Date,
) =>
  tx.execute(
    sql`insert into case_activities (case_id, kind, text, admin_id, created_at)
        values (${caseId}, ${kind}, ${text}, ${adminId}, ${at.toISOString()})`,
  );

/**
 * case-update, in one transaction with the case locked: a note for the log,
 * an assignee (Support may only take it: assign themself; an Operator or
 * Owner assigns anyone who works cases), an outcome (driver_deactivated
 * through status-update's own code, with its audit and event; refund naming
 * a refund of the case's trip, which refund-create made), and a status
 * along CASE_TRANSITIONS (Acknowledged takes an unassigned case; Resolved
 * needs an outcome). Each step is logged and audited; each status change is
 * a `case.status_changed` event in the same transaction.
 */
export async function updateCase(
  tx: Tx,
  actor: Actor & { session: { adminId: number; role: Role } },
  change: CaseChange,
  now: Date,
): Promise<CaseRefusal | { kind: 'done'; item: CaseItem }> {
  const { adminId, role } = actor.session;
  const before = await caseRow(tx, change.id, true);
  if (!before) return { kind: 'missing' };
  if (!isOpenCase(before.status)) return { kind: 'closed' };
  const to = change.status;
  if (to !== undefined && to !== before.status && !CASE_TRANSITIONS[before.status].includes(to)) {
    return { kind: 'transition', from: before.status, to };
  }
  const changes: SQL[] = [];
  let assignee = before.assignee_id;

  if (change.assigneeId !== undefined && change.assigneeId !== before.assignee_id) {
    if (change.assigneeId !== adminId && !CASE_ASSIGNERS.includes(role)) {
      return { kind: 'take-only' };
    }
    const [worker] = await rowsOf<{ name: string }>(
      tx,
      sql`select name from admins where id = ${change.assigneeId} and status = 'Active'
            and role::text = any(${arrayLiteral(CASE_WORKERS)}::text[])`,
    );
    if (!worker) return { kind: 'no-assignee' };
    assignee = change.assigneeId;
    changes.push(sql`assignee_id = ${assignee}`);
    await log(tx, change.id, 'assigned', worker.name, adminId, now);
  }

  const outcome = change.outcome ?? before.outcome;
  if (change.outcome !== undefined && change.outcome !== before.outcome) {
    if (change.outcome === 'driver_deactivated') {
      if (!CASE_DEACTIVATORS.includes(role)) return { kind: 'cannot-deactivate' };
      if (before.driver_id === null) return { kind: 'no-driver' };
      const result = await setStatus(tx, actor, {
        table: 'users',
        id: before.driver_id,
        status: 'Inactive',
        reason: `Case #${change.id}`,
      });
      if (result.kind === 'missing') return { kind: 'no-driver' };
    }
    if (change.outcome === 'refund') {
      if (before.ride_id === null) return { kind: 'no-trip' };
      if (change.refundId === undefined) return { kind: 'refund-first' };
      const [refund] = await rowsOf<{ id: number }>(
        tx,
        sql`select id from money_requests
            where id = ${change.refundId} and kind = 'refund' and ride_id = ${before.ride_id}`,
      );
      if (!refund) return { kind: 'no-refund' };
    }
    changes.push(sql`outcome = ${change.outcome}`);
    await log(tx, change.id, 'outcome', change.outcome, adminId, now);
    if (change.outcome === 'refund') {
      await log(tx, change.id, 'refund', String(change.refundId), adminId, now);
    }
  }

  if (change.note !== undefined && change.note !== '') {
    await log(tx, change.id, change.noteKind ?? 'note', change.note, adminId, now);
  } else if (change.noteKind !== undefined && change.noteKind !== 'note') {
    await log(tx, change.id, change.noteKind, null, adminId, now);
  }

  if (to !== undefined && to !== before.status) {
    if (to === 'Resolved' && outcome === null) return { kind: 'outcome-first' };
    const at = now.toISOString();
    changes.push(sql`status = ${to}`);
    if (to === 'Acknowledged') {
      changes.push(sql`acknowledged_at = ${at}, due_at = resolve_due_at`);
      if (assignee === null) {
        assignee = adminId;
        changes.push(sql`assignee_id = ${adminId}`);
      }
    }
    if (!isOpenCase(to)) changes.push(sql`closed_at = ${at}, due_at = null`);
    await log(tx, change.id, 'status', `${before.status} -> ${to}`, adminId, now);
  }

  if (changes.length > 0) {
    await tx.execute(
      sql`update cases set ${sql.join(changes, sql`, `)}, updated_at = ${now.toISOString()}
          where id = ${change.id}`,
    );
  }
  const after = (await caseRow(tx, change.id))!;
  await audit(tx, actor, {
    action: 'case-update',
    tableName: 'cases',
    recordId: change.id,
    before: { status: before.status, assignee_id: before.assignee_id, outcome: before.outcome },
    after: {
      status: after.status,
      assignee_id: after.assignee_id,
      outcome: after.outcome,
      ...(change.refundId !== undefined ? { refund_id: change.refundId } : {}),
      ...(change.note !== undefined || change.noteKind !== undefined
        ? { note: { kind: change.noteKind ?? 'note', text: change.note ?? null } }
        : {}),
    },
  });
  if (after.status !== before.status) {
    await writeEvent(
      tx,
      'case.status_changed',
      { table: 'cases', id: change.id, kind: 'case' },
      {
        case_kind: after.kind,
        status: after.status,
        previous_status: before.status,
        outcome: after.outcome,
        trip_id: after.ride_id,
      },
    );
  }
  return { kind: 'done', item: itemOf(after, now) };
}
