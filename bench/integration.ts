/**
 * npm run integration --workspace bench -- [--seconds 15] [--connections 32] [--drivers 10000]
 *                                          [--deliveries 5000] [--cpu-prof <dir>]
 *
 * Issue 44's two rates of the integration, each beside its floor, on a
 * throw-away PostgreSQL server and the production API over it (one instance):
 *
 * - Events in: `POST trips` with an integration key and an Idempotency-Key,
 *   each connection running trips of its own drivers through created,
 *   accepted, started, ended and completed (the drivers and passengers
 *   written first, as if they had come in), loaded by autocannon for --seconds.
 *   The floor: the same rows (the idempotency row, the trip inserted or
 *   updated, its event) written by plain SQL, one transaction an event, by as
 *   many connections, for as long.
 * - Deliveries out: --deliveries `approval.decided` events queued at once in
 *   the outbox (as a bulk decision does), each for one endpoint pointing at a
 *   loopback receiver that answers 200; the rate is the events over the time
 *   from their commit to the receiver's last arrival, and to the last
 *   delivery recorded as delivered. The floor: the same bodies posted to the
 *   same receiver by plain HTTP, as many at once as the deliverer sends.
 *
 * Each side's CPU per event is read from /proc (bench/lib/cpu.ts), and both
 * event measures are watched (bench/lib/watch.ts): the backends' states and
 * lock waits, the statements by total time, the API's event loop delay and
 * its pool's queue. `--cpu-prof <dir>` writes a CPU profile of the API
 * process (its whole run) into <dir>.
 *
 * Prints the figures and writes bench/results/integration.{json,md}.
 */
import { randomUUID } from 'node:crypto';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer, Agent, request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import pg from 'pg';
import { format } from 'prettier';
import { startPostgres } from '../scripts/postgres.mjs';
import { cpuMeter } from './lib/cpu';
import { API_BASE } from './lib/floor';
import { signIn, startApi } from './lib/http';
import { figuresOf, round } from './lib/stats';
import { watched } from './lib/watch';

const { values } = parseArgs({
  options: {
    seconds: { type: 'string', default: '15' },
    connections: { type: 'string', default: '32' },
    drivers: { type: 'string', default: '10000' },
    deliveries: { type: 'string', default: '5000' },
    'cpu-prof': { type: 'string' },
  },
});
const seconds = Number(values.seconds);
const connections = Number(values.connections);
const driverCount = Number(values.drivers);
const deliveryCount = Number(values.deliveries);
const INTEGRATION = '/taxi-service/integration/v1/';
/** The deliverer's batch: deliveries it sends at once (modules/webhooks/deliverer.ts). */
const DELIVERER_BATCH = 20;
const EVENTS = ['created', 'accepted', 'started', 'ended', 'completed'] as const;
const started = Date.now();
const log = (msg: string) =>
  console.log(`[${((Date.now() - started) / 1000).toFixed(0).padStart(4)} s] ${msg}`);

// ------------------------------------------------------------------ the receiver

