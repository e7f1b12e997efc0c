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
 * Then a payout batch drafted (`POST payout-batch-create`, period_end today)
 * PAYOUT_DRAFTS times, each discarding the one before, with bank details given
 * to up to 10,000 drivers owed at least the minimum (at the large scale: a
 * batch paying 10,000 drivers, in at most 5 s). Prints and writes
 * bench/results/statements-<scale>.{json,md}.
 */
import { writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { format } from 'prettier';
import { findFixture, FLOOR_TARGETS, statementCalls } from './lib/calls';
import { preparePostgres, type Scale } from './lib/databases';
import { API_BASE, captureAndMeasureFloor } from './lib/floor';
import { measureBesideFloor, type FloorRow } from './lib/beside-floor';
import { settle, signIn, startApi, warmUp } from './lib/http';
import { round } from './lib/stats';

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

/** Drafting a payout batch for 10,000 drivers: at most 5 s (issue 48). */
const PAYOUT_TARGET_MS = 5000;
const PAYOUT_PAYEES = 10_000;
const PAYOUT_DRAFTS = 3;

type Payout = {
  period_end: string;
  pay: number;
  blocked: number;
  owing: number;
  ms: number[];
  worst: number;
  met: boolean;
};

/** A valid German IBAN (mod 97 check digits) whose account number is `n`. */
function germanIban(n: number): string {
  const bban = `37040044${String(n).padStart(10, '0')}`;
  const check = 98n - (BigInt(`${bban}131400`) % 97n);
  return `DE${String(check).padStart(2, '0')}${bban}`;
}

/**
 * Bank details for up to `count` drivers owed at least 10.00 (the default
 * minimum), the lowest ids first, so a draft pays them; kept if already there.
 */
async function giveBankDetails(url: string, count: number): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows: drivers } = await client.query<{ id: number }>(
      `select b.party_id as id from ledger_balances b join users u on u.id = b.party_id
       where u.role = 'Driver' and b.account in ('driver', 'driver_cash')
       group by b.party_id having -sum(b.amount) >= 10 order by b.party_id limit $1`,
      [count],
    );
    const ids = drivers.map((d) => d.id);
    await client.query(
      `insert into bank_details (user_id, iban, bic, holder)
       select id, iban, 'COBADEFFXXX', 'Driver ' || id
       from unnest($1::int[], $2::text[]) as t(id, iban)
       on conflict (user_id) do nothing`,
      [ids, ids.map(germanIban)],
    );
  } finally {
    await client.end();
  }
}

/** Drafts a batch for today `times` times (each discards the one before): the wall time of each. */
async function draftPayouts(base: string, token: string, times: number): Promise<Payout> {
  const periodEnd = new Date().toISOString().slice(0, 10);
  const ms: number[] = [];
  let states: Record<string, number> = {};
  for (let i = 0; i < times; i++) {
    const began = performance.now();
    const res = await fetch(`${base}${API_BASE}payout-batch-create`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ period_end: periodEnd }),
    });
    const body = (await res.json()) as { data: { items: { state: string }[] } };
    ms.push(Math.round(performance.now() - began));
    if (!res.ok) throw new Error(`bench: payout-batch-create answered ${res.status}`);
    states = {};
    for (const item of body.data.items) states[item.state] = (states[item.state] ?? 0) + 1;
  }
  const worst = Math.max(...ms);
  return {
    period_end: periodEnd,
    pay: states.pay ?? 0,
    blocked: states.blocked ?? 0,
    owing: states.owing ?? 0,
    ms,
    worst,
    met: worst <= PAYOUT_TARGET_MS,
  };
}

const db = await preparePostgres(scale, uploadDir, log);
let rows: FloorRow[] = [];
let payout: Payout | null = null;
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
    rows = await measureBesideFloor(api, db.engine.url, token, { calls, floor }, httpSeconds, log);
    await giveBankDetails(db.engine.url, PAYOUT_PAYEES);
    await settle(api.base, db.engine.url);
    payout = await draftPayouts(api.base, token, PAYOUT_DRAFTS);
    log(
      `  payout draft: ${payout.pay} to pay, ${payout.blocked} blocked, ${payout.owing} owing: ` +
        `${payout.ms.join(', ')} ms (target ${PAYOUT_TARGET_MS} ms)`,
    );
  } finally {
    await api.stop();
  }
} finally {
  db.stop();
}

const ms = (value: number | undefined) => (value === undefined ? '—' : String(round(value)));
const result = {
  date: new Date().toISOString(),
  scale,
  loadAverage: loadavg(),
  rows,
  payout: payout && { ...payout, target_ms: PAYOUT_TARGET_MS },
};
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
  ...(payout
    ? [
        `Payout draft (\`payout-batch-create\`, period_end ${payout.period_end}): ${payout.pay} payees to pay, ` +
          `${payout.blocked} blocked, ${payout.owing} owing; ${payout.ms.join(', ')} ms over ${payout.ms.length} drafts, ` +
          `target ${PAYOUT_TARGET_MS} ms: ${payout.met ? 'met' : '**not met**'}.`,
        '',
      ]
    : []),
].join('\n');
writeFileSync(join(resultsDir, `statements-${scale}.md`), await format(md, { parser: 'markdown' }));
console.log(`\n${md}`);
