/**
 * Every trip search has a plan whose cost the page bounds, not the statistics
 * (docs/decisions/013: the one list where the plain query missed its target).
 * The trip searches are called; every statement they
 * send that matches a term (`~~`, LIKE) is explained (FORMAT JSON) with
 * sequential scans and sorts priced out, as at a million rows, and its shape
 * checked:
 * - a Limit on top;
 * - the term is tested either above a Limit that cuts the list's rows in list
 *   order (the ordered walk, which stops at the page), or inside a
 *   materialized CTE through a trigram index (the matches of a rare term) or
 *   an account's own index (its rides);
 * - every other table scan, outside those CTEs, reaches a Limit before
 *   anything that reads all of its input (a Sort, Hash, Aggregate,
 *   Materialize): no sort of every row, and an index serves each list order
 *   a search walks.
 */
import { allUsers, rideList, userList } from '@cabdesk/contract';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { Database } from '../src/db/client';
import { rowsOf } from '../src/lib/sql';
import { createCompany, createDriver, createRide, createUser, createVehicle } from './builders';
import { signedInApp } from './helper';
import { BLOCKING, planOf, statementsSent, type PlanNode } from './plans';

const TABLE_SCANS = new Set([
  'Seq Scan',
  'Index Scan',
  'Index Only Scan',
  'Bitmap Heap Scan',
  'Bitmap Index Scan',
]);

/** A term's test: LIKE (`~~`, which a trigram index serves) or, in a walk, strpos. */
const testsTerm = (text: string) => text.includes('~~') || text.includes('strpos(');
const matchesTerm = (node: PlanNode) =>
  [node.Filter, node['Index Cond'], node['Recheck Cond']].some((text) => text && testsTerm(text));

/** The indexes a node and those under it read. */
const indexesOf = (node: PlanNode): string[] => [
  ...(node['Index Name'] ? [node['Index Name']] : []),
  ...(node.Plans ?? []).flatMap(indexesOf),
];

/** A node and every node under it. */
const nodesOf = (node: PlanNode): PlanNode[] => [node, ...(node.Plans ?? []).flatMap(nodesOf)];

/** The index conditions of a node and of those under it. */
const conditionsOf = (node: PlanNode): string =>
  [node['Index Cond'] ?? '', ...(node.Plans ?? []).map(conditionsOf)].join(' ');

/** A walk's window: a Limit, under nothing but what passes on its rows one by one in their order. */
const cutsInOrder = (node: PlanNode | undefined): boolean =>
  node?.['Node Type'] === 'Limit' ||
  (node?.['Node Type'] === 'Subquery Scan' &&
    node.Plans?.length === 1 &&
    cutsInOrder(node.Plans[0]));

