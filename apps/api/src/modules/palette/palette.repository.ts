import {
  LOOKUP_HITS_PER_KIND,
  PG_INTEGER_MAX,
  type LookupHit,
  type LookupKind,
} from '@cabdesk/contract';
import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { containsRare, hasTrigram, someMatches } from '../../lib/search';
import { preparedRowsOf, rowsOf } from '../../lib/sql';

/**
 * How many rows a lookup walks for each hit it needs before its rare way: the
 * passengers (many) 150, the drivers, companies and vehicles (few) 50. Its walk
 * reads each row from the table (the hit's label and hint), and its rare way
 * stops at the hits it needs, any of the trigram index's matches, so a longer
 * walk only costs more. The lists walk further (PEOPLE_WALK_RATIO,
 * SMALL_LIST_WALK_RATIO): their rare way lists and sorts every match.
 */
const LOOKUP_WALK_RATIO = { many: 150, few: 50 };

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
      query: (q) => {
        const vehicles = (rest: SQL) =>
          sql`select v.id, v.license_number, v.brand_id, v.model_id, v.company_id, v.search
              from vehicles v where v.deleted_at is null ${rest}`;
        // The hint of each hit alone, by primary keys (lateral: never a hash of every brand).
        return sql`
          select v.id, v.license_number as label, x.hint
          from (${someMatches(
            vehicles(sql`order by v.created_at desc, v.id desc`),
            vehicles(sql`and ${containsRare(sql`v.search`, q)}`),
            q,
            LOOKUP_HITS_PER_KIND,
            LOOKUP_HITS_PER_KIND * LOOKUP_WALK_RATIO.few,
          )}) v
          cross join lateral (
            select b.name || ' ' || m.name || coalesce(' · ' || nullif(c.company_name, ''), '') as hint
            from brands b
            join models m on m.id = v.model_id
            left join users c on c.id = v.company_id
            where b.id = v.brand_id
          ) x
          limit ${sql.raw(String(LOOKUP_HITS_PER_KIND))}`;
      },
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

/**
 * A role's people by name, e-mail or phone, the newest first when common
 * (someMatches): the passengers walk LOOKUP_WALK_RATIO.many rows a hit, the
 * fewer drivers and companies LOOKUP_WALK_RATIO.few. The role is
 * written into the text, so the prepared plan walks that role's own index.
 */
const people = (role: 'User' | 'Driver' | 'Company', q: string) => {
  const users = (rest: SQL) =>
    sql`select u.id, u.name, u.company_name, u.email, u.phone, u.search
        from users u where u.role = ${sql.raw(`'${role}'`)} and u.deleted_at is null ${rest}`;
  const ratio = role === 'User' ? LOOKUP_WALK_RATIO.many : LOOKUP_WALK_RATIO.few;
  return sql`
    select u.id,
      ${role === 'Company' ? sql`coalesce(nullif(u.company_name, ''), u.name)` : sql`u.name`} as label,
      u.email || coalesce(' · ' || u.phone, '') as hint
    from (${someMatches(
      users(sql`order by u.created_at desc, u.id desc`),
      users(sql`and ${containsRare(sql`u.search`, q)}`),
      q,
      LOOKUP_HITS_PER_KIND,
      LOOKUP_HITS_PER_KIND * ratio,
    )}) u`;
};

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
      // One text a kind, the term its parameter, planned once a connection:
      // not for a term without a trigram, whose plan depends on it (containsRare).
      const rows = !query
        ? []
        : hasTrigram(q)
          ? await preparedRowsOf<Hit>(db, `lookup_${kind}`, query)
          : await rowsOf<Hit>(db, query);
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
