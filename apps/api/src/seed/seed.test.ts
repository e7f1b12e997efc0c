import { existsSync, readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { sql, type SQL } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, schemaOf } from '../../test/helper';
import { openDatabase, pgliteOptions, type Database } from '../db/client';
import { entriesOf, splitOf } from '../../test/money-split';
import { SMALL_SCALE } from './large';
import { checkLedgerSets, DEMO_SCALE, resetMarketplace, seed, type SeedSummary } from './seed';

// A fixed anchor makes every created_at, and so every row, reproducible.
const NOW = new Date('2025-06-15T12:00:00Z');

let pglite: PGlite;
let template: PGlite;
let smallBase: PGlite;
let database: Database;
let uploadDir: string;
let summary: SeedSummary;

beforeAll(async () => {
  pglite = await PGlite.create(pgliteOptions);
  database = await openDatabase({ pglite });
  await database.migrate();
  // Migrated but empty: the determinism check seeds a copy instead of creating another database.
  // clone() is typed as the PGlite interface but answers a PGlite instance.
  template = (await pglite.clone()) as PGlite;
  smallBase = (await pglite.clone()) as PGlite;
  uploadDir = await mkdtemp(join(tmpdir(), 'cabdesk-seed-'));
  summary = await seed(database, { scale: DEMO_SCALE, uploadDir, now: NOW });
}, 120_000);

afterAll(async () => {
  await database?.close();
  await template?.close();
  await smallBase?.close();
  if (uploadDir) await rm(uploadDir, { recursive: true, force: true });
});

async function count(query: SQL): Promise<number> {
  const [row] = await database.rows<{ n: number }>(query);
  return row?.n ?? Number.NaN;
}

async function values(query: SQL, db: Database = database): Promise<string[]> {
  return (await db.rows<{ v: string }>(query)).map((row) => row.v);
}

/** Every image path the rows store, once per row that stores it. */
const imagePaths = sql`
  select p as v from users, unnest(array[profile, holding_dl, dl_front] || company_doc) p where p is not null
  union all
  select p from vehicles, unnest(array[registration_front, registration_back, insurance,
                                       vehicle_front, vehicle_back, vehicle_right, vehicle_left]) p
  where p is not null`;

type SampledTrip = {
  id: number;
  gross: string;
  coupon: string;
  cash: boolean;
  company_id: number | null;
  driver_id: number | null;
  service_type_id: number;
  completed_at: string;
  kind: string;
};

type Rule = {
  id: number;
  service_type_id: number;
  company_id: number | null;
  percent: string;
  company_percent: string;
  starts_on: string;
};

/** Cents of a numeric, as SQL text (exact): `12.50` -> `1250`. */
const cents = (column: string) => sql.raw(`(${column} * 100)::bigint::text`);

/**
 * The seed splits its trips in SQL (splits.ts), all at once; the live path a chunk at a time.
 * For up to `each` trips of every kind there is (cash or card, with a coupon or none, of the
 * company with its own rule before and after it holds, or of another), the split, the ledger set
 * and its entries the seed wrote are what splitOf and entriesOf give, from the trip's row and the
 * rule in force when it completed (picked here from the rules, not by the seed's SQL), each dated
 * at the trip's completion. Answers how many trips of each kind it compared.
 */
