/** The results: one table on the terminal, JSON and Markdown under bench/results/. */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { format } from 'prettier';
import { FLOOR_TARGETS, type Group } from './calls';
import type { CpuPerRequest } from './cpu';
import type { LoadResult } from './load';
import { round, type Figures } from './stats';
import type { WebResult } from './web';

export type Row = {
  engine: 'postgres' | 'pglite';
  name: string;
  group: Group;
  path: string;
  targetMs: number;
  api: Figures | null;
  floor: Figures | null;
  statements: number;
  skipped?: string;
};

export type Results = {
  meta: {
    date: string;
    scale: string;
    quick: boolean;
    httpSeconds: number;
    floorSeconds: number;
    machine: Record<string, string | number>;
  };
  seedSeconds: Partial<Record<'postgres' | 'pglite', number | null>>;
  ceiling: Figures | null;
  rows: Row[];
  web: WebResult | null;
  /** The load test per engine; absent in results written before it was part of the run. */
  load?: LoadResult[];
};

/** An API figure over the floor's same figure: what HTTP, validation, auth and JSON add to the SQL. */
const ratioOf = (row: Row, figure: 'p50' | 'p97_5') =>
  row.api && row.floor && row.floor[figure] > 0 ? row.api[figure] / row.floor[figure] : NaN;

/**
 * Whether p97.5 is within FLOOR_TARGETS times the floor's p97.5: PostgreSQL
 * only, since PGlite's floor runs one query at a time while the API queues ten
 * connections on its one ('-' there and without a floor).
 */
const floorTargetOf = (row: Row) => (row.engine === 'postgres' ? FLOOR_TARGETS[row.group] : null);

function floorVerdict(row: Row): string {
  const ratio = ratioOf(row, 'p97_5');
  const target = floorTargetOf(row);
  if (!Number.isFinite(ratio) || target === null) return '-';
  return ratio <= target ? 'yes' : 'no';
}

/** The call's throughput as a share of the bare Fastify route's in the same run. */
const ceilingShare = (row: Row, ceiling: Figures | null) =>
  row.api && ceiling && ceiling.rps > 0 ? `${fmt((100 * row.api.rps) / ceiling.rps)}%` : '-';

/** CPU ms per call of the given sides ('-' where not measured: PGlite's database, older results). */
const cpuOf = (figures: Figures | null, sides: (keyof CpuPerRequest)[]) =>
  figures?.cpu ? sides.map((side) => fmt(figures.cpu?.[side], 2)).join(' / ') : '-';

/** Whether p97.5 is within the target; a call that answered nothing in time (all timeouts) is not. */
const met = (row: Row) => (row.api ? row.api.requests > 0 && row.api.p97_5 <= row.targetMs : false);

function verdict(row: Row): string {
  if (row.skipped) return '-';
  if (row.api && row.api.requests === 0) return 'no (no answer in the run)';
  return met(row) ? 'yes' : `no (${fmt((row.api?.p97_5 ?? 0) / row.targetMs)}x)`;
}

/** A call's name without its data-dependent words, to pair the same call across scales. */
const keyOf = (row: Pick<Row, 'engine' | 'name'>) =>
  `${row.engine}|${row.name.replace(/"[^"]*"/g, '"*"').replace(/page \d+( \(last\))?/, 'deep page')}`;

const fmt = (n: number | null | undefined, digits = 1) =>
  n === null || n === undefined || !Number.isFinite(n) ? '-' : String(round(n, digits));

/** p97.5 at this scale over p97.5 at the small scale, when a small-scale result file exists. */
function flatness(results: Results, dir: string): Map<string, number> {
  const ratios = new Map<string, number>();
  if (results.meta.scale !== 'large') return ratios;
  const file = [join(dir, 'small.json'), join(dir, 'small-quick.json')].find(existsSync);
  if (!file) return ratios;
  const small = JSON.parse(readFileSync(file, 'utf8')) as Results;
  const bySmall = new Map(small.rows.map((r) => [keyOf(r), r]));
  for (const row of results.rows) {
    const other = bySmall.get(keyOf(row));
    if (row.api && other?.api && other.api.p97_5 > 0)
      ratios.set(keyOf(row), row.api.p97_5 / other.api.p97_5);
  }
  return ratios;
}

