/**
 * npm run cases --workspace bench -- [--scale small|large]
 *
 * Issue 49: the case desk's first page and its counts within their SQL
 * floor's 2x with 100,000 cases at a million trips (--scale large; small is
 * the same data at 1%: 1,000 cases over the small seed's trips), and an
 * SOS's way to a second administrator's screen within 2 s (p95 of 20).
 *
 * The scale is seeded into a throw-away PostgreSQL server (or
 * BENCH_DATABASE_URL, reused when seeded); the cases are written by SQL over
 * the newest trips (a mix like a desk's: 2% SOS, 20% low ratings, the rest
 * complaints; 5% open, but no SOS left New: one waits minutes, not days, and
 * the banner below must show the bench's own). Each desk call's SQL is captured from the API's own
 * code and replayed by 10 workers (the floor, BENCH_FLOOR_SECONDS, default 3),
 * then the call is loaded over HTTP on the production API (autocannon, 10
 * connections, BENCH_SECONDS, default 6). Every answer of case-list carries
 * the open counts (the sidebar's badge), so each figure includes them.
 *
 * Then the SOS: a signed-in panel (/, headless Chromium) is open; 20 times an
 * SOS goes to `POST cases` through the integration API, timed from the
 * request to the banner naming it on the panel, then acknowledged through
 * the admin API and the banner seen gone before the next.
 *
 * Prints and writes bench/results/cases-<scale>.{json,md}.
 */
import { writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { chromium } from 'playwright-core';
import { format } from 'prettier';
import { FLOOR_TARGETS, type Call } from './lib/calls';
import { preparePostgres, type Scale } from './lib/databases';
import { API_BASE, captureAndMeasureFloor } from './lib/floor';
import { measureBesideFloor, type FloorRow } from './lib/beside-floor';
import { signIn, startApi, warmUp } from './lib/http';
import { round } from './lib/stats';
import { CHROMIUM_ARGS, ensureBuild, signedInContext } from './lib/web';

const { values } = parseArgs({ options: { scale: { type: 'string', default: 'large' } } });
const scale = values.scale as Scale;
if (scale !== 'small' && scale !== 'large') throw new Error(`--scale small|large, not ${scale}`);
const floorSeconds = Number(process.env.BENCH_FLOOR_SECONDS ?? 3);
const httpSeconds = Number(process.env.BENCH_SECONDS ?? 6);
const CASES: Record<Scale, number> = { small: 1_000, large: 100_000 };
const SOS_RUNS = 20;
/** The targets: a desk call within 2x its floor; an SOS on screen within 2 s (p95). */
const SOS_TARGET_MS = 2_000;
const uploadDir = join(tmpdir(), `cabdesk-bench-uploads-${scale}`);
const resultsDir = fileURLToPath(new URL('./results', import.meta.url));
const INTEGRATION = '/taxi-service/integration/v1/';
const started = Date.now();
const log = (msg: string) =>
  console.log(`[${((Date.now() - started) / 1000).toFixed(0).padStart(4)} s] ${msg}`);

/** The desk's calls: its first page as it opens, filtered, and every panel's SOS banner. */
const DESK_CALLS: Call[] = [
  { name: 'case desk, first page', group: 'list', path: 'case-list' },
  { name: 'open cases', group: 'filter', path: 'case-list?status=open' },
  { name: 'SOS cases', group: 'filter', path: 'case-list?kind=sos' },
  {
    name: 'new complaints',
    group: 'filter',
    path: 'case-list?status=New&kind=complaint',
  },
  {
    name: 'the SOS banner',
    group: 'filter',
    path: 'case-list?kind=sos&status=New&per_page=5',
  },
];

/**
 * `n` cases over the newest trips, unless there are as many already: the
 * kind, type, status and deadlines as intake and the desk write them.
 */
const seedCases = (n: number) => `
  insert into cases (external_id, kind, complaint_type, status, ride_id, driver_id, passenger_id,
    reported_by, text, reported_at, acknowledge_due_at, resolve_due_at, due_at, acknowledged_at,
    closed_at, outcome, created_at, updated_at)
  select 'bench-' || r.n, k.kind,
    case when k.kind = 'complaint'
      then (array['driver_behaviour','overcharge','route','lost_item','safety','other'])[1 + r.n % 6] end,
    s.status, r.id, r.driver_id, r.user_id, 'passenger', 'Bench case ' || r.n,
    r.at, r.at + k.ack, r.at + k.res,
    case s.status when 'New' then r.at + k.ack
                  when 'Acknowledged' then r.at + k.res
                  when 'In progress' then r.at + k.res end,
    case when s.status <> 'New' then r.at + k.ack / 2 end,
    case when s.status in ('Resolved', 'False alarm') then r.at + k.res / 2 end,
    case when s.status = 'Resolved' then 'no_action' end,
    r.at, r.at
  from (select id, driver_id, user_id, created_at as at, row_number() over (order by id desc) as n
        from rides order by id desc limit ${n}) r
  cross join lateral (select
    case when r.n % 50 = 0 then 'sos' when r.n % 5 = 1 then 'rating' else 'complaint' end as kind) k0
  cross join lateral (select k0.kind,
    case k0.kind when 'sos' then interval '5 minutes' else interval '8 hours' end as ack,
    case k0.kind when 'sos' then interval '60 minutes' else interval '72 hours' end as res) k
  cross join lateral (select case
    when r.n % 100 < 2 and k.kind <> 'sos' then 'New' when r.n % 100 < 4 then 'Acknowledged'
    when r.n % 100 < 5 then 'In progress' when r.n % 100 < 90 then 'Resolved'
    else 'False alarm' end as status) s
  where (select count(*) from cases) < ${n}`;

const nth = (sorted: number[], q: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)] ?? NaN;