async function expectSplitsAsTheLivePath(db: Database, each = 25): Promise<Record<string, number>> {
  const rules = await db.rows<Rule>(
    sql`select id, service_type_id, company_id, percent::text, company_percent::text,
          starts_on::text from commission_rules`,
  );
  const overridden = new Set(rules.filter((r) => r.company_id !== null).map((r) => r.company_id));
  const overrideFrom = rules.find((r) => r.company_id !== null)?.starts_on ?? '9999-12-31';
  const ownRule = sql`r.company_id = any(${`{${[...overridden].join(',')}}`}::int[])`;
  const afterOwn = sql`(r.updated_at at time zone 'UTC')::date >= ${overrideFrom}::date`;
  const trips = await db.rows<SampledTrip>(
    sql`select id, gross, coupon, cash, company_id, driver_id, service_type_id, completed_at, kind
        from (
          select r.id, ${cents('r.amount')} as gross, ${cents('r.coupon_discount')} as coupon,
            lower(coalesce(r.payment_method, t.payment_method, '')) = 'cash' as cash,
            r.company_id, r.driver_id, coalesce(r.service_type_id, v.service_type_id) as service_type_id,
            to_char(r.updated_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US') as completed_at,
            concat_ws(' ', case when lower(coalesce(r.payment_method, t.payment_method, '')) = 'cash'
                               then 'cash' else 'card' end,
              case when r.coupon_discount > 0 then 'coupon' else 'no coupon' end,
              case when ${ownRule}
                   then case when ${afterOwn} then 'own rule' else 'before its own rule' end
                   else 'service type' end) as kind,
            row_number() over (partition by lower(coalesce(r.payment_method, t.payment_method, '')) = 'cash',
              r.coupon_discount > 0, ${ownRule}, ${afterOwn} order by r.id) as n
          from rides r
          left join vehicles v on v.id = r.vehicle_id
          left join transactions t on t.ride_id = r.id
          where r.ride_status = 'Complete'
        ) x
        where n <= ${each} order by id`,
  );
  const written = await db.rows<Record<string, unknown>>(
    sql`select s.ride_id, s.rule_id, ${cents('s.percent')} as percent,
          ${cents('s.company_percent')} as company_percent, ${cents('s.gross')} as gross,
          ${cents('s.coupon_discount')} as coupon, ${cents('s.platform_commission')} as commission,
          ${cents('s.company_share')} as company_share, ${cents('s.driver_share')} as driver_share,
          s.cash_collected, s.company_id, s.driver_id,
          to_char(s.completed_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US') as completed_at,
          s.created_at = s.completed_at as split_dated, l.cause, l.cause_id::int,
          l.created_at = s.completed_at as set_dated,
          (select json_agg(json_build_array(e.account, e.party_id, ${cents('e.amount')},
                                            e.created_at = s.completed_at) order by e.id)
           from ledger_entries e where e.set_id = s.set_id) as entries
        from ride_splits s join ledger_sets l on l.id = s.set_id
        where s.ride_id = any(${`{${trips.map((t) => t.id).join(',')}}`}::int[])
        order by s.ride_id`,
  );
  const expected = trips.map((trip) => {
    const day = trip.completed_at.slice(0, 10);
    const rule = rules
      .filter(
        (r) =>
          r.service_type_id === trip.service_type_id &&
          (r.company_id === null || r.company_id === trip.company_id) &&
          r.starts_on <= day,
      )
      .sort(
        (a, b) =>
          Number(a.company_id === null) - Number(b.company_id === null) ||
          b.starts_on.localeCompare(a.starts_on) ||
          b.id - a.id,
      )[0];
    const hundredths = (percent: string | undefined) =>
      BigInt(Math.round(Number(percent ?? '0') * 100));
    const split = splitOf({
      gross: BigInt(trip.gross),
      coupon: BigInt(trip.coupon),
      percent: hundredths(rule?.percent),
      companyPercent: hundredths(rule?.company_percent),
      companyId: trip.company_id,
      driverId: trip.driver_id,
      cash: trip.cash,
    });
    const entries = entriesOf(split, { companyId: trip.company_id, driverId: trip.driver_id });
    return {
      ride_id: trip.id,
      rule_id: rule?.id ?? null,
      percent: String(hundredths(rule?.percent)),
      company_percent: String(hundredths(rule?.company_percent)),
      gross: String(split.gross),
      coupon: String(split.coupon),
      commission: String(split.commission),
      company_share: String(split.companyShare),
      driver_share: String(split.driverShare),
      cash_collected: split.cash,
      company_id: trip.company_id,
      driver_id: trip.driver_id,
      completed_at: trip.completed_at,
      split_dated: true,
      cause: 'ride_split',
      cause_id: trip.id,
      set_dated: true,
      entries: entries.map((entry) => [entry.account, entry.partyId, String(entry.cents), true]),
    };
  });
  expect(written).toEqual(expected);
  const kinds: Record<string, number> = {};
  for (const trip of trips) kinds[trip.kind] = (kinds[trip.kind] ?? 0) + 1;
  return kinds;
}

/** The counters the triggers kept, then the same after recount_counters(): equal. */
async function expectCountersEqualRecount(db: Database) {
  const snapshot = async () => ({
    users: await db.rows(sql`select * from user_counts order by role, status, approval`),
    vehicles: await db.rows(sql`select * from vehicle_counts order by approval`),
    rides: await db.rows(sql`select * from ride_counts order by ride_status`),
    stats: await db.rows(sql`select * from user_stats order by user_id`),
    tables: await db.rows(sql`select * from table_counts order by table_name`),
  });
  const kept = await snapshot();
  await db.rows(sql`select recount_counters()`);
  expect(await snapshot()).toEqual(kept);
}