function table(results: Results, flat: Map<string, number>): string[][] {
  const head = [
    'engine',
    'call',
    'p50 ms',
    'p97.5 ms',
    'p99 ms',
    'req/s',
    'floor p50 ms',
    'floor p97.5 ms',
    'p50 x floor',
    'p97.5 x floor',
    'target x floor',
    'met x floor',
    'req/s of ceiling',
    'CPU ms/call API / PG / load',
    'floor CPU ms/call PG / workers',
    'target p97.5',
    'met',
    ...(flat.size ? ['large/small'] : []),
  ];
  const rows: string[][] = [head];
  if (results.ceiling) {
    const c = results.ceiling;
    rows.push([
      'fastify',
      'ceiling: constant JSON',
      fmt(c.p50),
      fmt(c.p97_5),
      fmt(c.p99),
      fmt(c.rps, 0),
      ...Array<string>(12).fill('-'),
      ...(flat.size ? ['-'] : []),
    ]);
  }
  for (const r of results.rows) {
    rows.push([
      r.engine === 'postgres' ? 'PostgreSQL' : 'PGlite',
      r.skipped ? `${r.name} (skipped: ${r.skipped})` : r.name,
      fmt(r.api?.p50),
      fmt(r.api?.p97_5),
      fmt(r.api?.p99),
      fmt(r.api?.rps, 0),
      fmt(r.floor?.p50, 2),
      fmt(r.floor?.p97_5, 2),
      fmt(ratioOf(r, 'p50')),
      fmt(ratioOf(r, 'p97_5')),
      fmt(floorTargetOf(r)),
      floorVerdict(r),
      ceilingShare(r, results.ceiling),
      cpuOf(r.api, ['api', 'database', 'client']),
      cpuOf(r.floor, ['database', 'client']),
      `${r.targetMs}`,
      verdict(r),
      ...(flat.size ? [fmt(flat.get(keyOf(r)), 2)] : []),
    ]);
  }
  return rows;
}

function plain(rows: string[][]): string {
  const widths = rows[0]?.map((_, i) => Math.max(...rows.map((r) => (r[i] ?? '').length))) ?? [];
  return rows
    .map((r) =>
      r
        .map((cell, i) => (i < 2 ? cell.padEnd(widths[i] ?? 0) : cell.padStart(widths[i] ?? 0)))
        .join('  '),
    )
    .join('\n');
}

function markdown(rows: string[][]): string {
  const [head = [], ...body] = rows;
  const align = head.map((_, i) => (i < 2 ? '---' : '---:'));
  return [head, align, ...body].map((r) => `| ${r.join(' | ')} |`).join('\n');
}

function loadSection(load: LoadResult[]): string {
  const rows = [
    [
      'database',
      'requests',
      'req/s',
      'p50',
      'p97.5',
      'p99',
      'max',
      'errors / timeouts',
      'non-2xx',
      'RSS at rest / peak',
    ],
    ...load.map((l) => [
      l.engine === 'postgres' ? 'PostgreSQL' : 'PGlite',
      String(l.requests),
      String(l.rps),
      `${l.p50_ms} ms`,
      `${l.p97_5_ms} ms`,
      `${l.p99_ms} ms`,
      `${l.max_ms} ms`,
      `${l.errors_incl_timeouts} / ${l.timeouts}`,
      String(l.non2xx),
      `${l.rss_at_rest_mib} / ${l.rss_peak_mib} MiB`,
    ]),
  ];
  const first = load[0];
  return [
    `The production API on a fresh database with the demo data, ${first?.connections} connections ` +
      `for ${first?.seconds} s on the list calls (autocannon, 30 s timeout).`,
    '',
    markdown(rows),
  ].join('\n');
}