/** What is wrong with a search statement's plan; empty when nothing. */
function faultsOf(root: PlanNode): string[] {
  const faults: string[] = [];
  // A walk appends its matches (a CTE) and, when asked, the row past its
  // budget, each limited (in its subquery, under a one-time filter).
  const ctes = new Map(
    (root.Plans ?? []).flatMap((node) =>
      node['Subplan Name'] ? [[node['Subplan Name'], node]] : [],
    ),
  );
  const unwrapped = (node: PlanNode): PlanNode => {
    const [only, ...others] = (node.Plans ?? []).filter((child) => !child['Subplan Name']);
    const cte = ctes.get(`CTE ${node['CTE Name']}`);
    if (node['Node Type'] === 'CTE Scan' && cte) return unwrapped(cte);
    const passes =
      (node['Node Type'] === 'Subquery Scan' && !node.Filter) || node['Node Type'] === 'Result';
    return passes && only && others.length === 0 ? unwrapped(only) : node;
  };
  const tops =
    root['Node Type'] === 'Append'
      ? (root.Plans ?? []).filter((node) => !node['Subplan Name']).map(unwrapped)
      : [unwrapped(root)];
  for (const top of tops) {
    if (top['Node Type'] !== 'Limit') faults.push(`top node is ${top['Node Type']}, not Limit`);
  }
  // Within one account's rows, its own index may narrow them first: they are few.
  const narrows = (node: PlanNode) =>
    indexesOf(node).some((index) => index.endsWith('_trgm_idx')) ||
    /\((user_id|driver_id|company_id) = /.test(conditionsOf(node));
  // A CTE that lists a term's matches so is bounded by them, not by a Limit.
  const listsMatches = (node: PlanNode) =>
    node['Subplan Name']?.startsWith('CTE ') &&
    nodesOf(node).some((inner) => matchesTerm(inner) && narrows(inner));
  const visit = (node: PlanNode, ancestors: PlanNode[]) => {
    const inCte = [...ancestors, node].some(listsMatches);
    const name = `${node['Node Type']}${node['Relation Name'] ? ` on ${node['Relation Name']}` : ''}`;
    if (matchesTerm(node)) {
      const walk = node['Node Type'] === 'Subquery Scan' && cutsInOrder(node.Plans?.[0]);
      // Elsewhere than in such a CTE, only a trigram index under a Limit (the rule below).
      const narrowed = inCte ? narrows(node) : indexesOf(node).some((i) => i.endsWith('_trgm_idx'));
      if (!walk && !narrowed) {
        faults.push(
          `${name} (${indexesOf(node).join(', ') || 'no index'}) tests the term neither ` +
            "above a walk's Limit nor by a trigram index or an account's index",
        );
      }
    }
    if (TABLE_SCANS.has(node['Node Type']) && !inCte) {
      const upwards = [...ancestors].reverse();
      const limit = upwards.findIndex((a) => a['Node Type'] === 'Limit');
      const blocking = upwards.findIndex((a) => BLOCKING.has(a['Node Type']));
      if (limit < 0 || (blocking >= 0 && blocking < limit)) {
        faults.push(
          `${name} feeds ${upwards[blocking]?.['Node Type'] ?? 'the top'} before a Limit`,
        );
      }
    }
    for (const child of node.Plans ?? []) visit(child, [...ancestors, node]);
  };
  visit(root, []);
  return faults;
}

/**
 * Thousands of people, vehicles and trips that match none of the terms, and a
 * few that do, analyzed: the proportions of a large marketplace, where a rare
 * term is worth its trigram index.
 */
async function marketplace(database: Database) {
  const company = await createCompany(database, { companyName: 'Millbrook Cabs' });
  const driver = await createDriver(database, { name: 'Dana Howell', companyId: company.id });
  const vehicle = await createVehicle(database, { companyId: company.id });
  await database.rows(sql`
    insert into users (role, name, email, phone, approval, company_id)
    select case when g % 10 = 0 then 'Company' when g % 10 < 4 then 'Driver' else 'User' end::role,
           'Rider ' || g, 'rider' || g || '@example.test', '20' || lpad(g::text, 8, '0'),
           'Approved', case when g % 10 between 1 and 3 then ${company.id}::int end
    from generate_series(1, 6000) g`);
  await database.rows(sql`
    insert into rides (user_id, driver_id, company_id, amount, pickup_address, drop_address, ride_status)
    select u.id, ${driver.id}::int, ${company.id}::int, (g % 90 + 10)::numeric,
           g || ' Elm Avenue', g || ' Oak Lane', 'Complete'
    from generate_series(1, 6000) g
    join users u on u.email = 'rider' || (g % 3000 + 1) || '@example.test'`);
  await database.rows(sql`
    insert into vehicles (company_id, service_type_id, vehicle_type_id, brand_id, model_id,
                          color_id, license_number, approval)
    select company_id, service_type_id, vehicle_type_id, brand_id, model_id, color_id,
           'ZZ-' || g, approval
    from vehicles, generate_series(1, 2000) g where id = ${vehicle.id}`);
  const passenger = await createUser(database, { name: 'Ann Miller', phone: '5551234567' });
  for (let i = 0; i < 6; i++) {
    await createRide(database, {
      userId: passenger.id,
      driverId: driver.id,
      companyId: company.id,
      vehicleId: vehicle.id,
      pickupAddress: `${i} Mill Road`,
      dropAddress: `${i} Howell Street`,
    });
  }
  // Moves the bulk rows out of the trigram indexes' pending lists, as autovacuum does.
  await database.rows(sql`vacuum analyze`);
  return { company, driver, passenger };
}

// Thousands of rows and a plan per statement: slower than most tests on a busy machine.
describe('search plans', () => {
  it('a trip search walks the list in order up to the page, or lists a rare term by its trigram index', async () => {
    const { database, call } = await signedInApp();
    const { driver, passenger } = await marketplace(database);
    const searches = [
      { endpoint: rideList, input: { search: 'mill' } },
      { endpoint: rideList, input: { search: '1234' } },
      { endpoint: rideList, input: { search: '1234', sort: '-amount' } },
      { endpoint: rideList, input: { search: 'howell', ride_status: 'Complete' } },
      { endpoint: rideList, input: { search: 'road', user_id: passenger.id } },
      { endpoint: rideList, input: { search: 'road', user_id: driver.id, page: 3 } },
    ];

    const sent = statementsSent(database);

    const faults: Record<string, string[]> = {};
    const phoneWalks: PlanNode[] = [];
    for (const { endpoint, input } of searches) {
      sent.length = 0;
      const { statusCode } = await call(endpoint, input);
      expect(statusCode).toBe(200);
      const statements = [...sent];
      let searched = 0;
      for (const statement of statements) {
        const plan = await planOf(database, statement);
        if (!testsTerm(JSON.stringify(plan))) continue;
        searched++;
        const found = faultsOf(plan);
        const call = `${endpoint.path} ${JSON.stringify(input)}`;
        if (found.length) faults[call] = [...(faults[call] ?? []), ...found];
        if (endpoint === rideList && !('sort' in input) && /^\d+$/.test(input.search ?? '')) {
          phoneWalks.push(plan);
        }
      }
      expect(searched, `${endpoint.path} ${JSON.stringify(input)}`).toBeGreaterThan(0);
    }
    expect(faults).toEqual({});
    // A phone fragment's walk, newest first, tests the digits the list's index carries: no trip read.
    const walked = phoneWalks.flatMap(nodesOf).filter((node) => node.Filter?.includes('digits'));
    expect(walked.length).toBeGreaterThan(0);
    for (const walk of walked) {
      expect(nodesOf(walk).filter((node) => node['Relation Name'] === 'rides')).toEqual([
        expect.objectContaining({
          'Node Type': 'Index Only Scan',
          'Index Name': 'rides_created_idx',
        }),
      ]);
    }
  }, 120_000);

  it('every search finds the same matches in list order as the plainest query, counting at most ten pages ahead', async () => {
    const { database, call } = await signedInApp();
    await marketplace(database);
    const person = (role: string, pattern: string) =>
      sql`(select id from users where deleted_at is null and role = ${role} and search like ${pattern})`;
    // Every match of a term, in list order, by the plainest query there is.
    const everyRide = (pattern: string) =>
      rowsOf<{ id: number }>(
        database.db,
        sql`select r.id from rides r
            where r.search like ${pattern} or r.user_id in ${person('User', pattern)}
              or r.driver_id in ${person('Driver', pattern)}
              or r.company_id in ${person('Company', pattern)}
            order by r.created_at desc, r.id desc`,
      );
    const everyUser = (pattern: string) =>
      rowsOf<{ id: number }>(
        database.db,
        sql`select id from users where deleted_at is null and search like ${pattern}
            order by created_at desc, id desc`,
      );
    const everyOf = (role: string) => (pattern: string) =>
      rowsOf<{ id: number }>(
        database.db,
        sql`select id from users where deleted_at is null and role = ${role}
              and search like ${pattern}
            order by created_at desc, id desc`,
      );
    const drivers = { user_type: 'Driver' };
    const companies = { user_type: 'Company' };
    // Common terms fill the pages from the ordered walk; rare ones from the trigram indexes.
    const cases = [
      { endpoint: rideList, term: 'elm avenue', every: everyRide },
      { endpoint: rideList, term: 'rider 12', every: everyRide },
      { endpoint: rideList, term: 'mill', every: everyRide },
      // Digits alone are matched on the trips' runs of digits (rides.digits): a
      // thousand passengers' phones, one passenger's, a house number, and the
      // digits of trip 61's addresses with the space left out ("61 Elm Avenue",
      // "61 Oak Lane"): no match.
      { endpoint: rideList, term: '2000001', every: everyRide },
      { endpoint: rideList, term: '2000002999', every: everyRide },
      { endpoint: rideList, term: '5999', every: everyRide },
      { endpoint: rideList, term: '6161', every: everyRide },
      { endpoint: allUsers, term: 'rider 1', every: everyUser },
      { endpoint: allUsers, term: 'rider 2999', every: everyUser },
      // 14 trips of 6,000: page 1 walks fewer of them and counts what it met;
      // pages 3 and 12 walk them all and count exactly.
      { endpoint: rideList, term: 'rider 299', every: everyRide, inexactOnPage1: true },
      { endpoint: userList, input: drivers, term: 'rider 1', every: everyOf('Driver') },
      { endpoint: userList, input: drivers, term: 'rider 29', every: everyOf('Driver') },
      { endpoint: userList, input: companies, term: 'rider 29', every: everyOf('Company') },
      { endpoint: userList, input: companies, term: 'rider 299', every: everyOf('Company') },
    ];
    for (const { endpoint, input, term, every, inexactOnPage1 } of cases) {
      const all = (await every(`%${term}%`)).map((row) => row.id);
      for (const page of [1, 3, 12]) {
        const { statusCode, body } = await call(endpoint, { ...input, search: term, page });
        expect(statusCode).toBe(200);
        const ids = body.data.data.map((row: { id: number }) => row.id);
        expect(ids, `${term} page ${page}`).toEqual(all.slice((page - 1) * 10, page * 10));
        // Exact up to ten pages ahead; or a lower bound that offers the next page when there is one.
        const bound = page * 10 + 100;
        const { total, total_exact } = body.data;
        if (total_exact) expect(total, `${term} page ${page}`).toBe(all.length);
        else {
          expect(total, `${term} page ${page}`).toBeLessThanOrEqual(Math.min(bound, all.length));
          expect(total, `${term} page ${page}`).toBeGreaterThanOrEqual(
            Math.min(page * 10 + 1, all.length),
          );
        }
        if (inexactOnPage1) expect(total_exact, `${term} page ${page}`).toBe(page !== 1);
      }
    }
  }, 120_000);
});
