/**
 * npm run statements --workspace bench -- [--scale small|large]
 *
 * Issue 48: a company's month statement and a driver's within their SQL
 * floor's 2x, at a million trips on PostgreSQL (--scale large; small is the
 * same data at 1%). The statement calls of the main benchmark (calls.ts,
 * statementCalls: the month before the newest trip's, of the company and the
 * driver with the most trips) alone: the scale seeded into a throw-away
 * PostgreSQL server (or BENCH_DATABASE_URL, reused when seeded), each call's
 * SQL captured from the API's own code and replayed by 10 workers (the
 * floor, BENCH_FLOOR_SECONDS, default 3), then the call loaded over HTTP on
 * the production API (autocannon, 10 connections, BENCH_SECONDS, default 6).
 * Prints and writes bench/results/statements-<scale>.{json,md}.
 */
import { writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { format } from 'prettier';
import { findFixture, FLOOR_TARGETS, statementCalls } from './lib/calls';
import { preparePostgres, type Scale } from './lib/databases';
import { API_BASE, captureAndMeasureFloor } from './lib/floor';
import { load, settle, signIn, startApi, warmUp } from './lib/http';
import { round, type Figures } from './lib/stats';

const { values } = parseArgs({ options: { scale: { type: 'string', default: 'large' } } });
const scale = values.scale as Scale;
if (scale !== 'small' && scale !== 'large') throw new Error(`--scale small|large, not ${scale}`);
const floorSeconds = Number(process.env.BENCH_FLOOR_SECONDS ?? 3);
const httpSeconds = Number(process.env.BENCH_SECONDS ?? 6);
const uploadDir = join(tmpdir(), `cabdesk-bench-uploads-${scale}`);
const resultsDir = fileURLToPath(new URL('./results', import.meta.url));
const started = Date.now();
const log = (msg: string) =>
  console.log(`[${((Date.now() - started) / 1000).toFixed(0).padStart(4)} s] ${msg}`);

type Row = {
  name: string;
  path: string;
  statements: number;
  floor: Figures | null;
  api: Figures | null;
  /** p97.5 of the call over p97.5 of its floor. */
  ratio: number | null;
  met: boolean | null;
};

const db = await preparePostgres(scale, uploadDir, log);
const rows: Row[] = [];
try {
  if (db.engine.kind !== 'postgres')
    throw new Error('bench: statements are measured on PostgreSQL');
  const { calls, floor } = await captureAndMeasureFloor(
    db.engine,
    uploadDir,
    floorSeconds,
    log,
    async (query) => statementCalls(await findFixture(query)),
  );
  const api = await startApi(db.engine, uploadDir);
  try {
    const token = await signIn(api.base);
    await warmUp(
      api.base,
      calls.map((call) => `${API_BASE}${call.path}`),
      token,
    );
    for (const call of calls) {
      if (call.skipped) throw new Error(`bench: ${call.path} answered ${call.skipped}`);
      await settle(api.base, db.engine.url);
      const figures = await load(`${api.base}${API_BASE}${call.path}`, httpSeconds, token, api);
      const base = floor.get(call.path) ?? null;
      const ratio = base && base.p97_5 > 0 ? figures.p97_5 / base.p97_5 : null;
      rows.push({
        name: call.name,
        path: call.path,
        statements: call.statements.length,
        floor: base,
        api: figures,
        ratio: ratio === null ? null : round(ratio, 2),
        met: ratio === null ? null : ratio <= FLOOR_TARGETS.statement,
      });
      log(
        `  ${call.name}: p97.5 ${figures.p97_5} ms, floor ${base?.p97_5.toFixed(1)} ms, ${ratio?.toFixed(2)}x`,
      );
    }
  } finally {
    await api.stop();
  }
} finally {
  db.stop();
}

const ms = (value: number | undefined) => (value === undefined ? '—' : String(round(value)));
const result = { date: new Date().toISOString(), scale, loadAverage: loadavg(), rows };
writeFileSync(
  join(resultsDir, `statements-${scale}.json`),
  await format(JSON.stringify(result), { parser: 'json' }),
);
const md = [
  `# Statements at the ${scale} scale, PostgreSQL`,
  '',
  `${result.date}, load average ${loadavg()
    .map((n) => n.toFixed(2))
    .join(' ')} at the end; target: p97.5 within ${FLOOR_TARGETS.statement}x the floor's.`,
  '',
  '| call | statements | floor p50 / p97.5 ms | API p50 / p97.5 ms | API / floor | met |',
  '| ---- | ---------: | -------------------: | -----------------: | ----------: | --- |',
  ...rows.map(
    (r) =>
      `| ${r.name} (\`${r.path}\`) | ${r.statements} | ${ms(r.floor?.p50)} / ${ms(r.floor?.p97_5)} | ${ms(r.api?.p50)} / ${ms(r.api?.p97_5)} | ${r.ratio}x | ${r.met ? 'yes' : '**no**'} |`,
  ),
  '',
].join('\n');
writeFileSync(join(resultsDir, `statements-${scale}.md`), await format(md, { parser: 'markdown' }));
console.log(`\n${md}`);