function webSection(web: WebResult): string {
  const lines = [
    `Initial JavaScript (index.html entry and preloads): **${web.initial.gzipKb} KB gzip** ` +
      `(budget ${web.initial.budgetKb} KB: ${web.initial.gzipKb <= web.initial.budgetKb ? 'met' : 'missed'}).`,
    '',
    '| route | scripts | JS gzip KB (initial + lazy) |',
    '|---|---:|---:|',
    ...web.routes.map((r) => `| ${r.route} | ${r.files} | ${r.gzipKb} |`),
    '',
    `Dashboard largest contentful paint, headless Chromium on loopback: median **${fmt(web.lcp.median, 0)} ms** ` +
      `over ${web.lcp.samples.length} cold loads (${web.lcp.samples.map((s) => fmt(s, 0)).join(', ')}; target ${web.lcp.targetMs} ms). ` +
      `Largest element: \`${web.lcp.element.replace(/`/g, "'")}\`.`,
    '',
    web.inp.worstMs === null
      ? 'Typing in a search box: not measured (no search box found).'
      : `Typing a search on /user: ${web.inp.events} key/input events of 16 ms or more` +
        (web.inp.events ? `, the longest ${fmt(web.inp.worstMs, 0)} ms` : '') +
        ` (target: interactions under ${web.inp.targetMs} ms).`,
  ];
  return lines.join('\n');
}

/** Prints the table and writes `<name>.json` and `<name>.md` (formatted as the repository's Prettier would). */
export async function report(results: Results, dir: string, name: string): Promise<string> {
  const flat = flatness(results, dir);
  const rows = table(results, flat);
  console.log(`\n${plain(rows)}\n`);
  if (results.web) console.log(webSection(results.web).replace(/\*\*/g, ''));
  if (results.load?.length) console.log(`\n${loadSection(results.load)}\n`);

  const m = results.meta;
  const seed = Object.entries(results.seedSeconds)
    .map(([engine, s]) => `${engine} ${s === null || s === undefined ? 'reused' : `${fmt(s)} s`}`)
    .join(', ');
  const md = [
    `# Benchmark: ${m.scale} scale${m.quick ? ' (quick)' : ''}`,
    '',
    `${m.date}. Machine: ${Object.entries(m.machine)
      .map(([k, v]) => `${k} ${v}`)
      .join('; ')}.`,
    `autocannon, 10 connections, ${m.httpSeconds} s per call; floor: the same SQL through the driver ` +
      `without HTTP, ${m.floorSeconds} s per call, by 10 workers on PostgreSQL (a pool of 10) and ` +
      `one at a time on PGlite (one connection). Seed: ${seed}.`,
    '"p50 x floor" and "p97.5 x floor" are the API figure over the floor\'s same figure, ' +
      '"met x floor" compares p97.5 x floor with its target (FLOOR_TARGETS), "req/s of ceiling" ' +
      'is the throughput over the bare Fastify route\'s in the same run; "CPU ms/call" is the CPU ' +
      'time per call of the API process, the PostgreSQL server and the load generator ' +
      '(autocannon), and of PostgreSQL and the workers for the floor, from /proc; "met" compares ' +
      'p97.5 with the absolute target.',
    '',
    markdown(rows),
    '',
    ...(results.web ? ['## Web', '', webSection(results.web), ''] : []),
    ...(results.load?.length ? ['## Load', '', loadSection(results.load), ''] : []),
  ].join('\n');
  mkdirSync(dir, { recursive: true });
  writeFileSync(
    join(dir, `${name}.json`),
    await format(JSON.stringify(results), { parser: 'json' }),
  );
  writeFileSync(join(dir, `${name}.md`), await format(md, { parser: 'markdown' }));
  return md;
}