/** A webhook receiver on loopback answering 200, with the time of each arrival. */
async function startReceiver() {
  const arrivals: number[] = [];
  const server = createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      arrivals.push(performance.now());
      res.writeHead(200).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/hooks`,
    arrivals,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

// ------------------------------------------------------------------ set-up

const postgres = await startPostgres({
  settings: {
    shared_buffers: '256MB',
    max_wal_size: '4GB',
    shared_preload_libraries: 'pg_stat_statements',
  },
});
// Its processes alone are the database's CPU: other servers may run beside it.
const postmaster = Number(
  readFileSync(join(postgres.dir, 'data', 'postmaster.pid'), 'utf8').split('\n')[0],
);
const receiver = await startReceiver();
// No limit in the way of a load test; loopback for the receiver.
process.env.INTEGRATION_RATE_LIMIT = '100000000';
process.env.WEBHOOK_ALLOW_LOOPBACK = 'true';
// As many connections to PostgreSQL as the floor has.
process.env.DATABASE_POOL_SIZE = String(connections);
const metricsToken = randomUUID();
const api = await startApi(
  // Its connections by name, for the watch.
  { kind: 'postgres', url: `${postgres.url}?application_name=api` },
  mkdtempSync(join(tmpdir(), 'cabdesk-bench-integration-')),
  {
    METRICS_TOKEN: metricsToken,
    ...(values['cpu-prof']
      ? { NODE_OPTIONS: `--cpu-prof --cpu-prof-dir=${values['cpu-prof']}` }
      : {}),
  },
);
const pool = new pg.Pool({ connectionString: postgres.url, max: 2, application_name: 'bench' });
/** The floor's connections, as many as the API's. */
const floorPool = new pg.Pool({
  connectionString: postgres.url,
  max: connections,
  application_name: 'floor',
});

/**
 * Statements the clients sent since the last reset (pg_stat_statements, BEGIN and COMMIT
 * included), the bench's own left out, and those the commits ran to fold the counters
 * (counter_deltas, migration 0047: pg_stat_statements counts them as sent).
 */
async function statementsRun() {
  const { rows } = await pool.query<{ n: string }>(
    `select coalesce(sum(calls), 0)::text as n from pg_stat_statements
     where query not ilike '%pg_stat_statements%' and query not ilike '%/* bench */%'
       and query not ilike '%counter_deltas%' and query not ilike '%counter_folds%'`,
  );
  return Number(rows[0]!.n);
}
const resetStatements = () => pool.query('select pg_stat_statements_reset()');

async function adminPost<T>(token: string, path: string, body: unknown): Promise<T> {
  const response = await fetch(`${api.base}${API_BASE}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${path}: ${response.status} ${await response.text()}`);
  return ((await response.json()) as { data: T }).data;
}

try {
  const token = await signIn(api.base);
  const { key } = await adminPost<{ key: string }>(token, 'integration-key-create', {
    name: 'Bench',
    scopes: ['trips:write'],
  });
  const passengerCount = Math.max(100, driverCount / 10);
  // The set-up, not measured: the marketplace's people as if they had come in through the API.
  log(`writing a company, ${driverCount} drivers and ${passengerCount} passengers`);
  const [company] = (
    await pool.query<{ id: number }>(
      `insert into users (role, name, email, phone, company_name, approval, external_id)
       values ('Company', 'Bench Owner', 'owner@bench-cabs.test', '5550000000', 'Bench Cabs',
               'Approved', 'bench-c')
       returning id`,
    )
  ).rows;
  await pool.query(
    `insert into users (role, name, email, phone, company_id, approval, external_id)
     select 'Driver', 'Driver ' || g, 'driver' || g || '@bench-cabs.test',
            '555' || lpad(g::text, 7, '0'), $1, 'Approved', 'bench-d' || g
     from generate_series(0, $2 - 1) g`,
    [company!.id, driverCount],
  );
  await pool.query(
    `insert into users (role, name, email, phone, approval, external_id)
     select 'User', 'Passenger ' || g, 'passenger' || g || '@bench.test',
            '556' || lpad(g::text, 7, '0'), 'Approved', 'bench-u' || g
     from generate_series(0, $1 - 1) g`,
    [passengerCount],
  );
  await pool.query('analyze users');

  // -------------------------------------------------------------- events in

  /** The body of event `step` of trip `trip` (its driver and passenger follow from its number). */
  const tripBody = (trip: string, n: number, step: number) =>
    JSON.stringify({
      external_id: trip,
      event: EVENTS[step],
      at: new Date(Date.now() + step).toISOString(),
      user_external_id: `bench-u${n % passengerCount}`,
      driver_external_id: `bench-d${n % driverCount}`,
      pickup_address: `${n % 500} Harbour Road`,
      drop_address: `${n % 700} Hill Street`,
      amount: '18.40',
    });

  let tripSerial = 0;
  const run = randomUUID().slice(0, 8);
  /** Each connection: trips one after another, each through its five events. */
  const tripRequests = EVENTS.map((_, step) => ({
    method: 'POST' as const,
    path: `${INTEGRATION}trips`,
    setupRequest: (req: autocannon.Request, state: object) => {
      const context = state as { n: number; trip: string };
      if (step === 0) {
        context.n = tripSerial++;
        context.trip = `bench-${run}-t${context.n}`;
      }
      return {
        ...req,
        headers: {
          'content-type': 'application/json',
          authorization: `Bearer ${key}`,
          'idempotency-key': randomUUID(),
        },
        body: tripBody(context.trip, context.n, step),
      };
    },
  }));
  const cannon = (duration: number) =>
    autocannon({
      url: api.base,
      connections,
      duration,
      requests: tripRequests,
      // Each request's latency, for the percentiles.
      excludeErrorStats: false,
    });
  log('warming up POST trips (3 s)');
  await cannon(3);
  log(`loading POST trips: ${connections} connections, ${seconds} s`);
  const load = loadavg()[0]!;
  await pool.query('create extension if not exists pg_stat_statements');
  await resetStatements();
  const inCpu = cpuMeter(api.pid, postmaster);
  const { result: inResult, watched: inWatched } = await watched(
    postgres.url,
    { application: 'api', api: { base: api.base, token: metricsToken } },
    () => cannon(seconds),
    (result) => result.requests.total,
  );
  const inCpuPerEvent = inCpu(inResult.requests.total);
  const inStatements = await statementsRun();
  const eventsIn = {
    rps: inResult.requests.average,
    requests: inResult.requests.total,
    p50: inResult.latency.p50,
    p97_5: inResult.latency.p97_5,
    p99: inResult.latency.p99,
    errors: inResult.errors + inResult.non2xx,
    statementsPerEvent: round(inStatements / inResult.requests.total, 1),
    loadBefore: round(load, 2),
    cpuMsPerEvent: {
      api: round(inCpuPerEvent.api ?? NaN, 2),
      database: round(inCpuPerEvent.database ?? NaN, 2),
      client: round(inCpuPerEvent.client, 2),
    },
    watched: inWatched,
  };
  log(
    `POST trips: ${round(eventsIn.rps)}/s, p50 ${eventsIn.p50} ms, p99 ${eventsIn.p99} ms, ${eventsIn.errors} errors, ${eventsIn.statementsPerEvent} statements an event`,
  );

  // The floor: the same rows by plain SQL, one transaction an event.
  const ids = await pool.query<{ id: number; external_id: string; role: string }>(
    `select id, external_id, role from users where external_id like 'bench-%'`,
  );
  const idOf = new Map(ids.rows.map((r) => [`${r.role}:${r.external_id}`, r.id]));
  const [{ key_id: keyId } = { key_id: 0 }] = (
    await pool.query<{ key_id: number }>(`select id as key_id from integration_keys limit 1`)
  ).rows;
  const floorLatencies: number[] = [];
  let floorSerial = 0;
  const floorEnd = performance.now() + seconds * 1000;
  async function floorWorker() {
    const client = await floorPool.connect();
    try {
      while (performance.now() < floorEnd) {
        const n = floorSerial++;
        const trip = `floor-${run}-t${n}`;
        let rideId = 0;
        for (let step = 0; step < EVENTS.length && performance.now() < floorEnd; step++) {
          const t0 = performance.now();
          const at = new Date(Date.now() + step).toISOString();
          await client.query('begin');
          await client.query(
            `insert into integration_requests (key_id, idempotency_key, request_hash, status_code, response)
             values ($1, $2, $3, 200, '{}'::jsonb)`,
            [keyId, randomUUID(), randomUUID()],
          );
          if (step === 0) {
            const made = await client.query<{ id: number }>(
              `insert into rides (user_id, driver_id, company_id, amount, pickup_address, drop_address,
                 ride_status, external_id, created_at, updated_at)
               values ($1, $2, (select company_id from users where id = $2), 18.40, $3, $4, 'Pending', $5, $6, now())
               returning id`,
              [
                idOf.get(`User:bench-u${n % passengerCount}`),
                idOf.get(`Driver:bench-d${n % driverCount}`),
                `${n % 500} Harbour Road`,
                `${n % 700} Hill Street`,
                trip,
                at,
              ],
            );
            rideId = made.rows[0]!.id;
          } else {
            await client.query(
              `update rides set ride_status = $1, updated_at = now() where id = $2`,
              [['Pending', 'Accept', 'Start', 'End', 'Complete'][step], rideId],
            );
          }
          await client.query(
            `insert into ride_events (ride_id, event, at, key_id) values ($1, $2, $3, $4)`,
            [rideId, EVENTS[step], at, keyId],
          );
          await client.query('commit');
          floorLatencies.push(performance.now() - t0);
        }
      }
    } finally {
      client.release();
    }
  }
  log(`the SQL floor of POST trips: ${connections} connections, ${seconds} s`);
  // Each connection opened before the measure, as the API's are.
  await Promise.all(Array.from({ length: connections }, () => floorPool.connect())).then(
    (clients) => clients.forEach((c) => c.release()),
  );
  await resetStatements();
  const floorCpu = cpuMeter(undefined, postmaster);
  const { watched: floorWatched } = await watched(
    postgres.url,
    { application: 'floor' },
    () => Promise.all(Array.from({ length: connections }, floorWorker)),
    () => floorLatencies.length,
  );
  const floorCpuPerEvent = floorCpu(floorLatencies.length);
  const floorStatements = await statementsRun();
  const eventsFloor = figuresOf(floorLatencies, seconds);
  log(`SQL floor: ${round(eventsFloor.rps)}/s, p99 ${round(eventsFloor.p99)} ms`);

  // -------------------------------------------------------------- deliveries out

  await adminPost(token, 'webhook-create', { url: receiver.url, events: ['approval.decided'] });
  receiver.arrivals.length = 0;
  log(`queueing ${deliveryCount} approval.decided events for the receiver`);
  const client = await pool.connect();
  let committedAt: number;
  try {
    await client.query('begin');
    await client.query(
      `with events as (
         insert into webhook_events (type, record_key, data)
         select 'approval.decided', 'users:' || u.id,
                jsonb_build_object('kind', 'driver', 'id', u.id, 'external_id', u.external_id,
                                   'approval', 'Approved', 'reason', null)
         from (select id, external_id from users where role = 'Driver' order by id limit $1) u
         returning id, record_key
       )
       insert into webhook_deliveries (webhook_id, event_id, record_key)
       select w.id, events.id, events.record_key from webhooks w, events`,
      [deliveryCount],
    );
    await client.query(`select pg_notify('cabdesk_webhooks', '')`);
    await client.query('commit');
    committedAt = performance.now();
    await resetStatements();
  } finally {
    client.release();
  }
  const queued = (await pool.query<{ n: string }>(`select count(*) as n from webhook_deliveries`))
    .rows[0]!.n;
  const deadline = performance.now() + 600_000;
  let recordedAt = 0;
  for (;;) {
    const { rows } = await pool.query<{ n: string }>(
      `select /* bench */ count(*) as n from webhook_deliveries where status = 'delivered'`,
    );
    if (rows[0]!.n === queued) {
      recordedAt = performance.now();
      break;
    }
    if (performance.now() > deadline) throw new Error(`only ${rows[0]!.n} of ${queued} delivered`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  const deliveryStatements = await statementsRun();
  const arrived = receiver.arrivals.length;
  const lastArrival = Math.max(...receiver.arrivals);
  const deliveriesOut = {
    deliveries: Number(queued),
    arrived,
    rpsArrived: arrived / ((lastArrival - committedAt) / 1000),
    rpsRecorded: Number(queued) / ((recordedAt - committedAt) / 1000),
    statementsPerDelivery: round(deliveryStatements / Number(queued), 2),
  };
  log(
    `deliveries: ${round(deliveriesOut.rpsArrived)}/s arrived, ${round(deliveriesOut.rpsRecorded)}/s recorded as delivered`,
  );

  // The floor: the same bodies by plain HTTP, DELIVERER_BATCH at once, kept alive.
  const agent = new Agent({ keepAlive: true });
  const body = JSON.stringify({
    type: 'approval.decided',
    timestamp: new Date().toISOString(),
    data: { kind: 'driver', id: 1, external_id: 'bench-d1', approval: 'Approved', reason: null },
  });
  const post = () =>
    new Promise<void>((resolve, reject) => {
      const req = request(
        receiver.url,
        {
          method: 'POST',
          agent,
          headers: {
            'content-type': 'application/json',
            'content-length': Buffer.byteLength(body),
          },
        },
        (res) => {
          res.resume();
          res.on('end', resolve);
        },
      );
      req.on('error', reject);
      req.end(body);
    });
  let sent = 0;
  const floorStart = performance.now();
  await Promise.all(
    Array.from({ length: DELIVERER_BATCH }, async () => {
      while (sent < deliveryCount) {
        sent++;
        await post();
      }
    }),
  );
  const deliveriesFloor = deliveryCount / ((performance.now() - floorStart) / 1000);
  agent.destroy();
  log(`HTTP floor: ${round(deliveriesFloor)}/s`);

  // -------------------------------------------------------------- results

  const results = {
    when: new Date().toISOString(),
    machine: { cpus: cpus().length, model: cpus()[0]?.model },
    settings: { seconds, connections, drivers: driverCount, deliveries: deliveryCount },
    eventsIn,
    eventsFloor: {
      rps: round(eventsFloor.rps),
      p50: round(eventsFloor.p50),
      p99: round(eventsFloor.p99),
      statementsPerEvent: round(floorStatements / floorLatencies.length, 1),
      cpuMsPerEvent: {
        database: round(floorCpuPerEvent.database ?? NaN, 2),
        client: round(floorCpuPerEvent.client, 2),
      },
      watched: floorWatched,
    },
    deliveriesOut: {
      ...deliveriesOut,
      rpsArrived: round(deliveriesOut.rpsArrived),
      rpsRecorded: round(deliveriesOut.rpsRecorded),
    },
    deliveriesFloor: round(deliveriesFloor),
  };
  const resultsDir = fileURLToPath(new URL('./results', import.meta.url));
  writeFileSync(join(resultsDir, 'integration.json'), `${JSON.stringify(results, null, 2)}\n`);
  const md = `# Integration bench (${results.when.slice(0, 16)}Z)

${results.machine.cpus} cores (${results.machine.model}), shared; PostgreSQL and one API instance on the same machine as the load.
${driverCount} drivers, ${connections} connections, ${seconds} s a measure; ${deliveryCount} deliveries.

Load average (1 min) when the events' load began: ${eventsIn.loadBefore}. Statements: the database's own count (pg_stat_statements, BEGIN and COMMIT included) over the measure, divided by its events or deliveries.

| measure | rate /s | p50 ms | p99 ms | errors | statements each |
| --- | --: | --: | --: | --: | --: |
| POST trips (events in) | ${round(eventsIn.rps)} | ${eventsIn.p50} | ${eventsIn.p99} | ${eventsIn.errors} | ${eventsIn.statementsPerEvent} |
| its SQL floor (same rows, plain SQL) | ${results.eventsFloor.rps} | ${results.eventsFloor.p50} | ${results.eventsFloor.p99} | | ${results.eventsFloor.statementsPerEvent} |
| webhook deliveries, arrived at the receiver | ${results.deliveriesOut.rpsArrived} | | | | |
| webhook deliveries, recorded as delivered | ${results.deliveriesOut.rpsRecorded} | | | | ${deliveriesOut.statementsPerDelivery} |
| their HTTP floor (plain POSTs, ${DELIVERER_BATCH} at once) | ${results.deliveriesFloor} | | | | |

## Where an event's time goes

CPU ms an event (from /proc): the API ${eventsIn.cpuMsPerEvent.api}, PostgreSQL ${eventsIn.cpuMsPerEvent.database}, autocannon ${eventsIn.cpuMsPerEvent.client}; the floor: PostgreSQL ${results.eventsFloor.cpuMsPerEvent.database}, its workers ${results.eventsFloor.cpuMsPerEvent.client}. The database's execution time an event (pg_stat_statements): the API's ${inWatched.databaseMsPerEvent} ms, the floor's ${floorWatched.databaseMsPerEvent} ms.

The API's event loop delay (each second's, averaged): mean ${inWatched.api?.eventLoopDelayMeanMs} ms, p99 ${inWatched.api?.eventLoopDelayP99Ms} ms, max ${inWatched.api?.eventLoopDelayMaxMs} ms; requests waiting for a pool connection: ${inWatched.api?.poolWaitingMean} on average, ${inWatched.api?.poolWaitingMax} at most; a statement as the API's driver sees it: ${inWatched.api?.statementMeanMs} ms mean.

What the ${connections} backends were doing (pg_stat_activity every 100 ms, share of backend time):

| state | API's | floor's |
| --- | --: | --: |
${[...new Set([...Object.keys(inWatched.states), ...Object.keys(floorWatched.states)])]
  .map(
    (state) =>
      `| ${state} | ${inWatched.states[state] ?? ''} | ${floorWatched.states[state] ?? ''} |`,
  )
  .join('\n')}

Statements waiting for a lock (share of the API's backend time): ${
    Object.entries(inWatched.lockWaits)
      .map(([query, share]) => `\`${query}\` ${share}`)
      .join('; ') || 'none'
  }.

The API's statements by the database's total time:

| statement | calls | mean ms | total ms |
| --- | --: | --: | --: |
${inWatched.topStatements
  .map(
    (row) =>
      `| \`${row.query.replaceAll('|', '\\|')}\` | ${row.calls} | ${row.meanMs} | ${row.totalMs} |`,
  )
  .join('\n')}
`;
  writeFileSync(join(resultsDir, 'integration.md'), await format(md, { parser: 'markdown' }));
  console.log(`\n${md}`);
} finally {
  await pool.end();
  await floorPool.end();
  await api.stop();
  await receiver.close();
  postgres.stop();
}
