/**
 * npm run search --workspace bench -- <database url> [<database url> ...]
 *
 * Issue 23: every search's cost is bounded by the page asked for, whatever
 * ANALYZE sampled. On each seeded PostgreSQL database given (seed the large
 * scale into two, each ANALYZEd on its own sample), it searches the 20 most
 * frequent address words of the trips, the 20 most frequent surnames and 20
 * phone fragments of the passengers, through every list each kind of term
 * reaches. Each search's SQL, captured from the API's own code, is replayed
 * by 10 workers (the floor, BENCH_FLOOR_SECONDS each, default 0.5); the
 * worst term of each kind on each database is then loaded over HTTP against
 * the production API (autocannon, 10 connections, BENCH_SECONDS, default 2),
 * beside the bare Fastify ceiling of the same run, and each term's plans are
 * run once under EXPLAIN (ANALYZE, BUFFERS) to count the pages they touch, a
 * measure of their work a busy machine does not change. Prints and writes
 * bench/results/search-large.{json,md}.
 */
import { writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { format } from 'prettier';
import pg from 'pg';
import { applySessionSettings } from '@cabdesk/api';
import type { Call } from './lib/calls';
import { API_BASE, captureAndMeasureFloor, type Statement } from './lib/floor';
import { load, settle, signIn, startApi, startCeiling, warmUp } from './lib/http';
import { round, type Figures } from './lib/stats';

const urls = process.argv.slice(2).filter((arg) => !arg.startsWith('--'));
if (!urls.length) throw new Error('usage: npm run search --workspace bench -- <database url>...');
const floorSeconds = Number(process.env.BENCH_FLOOR_SECONDS ?? 0.5);
const httpSeconds = Number(process.env.BENCH_SECONDS ?? 2);
const uploadDir = join(tmpdir(), 'cabdesk-bench-uploads-large');
const started = Date.now();
const log = (msg: string) =>
  console.log(`[${((Date.now() - started) / 1000).toFixed(0).padStart(4)} s] ${msg}`);
const q = encodeURIComponent;

type Rows = <T>(text: string) => Promise<T[]>;

/** The terms: what administrators type most, found in the data of each database. */
async function termsOf(rows: Rows) {
  const words = await rows<{ term: string }>(
    `select w as term from (
       select pickup_address || ' ' || drop_address as a from rides tablesample system (2) repeatable (23)
     ) r, regexp_split_to_table(lower(a), '[^a-z]+') w
     where length(w) >= 4 group by w order by count(*) desc, w limit 20`,
  );
  const surnames = await rows<{ term: string }>(
    `select lower(regexp_replace(name, '^.* ', '')) as term from users
     where role = 'User' and deleted_at is null group by 1 order by count(*) desc, 1 limit 20`,
  );
  const phones = await rows<{ term: string }>(
    `select substr(phone, 4 + id % 4, 4) as term from users
     where role = 'User' and deleted_at is null and length(phone) >= 10
     order by hashint4(id) limit 20`,
  );
  const list = (r: { term: string }[]) => r.map((row) => row.term);
  return { words: list(words), surnames: list(surnames), phones: list(phones) };
}

/** Each kind of search: the list it is typed into and the terms it is measured with. */
const KINDS = [
  { kind: 'trips by address word', terms: 'words', path: 'ride-list?search=' },
  { kind: 'trips by surname', terms: 'surnames', path: 'ride-list?search=' },
  { kind: 'trips by phone fragment', terms: 'phones', path: 'ride-list?search=' },
  { kind: 'passengers by surname', terms: 'surnames', path: 'user-list?user_type=User&search=' },
  {
    kind: 'passengers by phone fragment',
    terms: 'phones',
    path: 'user-list?user_type=User&search=',
  },
  { kind: 'drivers by surname', terms: 'surnames', path: 'user-list?user_type=Driver&search=' },
  { kind: 'all users by surname', terms: 'surnames', path: 'all-users?search=' },
  { kind: 'vehicles by surname', terms: 'surnames', path: 'vehicle-list?search=' },
] as const;

/**
 * The 8 kB pages a call's statements touch (shared buffers hit or read, from
 * EXPLAIN (ANALYZE, BUFFERS) with the API's session settings): the work its
 * plans do, the same on a busy machine as on a quiet one.
 */
async function pagesOf(url: string, statements: Statement[]): Promise<number> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await applySessionSettings(client);
    let pages = 0;
    for (const statement of statements) {
      const { rows } = await client.query<{ 'QUERY PLAN': [{ Plan: Record<string, number> }] }>(
        `explain (analyze, buffers, format json) ${statement.text}`,
        statement.params,
      );
      const plan = rows[0]?.['QUERY PLAN'][0]?.Plan;
      pages += (plan?.['Shared Hit Blocks'] ?? 0) + (plan?.['Shared Read Blocks'] ?? 0);
    }
    return pages;
  } finally {
    await client.end();
  }
}