ensureBuild(false, log);
const db = await preparePostgres(scale, uploadDir, log);
let rows: FloorRow[] = [];
let sos: { samples: number[]; p50: number; p95: number; max: number; met: boolean } | null = null;
let caseCount = 0;
try {
  if (db.engine.kind !== 'postgres') throw new Error('bench: the desk is measured on PostgreSQL');
  const { calls, floor } = await captureAndMeasureFloor(
    db.engine,
    uploadDir,
    floorSeconds,
    log,
    async (query) => {
      log(`cases: writing ${CASES[scale].toLocaleString('en-US')} over the newest trips`);
      await query(seedCases(CASES[scale]));
      await query('analyze cases');
      caseCount = Number(
        (await query<{ n: string }>('select count(*)::text as n from cases'))[0]?.n,
      );
      // The SOS's reporter: a passenger the integration API knows by external_id.
      await query(`update users set external_id = 'bench-sos-reporter'
                   where id = (select min(id) from users where role = 'User' and deleted_at is null)
                     and external_id is null`);
      return DESK_CALLS;
    },
  );
  log(`cases: ${caseCount.toLocaleString('en-US')} at the desk`);
  const api = await startApi(db.engine, uploadDir);
  try {
    const token = await signIn(api.base);
    await warmUp(
      api.base,
      calls.map((call) => `${API_BASE}${call.path}`),
      token,
    );
    rows = await measureBesideFloor(api, db.engine.url, token, { calls, floor }, httpSeconds, log);
    sos = await sosToScreen(api.base, token);
  } finally {
    await api.stop();
  }
} finally {
  db.stop();
}

