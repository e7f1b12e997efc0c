/**
 * npm run live --workspace bench -- [--drivers 10000] [--seconds 60] [--on-trip 0.4]
 *
 * Issue 46's ingest at scale, on a throw-away PostgreSQL server and the
 * production API over it (one instance): --drivers simulated drivers (the
 * simulator's own fleet model, simulation/fleet.ts) drive the demo city's
 * streets, each sending a fix every 4 s through `POST positions` in calls of
 * up to 1,000 (10,000 drivers: 2,500 fixes a second, a call every 400 ms).
 * A share --on-trip of them is on a Started trip the whole time (their fixes
 * also draw its route), the rest cruise available or go offline now and then.
 * The drivers and trips are written first by SQL, as if they had come in.
 *
 * Measured over --seconds after a warm-up, each beside its target:
 * - fixes a second sent and written (target: drivers / 4);
 * - p50 and p99 of the `POST positions` call (target p99: 250 ms);
 * - the API's CPU, as a share of one core (target: half a core at most, so
 *   one instance keeps room for the desk's own calls);
 * - what the database sees: statements a second (pg_stat_statements, every
 *   statement of the API, BEGIN and COMMIT included), transactions and rows
 *   written a second (pg_stat_database), and its CPU; target: at most 10
 *   statements a call (a call's writes batched in one transaction, never a
 *   statement per fix, whatever the call's size).
 *
 * - the Live screen in Chromium, opened once the fleet moves: its first
 *   paint with every driver in view, within 1.5 times the same screen's
 *   first paint with no driver (opened before the fleet is written: what the
 *   app, the map and the stream take on this machine), and each fix's way to
 *   the screen (its `at` to two animation frames after the stream brought it
 *   to the page), p95 within 2 s.
 *
 * Prints the figures and writes bench/results/live-ingest.{json,md}.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { createFleet, FIX_INTERVAL_MS, movePeriodMs } from '@cabdesk/api';
import { streetGraph } from '@cabdesk/city';
import pg from 'pg';
import { format } from 'prettier';
import { startPostgres } from '../scripts/postgres.mjs';
import { cpuMeter } from './lib/cpu';
import { API_BASE } from './lib/floor';
import { signIn, startApi } from './lib/http';
import { openLiveScreen } from './lib/live-screen';
import { figuresOf, quantile, round } from './lib/stats';
import { ensureBuild } from './lib/web';

const { values } = parseArgs({
  options: {
    drivers: { type: 'string', default: '10000' },
    seconds: { type: 'string', default: '60' },
    'on-trip': { type: 'string', default: '0.4' },
  },
});
const driverCount = Number(values.drivers);
const seconds = Number(values.seconds);
const onTripShare = Number(values['on-trip']);
const WARM_UP_SECONDS = 10;
/** Calls in flight at once: a slow call does not hold back the next batch. */
const IN_FLIGHT = 8;
const TARGETS = {
  fixesPerSecond: driverCount / 4,
  p99Ms: 250,
  apiCores: 0.5,
  statementsPerCall: 10,
  fixToScreenP95Ms: 2000,
  /** The first paint with every driver in view, at most this times the empty screen's. */
  firstPaintOverEmpty: 1.5,
};
const started = Date.now();
const log = (msg: string) =>
  console.log(`[${((Date.now() - started) / 1000).toFixed(0).padStart(4)} s] ${msg}`);

const postgres = await startPostgres({
  settings: {
    shared_buffers: '256MB',
    max_wal_size: '4GB',
    shared_preload_libraries: 'pg_stat_statements',
  },
});
process.env.INTEGRATION_RATE_LIMIT = '100000000';
// The Live screen is measured in the production build the API serves.
ensureBuild(false, log);
const api = await startApi(
  { kind: 'postgres', url: postgres.url },
  mkdtempSync(join(tmpdir(), 'cabdesk-bench-live-')),
);
const pool = new pg.Pool({ connectionString: postgres.url, max: 2 });