describe('demo seed', () => {
  it('fills every table within the asked sizes', () => {
    const { counts } = summary;
    expect(counts.companies).toBeGreaterThanOrEqual(25);
    expect(counts.companies).toBeLessThanOrEqual(35);
    expect(counts.drivers).toBeGreaterThanOrEqual(140);
    expect(counts.drivers).toBeLessThanOrEqual(160);
    expect(counts.vehicles).toBeGreaterThanOrEqual(110);
    expect(counts.vehicles).toBeLessThanOrEqual(130);
    expect(counts.passengers).toBeGreaterThanOrEqual(280);
    expect(counts.passengers).toBeLessThanOrEqual(320);
    expect(counts.rides).toBeGreaterThanOrEqual(2_800);
    expect(counts.rides).toBeLessThanOrEqual(3_200);
    expect(counts.faqs).toBeGreaterThanOrEqual(10);
    expect(counts.coupons).toBeGreaterThanOrEqual(6);
    expect(counts.notifications).toBeGreaterThanOrEqual(10);
    expect(counts.brands).toBeGreaterThanOrEqual(10);
    expect(counts.colors).toBeGreaterThanOrEqual(8);
    expect(counts.driver_vehicles).toBe(counts.drivers);
  });

  it('mixes approval and activity states', async () => {
    for (const role of ['Company', 'Driver']) {
      expect(
        await values(
          sql`select distinct approval::text as v from users where role = ${role} order by 1`,
        ),
      ).toEqual(['Approved', 'Pending', 'Rejected']);
    }
    expect(await values(sql`select distinct approval::text as v from vehicles order by 1`)).toEqual(
      ['Approved', 'Pending', 'Rejected'],
    );
    expect(await values(sql`select distinct status::text as v from users order by 1`)).toEqual([
      'Active',
      'Inactive',
    ]);
    expect(await values(sql`select distinct ride_status::text as v from rides order by 1`)).toEqual(
      ['Accept', 'Cancel', 'Complete', 'End', 'Pending', 'Start'],
    );
  });

  it('keeps references consistent', async () => {
    // Every driver works for a company and drives one of its vehicles.
    expect(
      await count(sql`select count(*)::int as n from users d
        left join users c on c.id = d.company_id and c.role = 'Company'
        left join driver_vehicles dv on dv.driver_id = d.id
        left join vehicles v on v.id = dv.vehicle_id
        where d.role = 'Driver' and (c.id is null or v.company_id is distinct from d.company_id)`),
    ).toBe(0);
    // A ride's company and vehicle are its driver's; only Pending and some Cancel rides lack a driver.
    expect(
      await count(sql`select count(*)::int as n from rides r
        left join users d on d.id = r.driver_id
        left join driver_vehicles dv on dv.driver_id = r.driver_id
        where (r.driver_id is null and r.ride_status not in ('Pending', 'Cancel'))
           or (r.driver_id is not null and (r.company_id is distinct from d.company_id
                                            or r.vehicle_id is distinct from dv.vehicle_id))
           or (r.driver_id is null and (r.company_id is not null or r.vehicle_id is not null))`),
    ).toBe(0);
    expect(
      await count(sql`select count(*)::int as n from rides r join users u on u.id = r.user_id
        where u.role <> 'User' or r.created_at < u.created_at`),
    ).toBe(0);
  });

  it('gives every completed ride exactly one transaction of the same amount', async () => {
    expect(
      await count(sql`select count(*)::int as n from rides r where r.ride_status = 'Complete'
        and (select count(*) from transactions t where t.ride_id = r.id and t.amount = r.amount) <> 1`),
    ).toBe(0);
    expect(
      await count(sql`select count(*)::int as n from transactions t join rides r on r.id = t.ride_id
        where r.ride_status <> 'Complete' or t.created_at <= r.created_at`),
    ).toBe(0);
    expect(
      await count(
        sql`select count(*)::int as n from transactions where transaction_id !~ '^TXN[0-9A-Z]{10}$'`,
      ),
    ).toBe(0);
  });

  it('splits every completed ride once, by the seeded rules, each ledger set summing to zero', async () => {
    expect(
      await count(sql`select count(*)::int as n from rides r where r.ride_status = 'Complete'
        and not exists (select 1 from ride_splits s where s.ride_id = r.id)`),
    ).toBe(0);
    expect(await count(sql`select count(*)::int as n from ride_splits`)).toBe(
      await count(sql`select count(*)::int as n from rides where ride_status = 'Complete'`),
    );
    // The service types' rule, and one company's own from 180 days before NOW.
    expect(
      await values(sql`select distinct percent::text || '/' || company_percent::text || ' ' ||
          (completed_at >= ${NOW.toISOString()}::timestamptz - interval '180 days')::text as v
        from ride_splits where rule_id is not null order by 1`),
    ).toEqual(['15.00/12.50 true', '20.00/10.00 false', '20.00/10.00 true']);
    expect(await count(sql`select count(*)::int as n from ride_splits where rule_id is null`)).toBe(
      0,
    );
    // The demo's trips have no coupons (the generated scales' have, below).
    const kinds = await expectSplitsAsTheLivePath(database);
    expect(Object.keys(kinds)).toEqual(
      expect.arrayContaining([
        'card no coupon before its own rule',
        'card no coupon own rule',
        'card no coupon service type',
        'cash no coupon service type',
      ]),
    );
    expect(
      await count(sql`select count(*)::int as n from (select set_id from ledger_entries
        group by set_id having sum(amount) <> 0) unbalanced`),
    ).toBe(0);
  });

  it('checks the ledger it loads without the per-insert check: every set sums to zero, written by one insert', async () => {
    const copy = (await template.clone()) as PGlite;
    const db = await openDatabase({ pglite: copy });
    // Each try rolls back: the check's refusal, or a throw after it passed.
    const check = (inserts: string[][]) =>
      db.db
        .transaction(async (tx) => {
          await tx.execute(sql`alter table ledger_entries disable trigger ledger_entries_balanced`);
          await tx.execute(
            sql`insert into ledger_sets (id, cause, cause_id) values (1, 'adjustment', 1)`,
          );
          for (const amounts of inserts) {
            const rows = amounts.map(
              (amount, i) =>
                sql`(1, ${i % 2 ? 'platform_revenue' : 'platform_receipts'}, ${amount}::numeric)`,
            );
            await tx.execute(
              sql`insert into ledger_entries (set_id, account, amount) values ${sql.join(rows, sql`, `)}`,
            );
          }
          await checkLedgerSets(tx);
          throw new Error('passed');
        })
        .catch((error: Error) => error.message);
    try {
      expect(await check([['1.00', '-1.00']])).toBe('passed');
      expect(await check([['1.00', '-0.50']])).toBe('ledger set 1 sums to 0.50, not zero');
      expect(await check([['1.00'], ['-1.00']])).toMatch(
        /^ledger set 1 has entries written by another statement/,
      );
      expect(
        await check([
          ['1.00', '-1.00'],
          ['2.00', '-2.00'],
        ]),
      ).toMatch(/^ledger set 1 has entries written by another statement/);
    } finally {
      await db.close();
    }
  });

  it('keeps values in their formats and dates in the past', async () => {
    expect(
      await count(sql`select count(*)::int as n from users where phone !~ '^[0-9]{10}$'`),
    ).toBe(0);
    expect(
      await count(
        sql`select count(*)::int as n from rides where amount < 5 or amount > 150 or amount <> round(amount, 2)`,
      ),
    ).toBe(0);
    expect(
      await count(sql`select count(*)::int as n from users
        where role = 'Driver' and (dob < '1965-01-01' or dob > '2003-12-31')`),
    ).toBe(0);
    const [latest] = await database.rows<{ at: Date }>(sql`select greatest(
        (select max(created_at) from users), (select max(created_at) from vehicles),
        (select max(updated_at) from rides), (select max(created_at) from transactions),
        (select max(created_at) from notifications)) as at`);
    expect(new Date(latest!.at).getTime()).toBeLessThanOrEqual(NOW.getTime());
  });

  it('writes every image a row refers to, each under a random name of its own', async () => {
    const paths = await values(imagePaths);
    expect(paths.length).toBeGreaterThan(1_000);
    expect(paths.filter((path) => !existsSync(join(uploadDir, path)))).toEqual([]);
    // 128 random bits a name: no licence is found by counting (seed/driver-licence-177.svg).
    expect(paths.filter((path) => !/^seed\/[0-9a-f]{32}\.svg$/.test(path))).toEqual([]);
    expect(new Set(paths).size).toBe(paths.length);
  });

  it('leaves the trigger-kept counters equal to a full recount', async () => {
    await expectCountersEqualRecount(database);
  });

  it('refuses to seed a marketplace that is not empty', async () => {
    await expect(seed(database, { scale: DEMO_SCALE, uploadDir, now: NOW })).rejects.toThrow(
      /not empty/,
    );
    expect(await count(sql`select count(*)::int as n from users`)).toBe(summary.counts.users);
  });

  it('is deterministic but for the image names, and --reset empties the marketplace', async () => {
    // Image paths are random; which images a row has is not.
    const checksum = (db: Database) =>
      db.rows(sql`select
        (select md5(string_agg((to_jsonb(u) - 'profile' - 'holding_dl' - 'dl_front' - 'company_doc'
            || jsonb_build_object('images', array[profile is null, holding_dl is null, dl_front is null],
                                  'documents', cardinality(company_doc)))::text, '|' order by id))
          from users u) as users,
        (select md5(string_agg((to_jsonb(v) - 'registration_front' - 'registration_back' - 'insurance'
            - 'vehicle_front' - 'vehicle_back' - 'vehicle_right' - 'vehicle_left'
            || jsonb_build_object('images', array[registration_front is null, registration_back is null,
                 insurance is null, vehicle_front is null, vehicle_back is null, vehicle_right is null,
                 vehicle_left is null]))::text, '|' order by id))
          from vehicles v) as vehicles,
        (select md5(string_agg(r::text, '|' order by id)) from rides r) as rides,
        (select md5(string_agg(t::text, '|' order by id)) from transactions t) as transactions,
        (select md5(string_agg(n::text, '|' order by id)) from notifications n) as notifications`);
    const other = await openDatabase({ pglite: template });
    const otherUploads = await mkdtemp(join(tmpdir(), 'cabdesk-seed-'));
    try {
      await seed(other, { scale: DEMO_SCALE, uploadDir: otherUploads, now: NOW });
      const [sums] = await checksum(database);
      // md5 of no rows is NULL, and two NULLs would compare equal.
      expect(Object.values(sums ?? {})).toEqual(
        Array(5).fill(expect.stringMatching(/^[0-9a-f]{32}$/)),
      );
      expect(await checksum(other)).toEqual([sums]);
      // Another seed, other names: one seeded install tells nothing about another's.
      const mine = new Set(await values(imagePaths));
      expect((await values(imagePaths, other)).filter((path) => mine.has(path))).toEqual([]);

      await resetMarketplace(other);
      const [left] = await other.rows<{ users: number; rides: number; counted: number }>(sql`select
        (select count(*) from users)::int as users, (select count(*) from rides)::int as rides,
        (select coalesce(sum(n), 0) from user_counts)::int + (select coalesce(sum(n), 0) from ride_counts)::int
          + (select coalesce(sum(n), 0) from table_counts)::int as counted`);
      expect(left).toEqual({ users: 0, rides: 0, counted: 0 });
      const [ledger] = await other.rows<{ n: number }>(
        sql`select ((select count(*) from ledger_sets) + (select count(*) from ride_splits))::int as n`,
      );
      expect(ledger!.n).toBe(0);
    } finally {
      await rm(otherUploads, { recursive: true, force: true });
    }
  }, 90_000);
});