/** 20 SOSes through the integration API, each timed from the request to its banner on an open panel. */
async function sosToScreen(base: string, token: string) {
  const admin = (path: string, body: unknown) =>
    fetch(`${base}${API_BASE}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify(body),
    }).then(async (res) => {
      if (!res.ok) throw new Error(`bench: ${path} answered ${res.status} ${await res.text()}`);
      return ((await res.json()) as { data: Record<string, unknown> }).data;
    });
  const key = String(
    (await admin('integration-key-create', { name: 'Bench SOS', scopes: ['cases:write'] })).key,
  );
  const browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: CHROMIUM_ARGS,
  });
  const samples: number[] = [];
  try {
    const context = await signedInContext(browser, base);
    const page = await context.newPage();
    await page.goto('/');
    await page.locator('a[href="/cases"]').first().waitFor({ timeout: 60_000 });
    const banner = page.getByTestId('sos-banner');
    // Run 0 is not counted: the panel's live stream is surely open after it.
    for (let run = 0; run <= SOS_RUNS; run++) {
      const externalId = `bench-sos-${Date.now()}-${run}`;
      const sent = Date.now();
      const res = await fetch(`${base}${INTEGRATION}cases`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${key}` },
        body: JSON.stringify({
          external_id: externalId,
          kind: 'sos',
          reporter_external_id: 'bench-sos-reporter',
          at: new Date(sent - 1_000).toISOString(),
        }),
      });
      if (!res.ok) throw new Error(`bench: POST cases answered ${res.status} ${await res.text()}`);
      const { id } = ((await res.json()) as { data: { id: number } }).data;
      await page
        .locator(`[data-testid="sos-banner"] a[href="/cases/${id}"]`)
        .waitFor({ timeout: 30_000 });
      const took = Date.now() - sent;
      if (run > 0) samples.push(took);
      await admin('case-update', { id, status: 'Acknowledged' });
      await banner.waitFor({ state: 'detached', timeout: 30_000 });
      log(
        `  SOS ${run}: on the panel after ${took} ms${run === 0 ? ' (warm-up, not counted)' : ''}`,
      );
    }
  } finally {
    await browser.close();
  }
  const sorted = [...samples].sort((a, b) => a - b);
  const p95 = nth(sorted, 0.95);
  return {
    samples,
    p50: nth(sorted, 0.5),
    p95,
    max: sorted.at(-1) ?? NaN,
    met: p95 <= SOS_TARGET_MS,
  };
}

const ms = (value: number | undefined) => (value === undefined ? '—' : String(round(value)));
const result = {
  date: new Date().toISOString(),
  scale,
  cases: caseCount,
  loadAverage: loadavg(),
  rows,
  sos,
};
writeFileSync(
  join(resultsDir, `cases-${scale}.json`),
  await format(JSON.stringify(result), { parser: 'json' }),
);
const md = [
  `# The case desk at the ${scale} scale, PostgreSQL`,
  '',
  `${result.date}, ${caseCount.toLocaleString('en-US')} cases, load average ${loadavg()
    .map((n) => n.toFixed(2))
    .join(
      ' ',
    )} at the end; targets: p97.5 within ${FLOOR_TARGETS.list}x the floor's, an SOS on the panel within ${SOS_TARGET_MS} ms (p95 of ${SOS_RUNS}).`,
  '',
  '| call | statements | floor p50 / p97.5 ms | API p50 / p97.5 ms | API / floor | met |',
  '| ---- | ---------: | -------------------: | -----------------: | ----------: | --- |',
  ...rows.map(
    (r) =>
      `| ${r.name} (\`${r.path}\`) | ${r.statements} | ${ms(r.floor?.p50)} / ${ms(r.floor?.p97_5)} | ${ms(r.api?.p50)} / ${ms(r.api?.p97_5)} | ${r.ratio}x | ${r.met ? 'yes' : '**no**'} |`,
  ),
  '',
  sos
    ? `SOS through the integration API to the banner on an open panel (Chromium), ${SOS_RUNS} runs: p50 ${sos.p50} ms, p95 ${sos.p95} ms, max ${sos.max} ms: ${sos.met ? 'met' : '**not met**'}.`
    : 'SOS: not measured.',
  '',
].join('\n');
writeFileSync(join(resultsDir, `cases-${scale}.md`), await format(md, { parser: 'markdown' }));
console.log(`\n${md}`);
