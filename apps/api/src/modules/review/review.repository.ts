import type { Paged, ReviewKind, ReviewRecord } from '@cabdesk/contract';
import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { isPastEnd, offsetOf, pageOf, type PageRequest } from '../../lib/paging';
import { countOf, isoText, jsonOf, rowsOf } from '../../lib/sql';
import { expiriesOf, type Expiries, type StoredImages } from '../documents';

/** A record waiting for a decision, its images as stored paths. */
export type Waiting = {
  kind: ReviewKind;
  id: number;
  name: string;
  company_name: string | null;
  submitted_at: string;
  images: StoredImages;
  expiries: Expiries | null;
};

/**
 * The Pending rows of one kind, oldest first, the first `limit` of them: each
 * an ordered walk of a partial index (users_pending_idx by role,
 * vehicles_pending_idx) that stops at the limit.
 */
const oldestOf = (kind: ReviewKind, limit: number, ids?: readonly number[]): SQL => {
  const only =
    ids === undefined
      ? sql``
      : sql`and id in (${sql.join(
          ids.map((id) => sql`${id}::int`),
          sql`, `,
        )})`;
  return kind === 'vehicle'
    ? sql`(select 'vehicle'::text as kind, id, created_at from vehicles
           where approval = 'Pending' and deleted_at is null ${only}
           order by created_at, id limit ${limit})`
    : sql`(select ${kind}::text as kind, id, created_at from users
           where role = ${kind === 'company' ? 'Company' : 'Driver'} and approval = 'Pending'
             and deleted_at is null ${only}
           order by created_at, id limit ${limit})`;
};

/** The Pending rows of each kind, of the records named when `records` is given. */
type Filter = { kinds: readonly ReviewKind[]; idsOf: (kind: ReviewKind) => number[] | undefined };

function filterOf(kind: ReviewKind | undefined, records: readonly ReviewRecord[] | undefined) {
  const all: readonly ReviewKind[] = kind ? [kind] : ['company', 'driver', 'vehicle'];
  if (records === undefined) return { kinds: all, idsOf: () => undefined } satisfies Filter;
  const idsOf = (k: ReviewKind) => records.filter((r) => r.kind === k).map((r) => r.id);
  return { kinds: all.filter((k) => idsOf(k).length > 0), idsOf } satisfies Filter;
}

/** The queue's length, from the counters the writes keep exact (decision 002). */
async function countWaiting(db: Db, kinds: readonly ReviewKind[]): Promise<number> {
  const roles = kinds
    .filter((k) => k !== 'vehicle')
    .map((k) => (k === 'company' ? 'Company' : 'Driver'));
  return countOf(
    db,
    sql`select (
      ${
        roles.length > 0
          ? sql`(select coalesce(sum(n), 0) from user_counts where approval = 'Pending'
                 and role in (${sql.join(
                   roles.map((role) => sql`${role}`),
                   sql`, `,
                 )}))`
          : sql`0`
      } +
      ${
        kinds.includes('vehicle')
          ? sql`(select coalesce(sum(n), 0) from vehicle_counts where approval = 'Pending')`
          : sql`0`
      })::int as n`,
  );
}

type WaitingRow = Omit<Waiting, 'images'> & StoredImages & { company_doc: string[] | null };

/**
 * One page of the review queue: the Pending companies, drivers and vehicles
 * (of `kind`, or all; only the `records` named when given), oldest first; ties by kind, then id. Each kind's
 * oldest rows up to the end of the page are merged, then the page is joined.
 */
export async function listWaiting(
  db: Db,
  kind: ReviewKind | undefined,
  request: PageRequest,
  records?: readonly ReviewRecord[],
): Promise<Paged<Waiting>> {
  const { kinds, idsOf } = filterOf(kind, records);
  if (kinds.length === 0) return pageOf([], 0, request);
  const named = (limit: number) =>
    sql.join(
      kinds.map((k) => oldestOf(k, limit, idsOf(k))),
      sql` union all `,
    );
  // Named records are few: counted as they are; the whole queue from its counters.
  const total =
    records === undefined
      ? await countWaiting(db, kinds)
      : await countOf(db, sql`select count(*)::int as n from (${named(records.length)}) w`);
  if (isPastEnd(request, total)) return pageOf([], total, request);
  const upTo = offsetOf(request) + request.per_page;
  const rows = await rowsOf<WaitingRow>(
    db,
    sql`
    with waiting as (
      ${named(upTo)}
    ), page as (
      select kind, id, created_at from waiting
      order by created_at, kind, id
      limit ${request.per_page} offset ${offsetOf(request)}
    )
    select p.kind, p.id, ${isoText(sql`p.created_at`)} as submitted_at,
      case when p.kind = 'vehicle' then
             (select b.name from brands b where b.id = v.brand_id) || ' ' ||
             (select m.name from models m where m.id = v.model_id) || ' (' || v.license_number || ')'
           when p.kind = 'company' then coalesce(nullif(u.company_name, ''), u.name)
           else u.name end as name,
      case when p.kind = 'company' then u.company_name else c.company_name end as company_name,
      array_to_json(u.company_doc) as company_doc, u.dl_front, u.holding_dl,
      v.registration_front, v.registration_back, v.insurance,
      v.vehicle_front, v.vehicle_back, v.vehicle_right, v.vehicle_left,
      case when p.kind = 'vehicle' then ${expiriesOf('vehicles', sql`p.id`)}
           else ${expiriesOf('users', sql`p.id`)} end as expiries
    from page p
    left join users u on p.kind <> 'vehicle' and u.id = p.id
    left join vehicles v on p.kind = 'vehicle' and v.id = p.id
    left join users c on c.id = coalesce(u.company_id, v.company_id)
    order by p.created_at, p.kind, p.id`,
  );
  return pageOf(
    rows.map((r) => ({
      kind: r.kind,
      id: r.id,
      name: r.name,
      company_name: r.company_name,
      submitted_at: r.submitted_at,
      images: {
        company_doc: r.company_doc === null ? [] : jsonOf(r.company_doc),
        dl_front: r.dl_front,
        holding_dl: r.holding_dl,
        registration_front: r.registration_front,
        registration_back: r.registration_back,
        insurance: r.insurance,
        vehicle_front: r.vehicle_front,
        vehicle_back: r.vehicle_back,
        vehicle_right: r.vehicle_right,
        vehicle_left: r.vehicle_left,
      },
      expiries: r.expiries,
    })),
    total,
    request,
  );
}
