/**
 * npm run import --workspace bench -- [--rows 1000000] [--passengers 10000] [--drivers 1000]
 *
 * Issue 44's import on PostgreSQL: a throw-away server (or BENCH_DATABASE_URL,
 * an empty database), the production API over it, and an integration key.
 * It imports the marketplace's people, then a file of `--rows` trips (each
 * trip's `completed` event with its passenger, driver and amount, as a
 * marketplace's history arrives) through `POST import`, streamed as a client
 * sends it, and reports rows/s; then the same file again (every row already
 * there: nothing written). The floor: the same rows, loaded into a staging
 * table beforehand (untimed), inserted into rides and ride_events by one
 * plain INSERT ... SELECT each in one transaction, with the same triggers
 * (counters, search text) on. Writes bench/results/import-postgres.{json,md}.
 */
import { createReadStream, createWriteStream, rmSync, statSync, writeFileSync } from 'node:fs';
import { once } from 'node:events';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { startPostgres } from '../scripts/postgres.mjs';
import { API_BASE } from './lib/floor';
import { signIn, startApi } from './lib/http';

const { values } = parseArgs({
  options: {
    rows: { type: 'string', default: '1000000' },
    passengers: { type: 'string', default: '10000' },
    drivers: { type: 'string', default: '1000' },
  },
});
const ROWS = Number(values.rows);
const PASSENGERS = Number(values.passengers);
const DRIVERS = Number(values.drivers);
const INTEGRATION_BASE = '/taxi-service/integration/v1/';
const resultsDir = fileURLToPath(new URL('./results', import.meta.url));
const started = Date.now();
const log = (msg: string) =>
  console.log(`[${((Date.now() - started) / 1000).toFixed(0).padStart(4)} s] ${msg}`);

/** The i-th trip of the file: its completed event, half a minute after the one before from 2024 on (a million end in December 2024, in the past as the API requires). */
function tripRow(i: number) {
  return {
    kind: 'trips',
    external_id: `t-${i}`,
    event: 'completed',
    at: new Date(Date.UTC(2024, 0, 1) + i * 30_000).toISOString(),
    user_external_id: `u-${i % PASSENGERS}`,
    driver_external_id: `d-${i % DRIVERS}`,
    pickup_address: `${(i % 900) + 1} Olive Street, Springfield`,
    drop_address: `${(i % 700) + 1} Harbour Road, Springfield`,
    amount: `${(5 + (i % 4000) / 100).toFixed(2)}`,
  };
}

/** Writes `count` NDJSON rows to a file (answers its path), without holding them. */
async function writeFile(name: string, count: number, row: (i: number) => object) {
  const path = join(tmpdir(), `cabdesk-bench-import-${name}.ndjson`);
  const out = createWriteStream(path);
  let chunk = '';
  for (let i = 0; i < count; i += 1) {
    chunk += JSON.stringify(row(i)) + '\n';
    if (chunk.length > 1 << 20) {
      if (!out.write(chunk)) await once(out, 'drain');
      chunk = '';
    }
  }
  out.end(chunk);
  await once(out, 'finish');
  return path;
}

type Report = { accepted: number; rejected: number; errors: unknown[] };

/** POSTs a file to `import` as a stream; the report and the seconds it took. */
async function importFile(base: string, key: string, path: string) {
  const t0 = performance.now();
  const res = await fetch(`${base}${INTEGRATION_BASE}import`, {
    method: 'POST',
    headers: { authorization: `Bearer ${key}`, 'content-type': 'application/x-ndjson' },
    body: Readable.toWeb(createReadStream(path)) as ReadableStream,
    duplex: 'half',
  } as RequestInit);
  const body = (await res.json()) as { data: Report; message: string };
  const seconds = (performance.now() - t0) / 1000;
  if (!res.ok) throw new Error(`bench: import answered ${res.status}: ${body.message}`);
  return { report: body.data, seconds };
}

const server = process.env.BENCH_DATABASE_URL
  ? { url: process.env.BENCH_DATABASE_URL, stop: () => {} }
  : await startPostgres({ settings: { shared_buffers: '256MB', max_wal_size: '4GB' } });