/** The kinds of trip the generated scales have, each split as the live path splits it. */
const EVERY_KIND = ['card', 'cash']
  .flatMap((pay) => ['coupon', 'no coupon'].map((coupon) => `${pay} ${coupon}`))
  .flatMap((trip) =>
    ['before its own rule', 'own rule', 'service type'].map((rule) => `${trip} ${rule}`),
  );

describe('small generated seed (the large scale at 1%)', () => {
  it('has the asked sizes, its indexes and foreign keys back, and exact counters', async () => {
    const small = await openDatabase({ pglite: smallBase });
    const uploads = await mkdtemp(join(tmpdir(), 'cabdesk-seed-'));
    try {
      const schema = await schemaOf(small.db);
      const { counts, imageFiles } = await seed(small, {
        scale: SMALL_SCALE,
        uploadDir: uploads,
        now: NOW,
      });
      expect(counts).toMatchObject({
        companies: 20,
        drivers: 200,
        passengers: 2_280,
        vehicles: 150,
        rides: 10_000,
      });
      expect(counts.transactions).toBeGreaterThan(8_000);
      // The rows share a pool of images, each written, under random names.
      const pooled = new Set(await values(imagePaths, small));
      expect(pooled.size).toBeGreaterThan(100);
      expect(pooled.size).toBeLessThanOrEqual(imageFiles);
      for (const path of pooled) {
        expect(path).toMatch(/^seed\/[0-9a-f]{32}\.svg$/);
        expect(existsSync(join(uploads, path)), path).toBe(true);
      }
      // A vehicle's photos show its own colour.
      const photos = await small.rows<{ name: string; photo: string }>(
        sql`select c.name, v.vehicle_left as photo from vehicles v join colors c on c.id = v.color_id
            order by v.id limit 20`,
      );
      for (const { name, photo } of photos) {
        expect(readFileSync(join(uploads, photo), 'utf8')).toContain(`${name} vehicle, left view`);
      }
      expect(Object.keys(await expectSplitsAsTheLivePath(small)).sort()).toEqual(EVERY_KIND);
      // Loaded with its indexes and foreign keys dropped, the marketplace has every one back.
      expect(await schemaOf(small.db)).toEqual(schema);
      await expectCountersEqualRecount(small);
      // Each trip carries its people's search text and its runs of digits, as the trigger
      // would write them; the triggers the load went without (search, counters) are on again.
      const [people] = await small.rows<{
        stale: number;
        staleDigits: number;
        blank: number;
        triggers: string;
      }>(
        sql`select count(*) filter (where people_search <> ride_people_search(user_id, driver_id, company_id))::int as stale,
                   count(*) filter (where digits <> ride_digits(pickup_address, drop_address, people_search))::int as "staleDigits",
                   count(*) filter (where people_search = '')::int as blank,
                   (select string_agg(distinct tgenabled::text, '') from pg_trigger
                    where tgrelid in ('users'::regclass, 'rides'::regclass, 'transactions'::regclass,
                                      'ledger_entries'::regclass)
                      and not tgisinternal) as triggers
            from rides`,
      );
      expect(people).toEqual({ stale: 0, staleDigits: 0, blank: 0, triggers: 'O' });
      // Every driver of a trip had joined when it was made; the trips go to many (80 of the 200).
      const [drivers] = await small.rows<{ early: number; driving: number }>(
        sql`select count(*) filter (where r.created_at < d.created_at)::int as early,
                   count(distinct d.id)::int as driving
            from rides r join users d on d.id = r.driver_id`,
      );
      expect(drivers!.early).toBe(0);
      expect(drivers!.driving).toBeGreaterThan(50);
      // The rebuilt trigram index serves a search.
      const [word] = await values(
        sql`select split_part(pickup_address, ' ', 2) as v from rides order by id desc limit 1`,
        small,
      );
      const [found] = await small.rows<{ n: number }>(
        sql`select count(*)::int as n from rides where search ilike ${`%${word!.toLowerCase()}%`}`,
      );
      expect(found!.n).toBeGreaterThan(0);
    } finally {
      await rm(uploads, { recursive: true, force: true });
    }
  }, 120_000);
});