type Worst = {
  database: string;
  kind: string;
  term: string;
  terms: number;
  /** The floor's p50 range over every term of the kind. */
  floorP50Range: [number | null, number | null];
  floor: Figures;
  api: Figures | null;
  /** The most pages any term of the kind touched, and that term. */
  pages: { most: number; term: string };
};

const results: { date: string; loadAverage: number[]; ceiling: Figures | null; worst: Worst[] } = {
  date: new Date().toISOString(),
  loadAverage: loadavg().map((n) => round(n) ?? 0),
  ceiling: null,
  worst: [],
};

const ceiling = await startCeiling();
try {
  results.ceiling = await load(`${ceiling.base}/constant`, httpSeconds);
  log(`ceiling: p50 ${results.ceiling.p50} ms, ${results.ceiling.rps.toFixed(0)} req/s`);
} finally {
  await ceiling.stop();
}

for (const url of urls) {
  const database = new URL(url).pathname.slice(1) || url;
  const engine = { kind: 'postgres' as const, url };
  const byName = new Map<string, { kind: string; term: string }>();
  const { calls, floor } = await captureAndMeasureFloor(
    engine,
    uploadDir,
    floorSeconds,
    () => {},
    async (rows) => {
      const terms = await termsOf(rows);
      log(`${database}: words ${terms.words.join(', ')}`);
      log(`${database}: surnames ${terms.surnames.join(', ')}`);
      log(`${database}: phone fragments ${terms.phones.join(', ')}`);
      return KINDS.flatMap(({ kind, terms: key, path }) =>
        terms[key].map((term): Call => {
          const name = `${kind} "${term}"`;
          byName.set(name, { kind, term });
          return { group: 'search', name, path: `${path}${q(term)}` };
        }),
      );
    },
  );
  const worst: Worst[] = [];
  for (const { kind } of KINDS) {
    const measured = calls
      .filter((call) => byName.get(call.name)?.kind === kind && floor.has(call.path))
      .map((call) => ({ call, figures: floor.get(call.path)! }));
    const top = measured.reduce<(typeof measured)[number] | undefined>(
      (a, b) => (!a || b.figures.p97_5 > a.figures.p97_5 ? b : a),
      undefined,
    );
    if (!top) continue;
    const p50s = measured.map((m) => m.figures.p50);
    const pages = { most: -1, term: '' };
    for (const { call } of measured) {
      const n = await pagesOf(url, call.statements);
      if (n > pages.most) Object.assign(pages, { most: n, term: byName.get(call.name)!.term });
    }
    worst.push({
      database,
      kind,
      term: byName.get(top.call.name)!.term,
      terms: measured.length,
      floorP50Range: [round(Math.min(...p50s), 2), round(Math.max(...p50s), 2)],
      floor: top.figures,
      api: null,
      pages,
    });
    log(`${database} ${kind}: worst "${top.call.name}" floor p97.5 ${top.figures.p97_5} ms`);
  }
  const api = await startApi(engine, uploadDir);
  try {
    const token = await signIn(api.base);
    const pathOf = (row: Worst) =>
      `${API_BASE}${KINDS.find((k) => k.kind === row.kind)!.path}${q(row.term)}`;
    await warmUp(api.base, worst.map(pathOf), token);
    for (const row of worst) {
      const path = pathOf(row);
      await settle(api.base, url);
      row.api = await load(`${api.base}${path}`, httpSeconds, token, api);
      log(`${database} ${row.kind} "${row.term}": p50 ${row.api.p50}, p97.5 ${row.api.p97_5} ms`);
    }
  } finally {
    await api.stop();
  }
  results.worst.push(...worst);
}