const files: string[] = [];
let api: Awaited<ReturnType<typeof startApi>> | undefined;
try {
  // The import reads the file as it writes it: its request lasts as long as the import.
  process.env.REQUEST_TIMEOUT_MS = '600000';
  api = await startApi(
    { kind: 'postgres', url: server.url },
    join(tmpdir(), 'cabdesk-bench-import-uploads'),
  );
  const token = await signIn(api.base);
  const made = await fetch(`${api.base}${API_BASE}integration-key-create`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ name: 'Bench import', scopes: ['people:write', 'trips:write'] }),
  });
  const key = ((await made.json()) as { data: { key: string } }).data.key;

  const people = await writeFile('people', 1 + DRIVERS + PASSENGERS, (i) => {
    const common = { kind: 'people', phone: `+1 555 ${String(i).padStart(7, '0')}` };
    if (i === 0) {
      return {
        ...common,
        external_id: 'c-0',
        user_type: 'Company',
        name: 'Bench Cabs',
        email: 'office@bench-cabs.test',
        company_name: 'Bench Cabs',
      };
    }
    const driver = i <= DRIVERS;
    const n = driver ? i - 1 : i - 1 - DRIVERS;
    return {
      ...common,
      external_id: driver ? `d-${n}` : `u-${n}`,
      user_type: driver ? 'Driver' : 'User',
      name: `${driver ? 'Driver' : 'Passenger'} ${n}`,
      email: `${driver ? 'driver' : 'passenger'}${n}@example.test`,
      ...(driver ? { company_external_id: 'c-0' } : {}),
    };
  });
  files.push(people);
  const peopleImport = await importFile(api.base, key, people);
  log(
    `people: ${peopleImport.report.accepted} in ${peopleImport.seconds.toFixed(1)} s ` +
      `(${Math.round(peopleImport.report.accepted / peopleImport.seconds)} rows/s)`,
  );

  const trips = await writeFile('trips', ROWS, tripRow);
  files.push(trips);
  const megabytes = statSync(trips).size / 1024 ** 2;
  log(`trips: ${ROWS} rows, ${megabytes.toFixed(0)} MB; importing`);
  const first = await importFile(api.base, key, trips);
  if (first.report.accepted !== ROWS) {
    const { accepted, rejected, errors } = first.report;
    throw new Error(
      `bench: ${accepted} accepted, ${rejected} rejected; the first: ${JSON.stringify(errors[0])}`,
    );
  }
  const rate = ROWS / first.seconds;
  log(`trips: ${first.seconds.toFixed(1)} s, ${Math.round(rate)} rows/s`);
  const again = await importFile(api.base, key, trips);
  const againRate = ROWS / again.seconds;
  log(`trips again (nothing new): ${again.seconds.toFixed(1)} s, ${Math.round(againRate)} rows/s`);

  // The floor: the same rows, staged, then one INSERT ... SELECT per table, triggers on.
  const client = new pg.Client({ connectionString: server.url });
  await client.connect();
  let floorSeconds: number;
  try {
    await client.query(`create unlogged table bench_staged (external_id text, user_external_id text,
      driver_external_id text, at timestamptz, pickup text, dropoff text, amount numeric)`);
    for (let from = 0; from < ROWS; from += 10_000) {
      const rows = Array.from({ length: Math.min(10_000, ROWS - from) }, (_, i) =>
        tripRow(from + i),
      );
      await client.query(
        `insert into bench_staged select 'floor-' || external_id, user_external_id,
           driver_external_id, at, pickup_address, drop_address, amount
         from jsonb_to_recordset($1::jsonb) as x(external_id text, user_external_id text,
           driver_external_id text, at timestamptz, pickup_address text, drop_address text,
           amount numeric)`,
        [JSON.stringify(rows)],
      );
    }
    await client.query('analyze bench_staged');
    const t0 = performance.now();
    await client.query('begin');
    await client.query(
      `insert into rides (user_id, driver_id, company_id, amount, pickup_address, drop_address,
         ride_status, external_id, created_at, updated_at)
       select u.id, d.id, d.company_id, s.amount, s.pickup, s.dropoff, 'Complete', s.external_id,
         s.at, now()
       from bench_staged s
       join users u on u.role = 'User' and u.external_id = s.user_external_id
       join users d on d.role = 'Driver' and d.external_id = s.driver_external_id`,
    );
    await client.query(
      `insert into ride_events (ride_id, event, at)
       select r.id, 'completed', s.at from bench_staged s join rides r on r.external_id = s.external_id
       where r.external_id is not null`,
    );
    await client.query('commit');
    floorSeconds = (performance.now() - t0) / 1000;
    await client.query('drop table bench_staged');
  } finally {
    await client.end();
  }
  const floorRate = ROWS / floorSeconds;
  log(`floor: ${floorSeconds.toFixed(1)} s, ${Math.round(floorRate)} rows/s`);

  const results = {
    date: new Date().toISOString(),
    engine: 'postgres',
    cpus: cpus().length,
    load_average: loadavg().map((n) => Number(n.toFixed(2))),
    rows: ROWS,
    passengers: PASSENGERS,
    drivers: DRIVERS,
    megabytes: Number(megabytes.toFixed(1)),
    people_rows_per_s: Math.round(peopleImport.report.accepted / peopleImport.seconds),
    import_seconds: Number(first.seconds.toFixed(2)),
    import_rows_per_s: Math.round(rate),
    again_seconds: Number(again.seconds.toFixed(2)),
    again_rows_per_s: Math.round(againRate),
    floor_seconds: Number(floorSeconds.toFixed(2)),
    floor_rows_per_s: Math.round(floorRate),
    times_floor: Number((floorRate / rate).toFixed(2)),
  };
  writeFileSync(join(resultsDir, 'import-postgres.json'), JSON.stringify(results, null, 2) + '\n');
  writeFileSync(
    join(resultsDir, 'import-postgres.md'),
    [
      `# Import of trips on PostgreSQL (${results.date.slice(0, 10)})`,
      '',
      `${ROWS.toLocaleString('en')} trips (${results.megabytes} MB of NDJSON), ${PASSENGERS.toLocaleString('en')} passengers, ${DRIVERS.toLocaleString('en')} drivers; ${results.cpus} cores, load ${results.load_average.join(' ')}.`,
      '',
      '| what | seconds | rows/s |',
      '| --- | ---: | ---: |',
      `| POST import, new trips | ${results.import_seconds} | ${results.import_rows_per_s.toLocaleString('en')} |`,
      `| the same file again (nothing written) | ${results.again_seconds} | ${results.again_rows_per_s.toLocaleString('en')} |`,
      `| floor: one INSERT ... SELECT per table | ${results.floor_seconds} | ${results.floor_rows_per_s.toLocaleString('en')} |`,
      '',
      `The import takes ${results.times_floor}x its floor's time.`,
      '',
    ].join('\n'),
  );
  log('wrote bench/results/import-postgres.{json,md}');
} finally {
  await api?.stop();
  server.stop();
  for (const file of files) rmSync(file, { force: true });
}
