import {
  LOOKUP_HITS_PER_KIND,
  PG_INTEGER_MAX,
  type LookupHit,
  type LookupKind,
} from '@cabdesk/contract';
import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { matches } from '../../lib/search';
import { rowsOf } from '../../lib/sql';

type Hit = { id: number; label: string; hint: string | null; ride_id?: number | null };

/** Each kind's query (at most LOOKUP_HITS_PER_KIND rows), and the web route of a hit. */
const KINDS: Record<LookupKind, { query: (q: string) => SQL | null; route: (hit: Hit) => string }> =
  {
    // People by name, e-mail or phone: users.search and its trigram index (the lists' search).
    passenger: { query: (q) => people('User', q), route: (h) => `/user-detail/${h.id}` },
    driver: { query: (q) => people('Driver', q), route: (h) => `/driver-detail/${h.id}` },
    company: { query: (q) => people('Company', q), route: (h) => `/company-detail/${h.id}` },
    // Vehicles by plate (vehicles.search also holds brand, model and company).
    vehicle: {
      // The hint of each hit alone, by primary keys (lateral: never a hash of every brand).
      query: (q) => sql`
        select v.id, v.license_number as label, x.hint
        from (select v.id, v.license_number, v.brand_id, v.model_id, v.company_id, v.created_at
              from vehicles v where v.deleted_at is null and ${matches(sql`v.search`, q, { plate: true })}
              order by v.created_at desc, v.id desc limit ${LOOKUP_HITS_PER_KIND}) v
        cross join lateral (
          select b.name || ' ' || m.name || coalesce(' · ' || nullif(c.company_name, ''), '') as hint
          from brands b
          join models m on m.id = v.model_id
          left join users c on c.id = v.company_id
          where b.id = v.brand_id
        ) x
        order by v.created_at desc, v.id desc`,
      route: (h) => `/vehicle-detail/${h.id}`,
    },
    // A trip by its id (the primary key).
    trip: {
      query: (q) => {
        const id = idOf(q);
        return id === null
          ? null
          : sql`select r.id, 'Trip #' || r.id as label,
                  r.pickup_address || ' → ' || r.drop_address as hint
                from rides r where r.id = ${id}`;
      },
      route: (h) => `/trip-detail/${h.id}`,
    },
    // A sale by its transaction id, as written or in capitals (the unique index).
    sale: {
      query: (q) => sql`
        select t.id, t.transaction_id as label,
          to_char(t.amount, 'FM999999999990.00') || ' · ' || t.payment_method as hint, t.ride_id
        from transactions t
        where t.transaction_id in (${q}, ${q.toUpperCase()})
        limit ${LOOKUP_HITS_PER_KIND}`,
      route: (h) =>
        h.ride_id ? `/trip-detail/${h.ride_id}` : `/sales?search=${encodeURIComponent(h.label)}`,
    },
  };

/** A role's people by name, e-mail or phone, the newest first (the lists' search). */
const people = (role: 'User' | 'Driver' | 'Company', q: string) => sql`
  select u.id,
    ${role === 'Company' ? sql`coalesce(nullif(u.company_name, ''), u.name)` : sql`u.name`} as label,
    u.email || coalesce(' · ' || u.phone, '') as hint
  from users u
  where u.role = ${role} and u.deleted_at is null and ${matches(sql`u.search`, q)}
  order by u.created_at desc, u.id desc
  limit ${LOOKUP_HITS_PER_KIND}`;

/** A trip id typed as digits (`#` allowed), or null. */
function idOf(q: string): number | null {
  const digits = /^#?(\d{1,10})$/.exec(q)?.[1];
  const id = digits === undefined ? NaN : Number(digits);
  return id >= 1 && id <= PG_INTEGER_MAX ? id : null;
}

/** The command palette's hits of each of `kinds` for `q`, kind by kind. */
export async function lookUp(db: Db, q: string, kinds: readonly LookupKind[]) {
  const found = await Promise.all(
    kinds.map(async (kind) => {
      const query = KINDS[kind].query(q);
      const rows = query ? await rowsOf<Hit>(db, query) : [];
      return rows.map((row): LookupHit => ({
        kind,
        id: row.id,
        label: row.label,
        ...(row.hint ? { hint: row.hint } : {}),
        route: KINDS[kind].route(row),
      }));
    }),
  );
  return found.flat();
}