const ms = (n: number | null | undefined, digits = 1) =>
  n === null || n === undefined ? '-' : String(round(n, digits));
const cpu = (f: Figures | null) =>
  f?.cpu ? `${ms(f.cpu.api, 2)} / ${ms(f.cpu.database, 2)}` : '-';
const times = (a: number | undefined, b: number | undefined) =>
  a === undefined || b === undefined || b <= 0 ? '-' : `${round(a / b)}x`;
const lines = [
  `# Searches at a million trips: the worst term of each kind`,
  '',
  `Run ${results.date}, load average ${results.loadAverage.join(', ')} at the start; \`npm run search --workspace bench -- ${urls.map((u) => new URL(u).pathname.slice(1)).join(' ')}\`.`,
  `Floor: the search's SQL replayed by 10 workers for ${floorSeconds} s per term, after one untimed run each; API: the production`,
  `API under autocannon, 10 connections, ${httpSeconds} s, for the worst term of each kind (by floor p97.5), after a 2 s warm-up.`,
  `Fastify ceiling (constant JSON) in the same run: p50 ${ms(results.ceiling?.p50)} ms, p97.5 ${ms(results.ceiling?.p97_5)} ms, ${round(results.ceiling?.rps ?? NaN, 0)} req/s.`,
  'Milliseconds. Target (README): p97.5 within 40 ms on PostgreSQL.',
  '',
  '"pages": the most 8 kB pages (shared buffers) any term of the kind touched, from EXPLAIN (ANALYZE, BUFFERS):',
  'the work of its plans, which a busy machine does not change. "API CPU ms/call": the CPU time per call',
  'of the API process and of the PostgreSQL server under that load, from /proc.',
  '',
  '| database | kind | terms | most pages (term) | floor p50, every term | worst term | floor p50 / p97.5 | API p50 / p97.5 | API x floor (p50 / p97.5) | API req/s | API CPU ms/call: API / PG |',
  '| --- | --- | ---: | ---: | ---: | --- | ---: | ---: | ---: | ---: | ---: |',
  ...results.worst.map(
    (w) =>
      `| ${w.database} | ${w.kind} | ${w.terms} | ${w.pages.most} ("${w.pages.term}") | ${ms(w.floorP50Range[0])}-${ms(w.floorP50Range[1])} | "${w.term}" | ` +
      `${ms(w.floor.p50)} / ${ms(w.floor.p97_5)} | ${ms(w.api?.p50)} / ${ms(w.api?.p97_5)} | ` +
      `${times(w.api?.p50, w.floor.p50)} / ${times(w.api?.p97_5, w.floor.p97_5)} | ${round(w.api?.rps ?? NaN, 0) ?? '-'} | ${cpu(w.api)} |`,
  ),
  '',
];
const dir = fileURLToPath(new URL('./results', import.meta.url));
writeFileSync(
  join(dir, 'search-large.json'),
  await format(JSON.stringify(results), { parser: 'json' }),
);
const markdown = await format(lines.join('\n'), { parser: 'markdown' });
writeFileSync(join(dir, 'search-large.md'), markdown);
console.log(`\n${markdown}\nwritten: bench/results/search-large.{json,md}`);