describe("seeded splits on this pass's engine (PostgreSQL in the suite's pass)", () => {
  it('writes the splits, sets and entries splitOf and entriesOf give, dated at completion', async () => {
    const db = await createTestDatabase();
    const uploads = await mkdtemp(join(tmpdir(), 'cabdesk-seed-'));
    try {
      await seed(db, { scale: SMALL_SCALE, uploadDir: uploads, now: NOW });
      expect(Object.keys(await expectSplitsAsTheLivePath(db)).sort()).toEqual(EVERY_KIND);
      // Every split's set, and its entries, dated at the trip's completion; none today.
      const [dated] = await db.rows<{ undated: number; sets: number }>(
        sql`select count(*) filter (where l.created_at <> s.completed_at
                                      or s.created_at <> s.completed_at)::int as undated,
                   count(*)::int as sets
            from ride_splits s join ledger_sets l on l.id = s.set_id`,
      );
      expect(dated).toEqual({ undated: 0, sets: expect.any(Number) });
      expect(
        (
          await db.rows<{ n: number }>(
            sql`select count(*)::int as n from ledger_entries e join ledger_sets l on l.id = e.set_id
                where e.created_at <> l.created_at or e.created_at > ${NOW.toISOString()}::timestamptz`,
          )
        )[0]!.n,
      ).toBe(0);
    } finally {
      await rm(uploads, { recursive: true, force: true });
    }
  }, 120_000);
});