try {
  const token = await signIn(api.base);
  const made = await fetch(`${api.base}${API_BASE}integration-key-create`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify({ name: 'Bench', scopes: ['positions:write'] }),
  });
  const { key } = ((await made.json()) as { data: { key: string } }).data;

  // The Live screen with no driver and no trip: the floor of its first paint on this machine.
  log('opening the Live screen before any driver is there');
  const empty = await openLiveScreen(api.base);
  await empty.close();
  log(`first paint with no driver: ${empty.firstPaintMs} ms`);
  const firstPaintTarget = Math.round(empty.firstPaintMs * TARGETS.firstPaintOverEmpty);

  // The set-up, not measured: the fleet and its trips as if they had come in.
  const tripCount = Math.round(driverCount * onTripShare);
  log(`writing a company, ${driverCount} drivers, a passenger and ${tripCount} Started trips`);
  await pool.query(
    `with company as (
       insert into users (role, name, email, phone, company_name, approval, external_id)
       values ('Company', 'Fleet Owner', 'owner@fleet.test', '5550000000', 'Fleet Cabs',
               'Approved', 'sim-fleet-c1') returning id)
     insert into users (role, name, email, phone, company_id, approval, external_id)
     select 'Driver', 'Driver ' || g, 'driver' || g || '@fleet.test',
            '555' || lpad(g::text, 7, '0'), company.id, 'Approved', 'sim-fleet-d' || g
     from company, generate_series(1, $1) g`,
    [driverCount],
  );
  await pool.query(
    `insert into users (role, name, email, phone, approval, external_id)
     values ('User', 'Passenger', 'passenger@fleet.test', '5560000000', 'Approved', 'sim-u1')`,
  );
  await pool.query(
    `insert into rides (user_id, driver_id, amount, pickup_address, drop_address, ride_status,
                        external_id, created_at)
     select (select id from users where external_id = 'sim-u1'), d.id, 12, 'Pick-up', 'Drop-off',
            'Start', 'sim-t' || d.id, now()
     from users d where d.role = 'Driver' order by d.id limit $1`,
    [tripCount],
  );
  await pool.query('analyze');

  // The drivers, on the simulator's model; those on a trip drive from one trip leg to another.
  let seed = 46;
  const rand = () => (seed = (seed * 16807) % 2147483647) / 2147483647;
  const graph = streetGraph();
  const fleet = createFleet(graph, rand);
  const t0 = Date.now();
  for (let n = 1; n <= driverCount; n++) fleet.add(`sim-fleet-d${n}`, t0);
  const { rows: onTrip } = await pool.query<{ driver: string; trip: string }>(
    `select d.external_id as driver, r.external_id as trip
     from rides r join users d on d.id = r.driver_id where r.ride_status = 'Start'`,
  );
  const dispatch = (driver: string, trip: string, now: number) =>
    fleet.dispatch(driver, trip, graph.randomNode(rand), graph.randomNode(rand), now);
  for (const { driver, trip } of onTrip) dispatch(driver, trip, t0);

  // The feed: every period the fixes due, in calls of up to 1,000, at most IN_FLIGHT at once.
  const latencies: number[] = [];
  let errors = 0;
  let written = 0;
  let sent = 0;
  let recording = false;
  let inFlight = 0;
  const queue: unknown[][] = [];
  const send = async () => {
    while (inFlight < IN_FLIGHT && queue.length > 0) {
      const fixes = queue.shift()!;
      inFlight++;
      const t = performance.now();
      fetch(`${api.base}/taxi-service/integration/v1/positions`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${key}` },
        body: JSON.stringify({ fixes }),
      })
        .then(async (response) => {
          const answer = (await response.json()) as { data?: { written: number } };
          if (!recording) return;
          latencies.push(performance.now() - t);
          sent += fixes.length;
          if (response.ok) written += answer.data?.written ?? 0;
          else errors++;
        })
        .catch(() => {
          if (recording) errors++;
        })
        .finally(() => {
          inFlight--;
          void send();
        });
    }
  };
  let stop = false;
  const feeding = (async () => {
    while (!stop) {
      const now = Date.now();
      const { fixes, arrivals } = fleet.tick(now);
      // A driver on a trip who arrives sets off on the trip's next leg: always on a trip.
      for (const arrival of arrivals) {
        if (arrival.leg === 'drop') dispatch(arrival.driver, arrival.trip, now);
      }
      for (let i = 0; i < fixes.length; i += 1000) queue.push(fixes.slice(i, i + 1000));
      void send();
      await new Promise((resolve) => setTimeout(resolve, movePeriodMs(driverCount)));
    }
  })();

  log(
    `warming up: ${driverCount} drivers, a fix every ${FIX_INTERVAL_MS / 1000} s each (${WARM_UP_SECONDS} s)`,
  );
  await new Promise((resolve) => setTimeout(resolve, WARM_UP_SECONDS * 1000));
  const database = async () => {
    const { rows } = await pool.query<{ statements: string; xacts: string; tuples: string }>(
      `select (select coalesce(sum(calls), 0) from pg_stat_statements
               where query not ilike '%pg_stat%' and query not ilike '%analyze%')::text as statements,
              (select xact_commit + xact_rollback from pg_stat_database
               where datname = current_database())::text as xacts,
              (select tup_inserted + tup_updated + tup_deleted from pg_stat_database
               where datname = current_database())::text as tuples`,
    );
    return {
      statements: Number(rows[0]!.statements),
      xacts: Number(rows[0]!.xacts),
      tuples: Number(rows[0]!.tuples),
    };
  };
  // An operator watching: the Live screen in Chromium, its first drawing of the whole fleet.
  log('opening the Live screen in Chromium');
  const screen = await openLiveScreen(api.base);
  log(`first paint: ${screen.firstPaintMs} ms, ${screen.driversShown} drivers`);
  await pool.query('create extension if not exists pg_stat_statements');
  await pool.query('select pg_stat_statements_reset()');
  const before = await database();
  const cpu = cpuMeter(api.pid);
  const measureStart = performance.now();
  await screen.mark();
  recording = true;
  log(`measuring ${seconds} s`);
  await new Promise((resolve) => setTimeout(resolve, seconds * 1000));
  recording = false;
  const elapsed = (performance.now() - measureStart) / 1000;
  const calls = latencies.length;
  const spent = cpu(1);
  const apiCpuMs = spent.api ?? NaN;
  const after = await database();
  const fixToScreen = (await screen.latencies()).sort((a, b) => a - b);
  const fixToScreenP95 = quantile(fixToScreen, 0.95);
  await screen.close();
  stop = true;
  await feeding;

  const figures = figuresOf(latencies, elapsed, errors);
  const perSecond = (n: number) => n / elapsed;
  const results = {
    when: new Date().toISOString(),
    machine: {
      cpus: cpus().length,
      model: cpus()[0]?.model,
      loadavg: loadavg().map((n) => round(n, 2)),
    },
    settings: { drivers: driverCount, seconds, onTrip: onTripShare },
    fixesPerSecond: {
      sent: round(perSecond(sent)),
      written: round(perSecond(written)),
      target: TARGETS.fixesPerSecond,
    },
    call: {
      calls,
      errors,
      rps: round(figures.rps),
      p50: round(figures.p50),
      p99: round(figures.p99),
      targetP99: TARGETS.p99Ms,
    },
    screen: {
      firstPaintMs: screen.firstPaintMs,
      driversShown: screen.driversShown,
      emptyFirstPaintMs: empty.firstPaintMs,
      targetFirstPaintMs: firstPaintTarget,
      fixesDrawn: fixToScreen.length,
      fixToScreenP50Ms: round(quantile(fixToScreen, 0.5)),
      fixToScreenP95Ms: round(fixToScreenP95),
      targetFixToScreenP95Ms: TARGETS.fixToScreenP95Ms,
    },
    apiCores: { used: round(apiCpuMs / (elapsed * 1000), 2), target: TARGETS.apiCores },
    databaseCores: round((spent.database ?? NaN) / (elapsed * 1000), 2),
    loadCores: round(spent.client / (elapsed * 1000), 2),
    database: {
      statementsPerSecond: round(perSecond(after.statements - before.statements)),
      transactionsPerSecond: round(perSecond(after.xacts - before.xacts)),
      rowsWrittenPerSecond: round(perSecond(after.tuples - before.tuples)),
      statementsPerCall: round((after.statements - before.statements) / Math.max(1, calls)),
      targetStatementsPerCall: TARGETS.statementsPerCall,
    },
  };
  const ok = (good: boolean) => (good ? 'met' : 'missed');
  const md = `# Live ingest bench (${results.when.slice(0, 16)}Z)

${results.machine.cpus} cores (${results.machine.model}), shared; PostgreSQL, one API instance and the load (${driverCount} simulated drivers, ${Math.round(onTripShare * 100)}% on a trip) on the same machine (load average ${results.machine.loadavg.join(', ')} at the end: other work shared the cores); ${seconds} s measured after ${WARM_UP_SECONDS} s of warm-up.

| measure | value | target | |
| --- | --: | --: | --- |
| fixes sent a second | ${results.fixesPerSecond.sent} | ${TARGETS.fixesPerSecond} | ${ok(perSecond(sent) >= TARGETS.fixesPerSecond * 0.95)} |
| fixes written a second (newer than the kept one) | ${results.fixesPerSecond.written} | | |
| \`POST positions\` calls a second (up to 1,000 fixes each) | ${results.call.rps} | | |
| p50 of the call, ms | ${results.call.p50} | | |
| p99 of the call, ms | ${results.call.p99} | ${TARGETS.p99Ms} | ${ok(figures.p99 <= TARGETS.p99Ms)} |
| errors | ${errors} | 0 | ${ok(errors === 0)} |
| API CPU, cores | ${results.apiCores.used} | ${TARGETS.apiCores} | ${ok(apiCpuMs / (elapsed * 1000) <= TARGETS.apiCores)} |
| PostgreSQL CPU, cores | ${results.databaseCores} | | |
| the load's CPU (this process: the drivers' model and HTTP), cores | ${results.loadCores} | | |
| database statements a second (pg_stat_statements) | ${results.database.statementsPerSecond} | | |
| database statements a call | ${results.database.statementsPerCall} | ${TARGETS.statementsPerCall} | ${ok((after.statements - before.statements) / Math.max(1, calls) <= TARGETS.statementsPerCall)} |
| the Live screen's first paint (Chromium, every driver in view), ms | ${screen.firstPaintMs} (${screen.driversShown} drivers) | ${firstPaintTarget} (${TARGETS.firstPaintOverEmpty} × ${empty.firstPaintMs}, the screen with no driver) | ${ok(screen.firstPaintMs <= firstPaintTarget)} |
| a fix to the screen, p50, ms | ${results.screen.fixToScreenP50Ms} | | |
| a fix to the screen, p95, ms (its \`at\` to two frames after the stream brought it, ${fixToScreen.length} fixes) | ${results.screen.fixToScreenP95Ms} | ${TARGETS.fixToScreenP95Ms} | ${ok(fixToScreenP95 <= TARGETS.fixToScreenP95Ms)} |
| database transactions a second | ${results.database.transactionsPerSecond} | | |
| database rows written a second | ${results.database.rowsWrittenPerSecond} | | |
`;
  const resultsDir = fileURLToPath(new URL('./results', import.meta.url));
  writeFileSync(
    join(resultsDir, 'live-ingest.json'),
    await format(JSON.stringify(results), { parser: 'json' }),
  );
  writeFileSync(join(resultsDir, 'live-ingest.md'), await format(md, { parser: 'markdown' }));
  console.log(`\n${md}`);
} finally {
  await pool.end();
  await api.stop();
  postgres.stop();
}
