/**
 * npm run bench -- [--scale small|large] [--quick] [--engine postgres|pglite|both]
 *                  [--no-web] [--web-only] [--no-load] [--build]
 *   npm run bench -- --report-only large   (re-render bench/results/large.json)
 *
 * Seeds the scale into a throw-away PostgreSQL server and into PGlite (or
 * reuses them: BENCH_DATABASE_URL, BENCH_PGLITE_DIR), then per database:
 * captures the SQL of every call and replays it through the driver (the
 * floor), starts the production API and loads every call with autocannon (10
 * connections). Also the bare Fastify ceiling, the web bundle per route and
 * the dashboard's LCP. Then, per database, the load test of issue 9 (200
 * connections for 60 s on the list calls, bench/lib/load.ts). Prints one
 * table; writes bench/results/<scale>.json/.md. Last, unless --no-web,
 * Lighthouse on the same build (lighthouse.ts, its own server on the demo
 * data): bench/results/lighthouse-<scale>.json/.md.
 */
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { cpus, freemem, totalmem, tmpdir, type } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { TARGETS } from './lib/calls';
import { measureExport } from './lib/export';
import { preparePglite, preparePostgres, type Scale } from './lib/databases';
import { captureAndMeasureFloor, API_BASE, type Engine } from './lib/floor';
import { load, settle, signIn, startApi, startCeiling, warmUp } from './lib/http';
import { runLoad } from './lib/load';
import { report, type Results, type Row } from './lib/report';
import { ensureBuild, measureWeb } from './lib/web';

const { values } = parseArgs({
  options: {
    'report-only': { type: 'string' },
    scale: { type: 'string', default: 'large' },
    quick: { type: 'boolean', default: false },
    engine: { type: 'string', default: 'both' },
    'no-web': { type: 'boolean', default: false },
    build: { type: 'boolean', default: false },
    'web-only': { type: 'boolean', default: false },
    'no-load': { type: 'boolean', default: false },
  },
});
const resultsDir = fileURLToPath(new URL('./results', import.meta.url));
if (values['report-only']) {
  // Re-render a result file (e.g. after a change to the report): --report-only large
  const name = values['report-only'];
  const saved = JSON.parse(readFileSync(join(resultsDir, `${name}.json`), 'utf8')) as Results;
  await report(saved, resultsDir, name);
  process.exit(0);
}
const scale = values.scale as Scale;
if (scale !== 'small' && scale !== 'large') throw new Error(`--scale small|large, not ${scale}`);
const engines = (
  values.engine === 'both' ? ['postgres', 'pglite'] : [values.engine]
) as Engine['kind'][];
if (!engines.every((e) => e === 'postgres' || e === 'pglite'))
  throw new Error('--engine postgres|pglite|both');
const quick = values.quick;
const webOnly = values['web-only'];
const httpSeconds = Number(process.env.BENCH_SECONDS ?? (quick ? 3 : 6));
const floorSeconds = webOnly ? 0 : Number(process.env.BENCH_FLOOR_SECONDS ?? (quick ? 2 : 3));
const loadSeconds = values['no-load'] || webOnly ? 0 : quick ? 15 : 60;
const uploadDir = join(tmpdir(), `cabdesk-bench-uploads-${scale}`);
const started = Date.now();
const log = (msg: string) =>
  console.log(`[${((Date.now() - started) / 1000).toFixed(0).padStart(4)} s] ${msg}`);

async function postgresVersion(url: string): Promise<string> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ v: string }>(
      `select current_setting('server_version') as v`,
    );
    return rows[0]?.v ?? '?';
  } finally {
    await client.end();
  }
}

const cpu = cpus();
const results: Results = {
  meta: {
    date: new Date().toISOString(),
    scale,
    quick,
    httpSeconds,
    floorSeconds,
    machine: {
      cpu: `${cpu.length} x ${cpu[0]?.model.trim() ?? '?'}`,
      memory: `${Math.round(totalmem() / 2 ** 30)} GiB (${Math.round(freemem() / 2 ** 30)} GiB free at start)`,
      os: type(),
      node: process.version,
    },
  },
  seedSeconds: {},
  ceiling: null,
  rows: [],
  web: null,
  load: [],
};

log(`scale ${scale}, engines ${engines.join(' and ')}, ${httpSeconds} s per call`);
if (!webOnly) {
  const ceiling = await startCeiling();
  try {
    results.ceiling = await load(`${ceiling.base}/constant`, httpSeconds);
    log(`ceiling: ${results.ceiling.rps.toFixed(0)} req/s, p97.5 ${results.ceiling.p97_5} ms`);
  } finally {
    await ceiling.stop();
  }
}

const webEngine = values['no-web'] ? null : engines.includes('postgres') ? 'postgres' : 'pglite';
if (webEngine) ensureBuild(values.build, log);

for (const kind of engines) {
  const db =
    kind === 'postgres'
      ? await preparePostgres(scale, uploadDir, log)
      : await preparePglite(scale, uploadDir, log);
  results.seedSeconds[kind] = db.seedSeconds;
  try {
    if (db.engine.kind === 'postgres')
      results.meta.machine.postgresql = await postgresVersion(db.engine.url);
    log(`${kind}: capturing each call's SQL and measuring the floor`);
    const { fixture, calls, floor } = await captureAndMeasureFloor(
      db.engine,
      uploadDir,
      floorSeconds,
      log,
    );
    log(`${kind}: starting the production API`);
    const api = await startApi(db.engine, uploadDir);
    try {
      const token = await signIn(api.base);
      const live = webOnly ? [] : calls.filter((c) => !c.skipped);
      await warmUp(
        api.base,
        live.map((call) => `${API_BASE}${call.path}`),
        token,
      );
      for (const call of calls) {
        const row: Row = {
          engine: kind,
          name: call.name,
          group: call.group,
          path: call.path,
          targetMs: TARGETS[kind][call.group],
          api: null,
          floor: floor.get(call.path) ?? null,
          statements: call.statements.length,
          ...(call.skipped ? { skipped: call.skipped } : {}),
        };
        if (webOnly) continue;
        if (!call.skipped) {
          await settle(api.base, db.engine.kind === 'postgres' ? db.engine.url : undefined);
          row.api = await load(`${api.base}${API_BASE}${call.path}`, httpSeconds, token, api);
          log(
            `  ${kind} ${call.name}: p50 ${row.api.p50} ms, p97.5 ${row.api.p97_5} ms, ${row.api.rps.toFixed(0)} req/s` +
              (row.api.errors ? ` (${row.api.errors} errors)` : ''),
          );
        } else {
          log(`  ${kind} ${call.name}: skipped (${call.skipped})`);
        }
        results.rows.push(row);
      }
      if (kind === 'postgres' && !webOnly) {
        log('postgres: CSV export of every trip');
        await measureExport(api.base, token, resultsDir, `${scale}${quick ? '-quick' : ''}`, log);
      }
      if (webEngine === kind) {
        log('web: bundle per route, dashboard LCP, search typing');
        results.web = await measureWeb(api.base, fixture, quick ? 3 : 5, log);
      }
    } finally {
      await api.stop();
    }
  } finally {
    db.stop();
  }
  if (loadSeconds > 0) {
    const figures = await runLoad({ engine: kind, connections: 200, seconds: loadSeconds, log });
    log(
      `  ${kind} load: ${figures.rps} req/s, p99 ${figures.p99_ms} ms, ` +
        `${figures.errors_incl_timeouts} errors (${figures.timeouts} timeouts), ${figures.non2xx} non-2xx, ` +
        `peak RSS ${figures.rss_peak_mib} MiB`,
    );
    (results.load ??= []).push(figures);
  }
}

log('done');
const name = `${scale}${webOnly ? '-web' : quick ? '-quick' : ''}`;
await report(results, resultsDir, name);
console.log(`\nwritten: bench/results/${name}.{json,md}`);

if (webEngine) {
  log('web: Lighthouse on the login page, the dashboard and the trip list');
  const lighthouse = spawnSync(
    process.execPath,
    ['--import', 'tsx', 'lighthouse.ts', '--label', name, '--runs', quick ? '1' : '3'],
    { cwd: fileURLToPath(new URL('.', import.meta.url)), stdio: 'inherit' },
  );
  if (lighthouse.status !== 0) throw new Error('bench: Lighthouse failed');
}
