/**
 * npm run lighthouse --workspace bench -- [--dist apps/web/dist] [--label after] [--runs 3]
 *                                         [--pages login,dashboard,trips] [--reports <dir>]
 *
 * Issue 47's web targets: Lighthouse (desktop preset) against the built web
 * app served by the production server (PGlite, the demo data), in Debian's
 * Chromium. Three pages: the login page signed out, the dashboard and the
 * trip list signed in (the session the app keeps in localStorage, written in
 * the browser's profile before the runs; Lighthouse clears the cache and the
 * service workers before each run, not localStorage). Each page --runs times
 * on a cold cache; prints the median performance, accessibility and best
 * practices scores beside their targets, and the login page's bytes
 * transferred (Lighthouse's total byte weight: what the network carried,
 * compressed when the server compresses) with each file's share, and what
 * each file of the build would weigh gzip'd and brotli'd (the build's files
 * compressed here, at the levels a build step would use).
 *
 * Writes bench/results/lighthouse-<label>.{json,md}; --reports also each
 * run's whole Lighthouse report (every audit's details) into a directory,
 * --pages measures some pages only. --dist serves another
 * build (e.g. one of main's, to compare before and after); without one the
 * build of apps/web is used, built first when there is none.
 */
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';
import { chromium } from 'playwright-core';
import { format } from 'prettier';
import { ADMIN, API_BASE } from './lib/floor';
import { startApi } from './lib/http';
import { quantile } from './lib/stats';
import { CHROMIUM_ARGS, ensureBuild } from './lib/web';

const { values } = parseArgs({
  options: {
    dist: { type: 'string' },
    label: { type: 'string', default: 'after' },
    runs: { type: 'string', default: '3' },
    pages: { type: 'string', default: 'login,dashboard,trips' },
    reports: { type: 'string' },
  },
});
const runs = Number(values.runs);
const label = values.label;
if (!/^[\w-]+$/.test(label)) throw new Error('--label: letters, digits, - and _ only');
const root = fileURLToPath(new URL('..', import.meta.url));
if (values.dist) process.env.BENCH_WEB_DIST = resolve(process.cwd(), values.dist);

/** Issue 47's targets. */
const TARGETS = {
  performance: 0.9,
  accessibility: 1,
  'best-practices': 1,
  loginKiB: 300,
};
const CATEGORIES = ['performance', 'accessibility', 'best-practices'] as const;
type Category = (typeof CATEGORIES)[number];

const ALL_PAGES = [
  { key: 'login', name: 'login', path: '/login', signedIn: false },
  { key: 'dashboard', name: 'dashboard', path: '/', signedIn: true },
  { key: 'trips', name: 'trip list', path: '/trip', signedIn: true },
] as const;
const PAGES = ALL_PAGES.filter((p) => values.pages.split(',').includes(p.key));
if (PAGES.length === 0) throw new Error('--pages: login, dashboard and/or trips');
const reportsDir = values.reports ? resolve(process.cwd(), values.reports) : undefined;
if (reportsDir) mkdirSync(reportsDir, { recursive: true });

type Run = {
  scores: Record<Category, number>;
  bytes: number;
  /** Each file's transferred and resource (uncompressed) bytes. */
  files: { url: string; transferred: number; resource: number }[];
  /** The audits short of a full score, with what Lighthouse says of them. */
  failing: { id: string; score: number; value: string }[];
};
type PageResult = {
  name: string;
  path: string;
  runs: Run[];
  median: Record<Category, number>;
  medianBytes: number;
};

const started = Date.now();
const log = (msg: string) =>
  console.log(`[${((Date.now() - started) / 1000).toFixed(0).padStart(4)} s] ${msg}`);

/** The session the web app keeps in localStorage (lib/storage), from a sign-in through the API. */
async function session(base: string): Promise<Record<string, string>> {
  const res = await fetch(`${base}${API_BASE}login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ ...ADMIN, user_type: 'Admin', device_type: 'Web', device_token: '' }),
  });
  if (!res.ok) throw new Error(`lighthouse: sign-in answered ${res.status}`);
  const { data } = (await res.json()) as { data: { token: string; user: { id: number } } };
  return { access_token: data.token, UserId: String(data.user.id), isLogin: '1' };
}

/** Writes `items` into the localStorage of `base`'s origin in the Chrome listening on `port`. */
async function writeLocalStorage(port: number, base: string, items: Record<string, string>) {
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${port}`);
  try {
    const context = browser.contexts()[0];
    if (!context) throw new Error('lighthouse: Chrome has no default context');
    const page = await context.newPage();
    // The favicon: same origin, no app code run.
    await page.goto(`${base}/favicon.svg`);
    await page.evaluate((entries) => {
      for (const [key, value] of Object.entries(entries)) localStorage.setItem(key, value);
    }, items);
    await page.close();
  } finally {
    await browser.close();
  }
}

declare const localStorage: { setItem(key: string, value: string): void };

async function measure(base: string, page: (typeof PAGES)[number]): Promise<Run[]> {
  const profile = mkdtempSync(join(tmpdir(), 'cabdesk-lighthouse-'));
  const chrome = await chromeLauncher.launch({
    chromePath: '/usr/bin/chromium',
    chromeFlags: CHROMIUM_ARGS,
    userDataDir: profile,
  });
  try {
    if (page.signedIn) await writeLocalStorage(chrome.port, base, await session(base));
    const results: Run[] = [];
    for (let i = 0, failures = 0; i < runs; i++) {
      const answer = await lighthouse(
        `${base}${page.path}`,
        { port: chrome.port, output: 'json', logLevel: 'error' },
        desktopConfig,
      );
      const lhr = answer?.lhr;
      if (!lhr) throw new Error(`lighthouse: no result for ${page.path}`);
      if (lhr.runtimeError) {
        // On a loaded machine the trace now and then misses the navigation (NO_NAVSTART): run again.
        if (++failures > 3) throw new Error(`lighthouse: ${lhr.runtimeError.message}`);
        log(`  ${page.name} run ${i + 1}: ${lhr.runtimeError.code}, once more`);
        i--;
        continue;
      }
      if (reportsDir)
        writeFileSync(join(reportsDir, `${label}-${page.key}-${i + 1}.json`), JSON.stringify(lhr));
      const finalUrl = new URL(lhr.finalDisplayedUrl).pathname;
      if (finalUrl !== page.path)
        throw new Error(`lighthouse: ${page.path} ended on ${finalUrl} (signed out?)`);
      const scores = Object.fromEntries(
        CATEGORIES.map((c) => [c, lhr.categories[c]?.score ?? 0]),
      ) as Record<Category, number>;
      const requests = (lhr.audits['network-requests']?.details as {
        items?: { url: string; transferSize?: number; resourceSize?: number }[];
      }) ?? { items: [] };
      const files = (requests.items ?? []).map((r) => ({
        url: new URL(r.url).pathname,
        transferred: r.transferSize ?? 0,
        resource: r.resourceSize ?? 0,
      }));
      const failing = CATEGORIES.flatMap((c) =>
        (lhr.categories[c]?.auditRefs ?? [])
          .filter((ref) => ref.weight > 0)
          .map((ref) => lhr.audits[ref.id])
          .filter((a) => a && a.score !== null && a.score < 1)
          .map((a) => ({ id: a!.id, score: a!.score ?? 0, value: a!.displayValue ?? '' })),
      );
      const bytes = lhr.audits['total-byte-weight']?.numericValue ?? 0;
      results.push({ scores, bytes, files, failing });
      log(
        `  ${page.name} run ${i + 1}: ${CATEGORIES.map((c) => `${c} ${scores[c]}`).join(', ')}; ` +
          `${kib(bytes)} KiB transferred` +
          (failing.length
            ? `; short: ${failing.map((f) => `${f.id} ${f.score}${f.value ? ` (${f.value})` : ''}`).join(', ')}`
            : ''),
      );
    }
    return results;
  } finally {
    chrome.kill();
    rmSync(profile, { recursive: true, force: true });
  }
}

const kib = (bytes: number) => Math.round((bytes / 1024) * 10) / 10;

const dist = process.env.BENCH_WEB_DIST ?? join(root, 'apps/web/dist');
/** A served path's file in the build: a client route is index.html. */
function builtFile(path: string): Buffer | undefined {
  const file = join(dist, path);
  if (path.includes('.') && existsSync(file)) return readFileSync(file);
  return path.includes('.') ? undefined : readFileSync(join(dist, 'index.html'));
}
/** A file's size gzip'd (level 9) and brotli'd (quality 11), as a build step would precompress it. */
function compressed(path: string): { gzip: number; brotli: number } | undefined {
  const body = builtFile(path);
  if (!body) return undefined;
  return { gzip: gzipSync(body, { level: 9 }).length, brotli: brotliCompressSync(body).length };
}
const median = (xs: number[]) =>
  quantile(
    [...xs].sort((a, b) => a - b),
    0.5,
  );

ensureBuild(false, log);
const dataDir = mkdtempSync(join(tmpdir(), 'cabdesk-lighthouse-data-'));
// The demo data: a dashboard and a trip list with something on them.
const api = await startApi({ kind: 'pglite', dataDir }, join(dataDir, 'uploads'), {
  SEED_DEMO: 'true',
});
log(`server on ${api.base}, serving ${process.env.BENCH_WEB_DIST ?? join(root, 'apps/web/dist')}`);
const pages: PageResult[] = [];
try {
  for (const page of PAGES) {
    const pageRuns = await measure(api.base, page);
    pages.push({
      name: page.name,
      path: page.path,
      runs: pageRuns,
      median: Object.fromEntries(
        CATEGORIES.map((c) => [c, median(pageRuns.map((r) => r.scores[c]))]),
      ) as Record<Category, number>,
      medianBytes: median(pageRuns.map((r) => r.bytes)),
    });
  }
} finally {
  await api.stop();
  rmSync(dataDir, { recursive: true, force: true });
}

const login = pages.find((p) => p.name === 'login');
const loginFiles = [...(login?.runs[0]?.files ?? [])]
  .sort((a, b) => b.transferred - a.transferred)
  .map((f) => ({ ...f, ...compressed(f.url) }));
const foreseen = {
  gzip: loginFiles.reduce((sum, f) => sum + (f.gzip ?? f.transferred), 0),
  brotli: loginFiles.reduce((sum, f) => sum + (f.brotli ?? f.transferred), 0),
};
const load = loadavg().map((l) => l.toFixed(2));
const results = {
  label,
  when: new Date().toISOString(),
  node: process.version,
  cpus: cpus().length,
  loadAverage: load,
  runs,
  targets: TARGETS,
  pages,
  login: { files: loginFiles, foreseen },
};
const mark = (ok: boolean, text: string) => (ok ? text : `**${text}**`);
const md = `# Lighthouse: ${label}

${results.when}, Node ${results.node}, ${results.cpus} cores (load average ${load.join(' ')} at the end),
Lighthouse desktop preset, ${runs} runs a page on a cold cache, medians. Bold: short of the target.

| page | performance (≥ ${TARGETS.performance}) | accessibility (${TARGETS.accessibility}) | best practices (${TARGETS['best-practices']}) | transferred KiB | runs' performance |
| --- | --: | --: | --: | --: | --- |
${pages
  .map(
    (p) =>
      `| ${p.name} (\`${p.path}\`) | ${mark(p.median.performance >= TARGETS.performance, String(p.median.performance))} | ${mark(p.median.accessibility >= TARGETS.accessibility, String(p.median.accessibility))} | ${mark(p.median['best-practices'] >= TARGETS['best-practices'], String(p.median['best-practices']))} | ${p.name === 'login' ? mark(kib(p.medianBytes) <= TARGETS.loginKiB, String(kib(p.medianBytes))) : kib(p.medianBytes)} | ${p.runs.map((r) => r.scores.performance).join(', ')} |`,
  )
  .join('\n')}

Audits short of a full score (first run of each page):

${pages.map((p) => `- ${p.name}: ${p.runs[0]?.failing.map((f) => `${f.id} ${f.score}${f.value ? ` (${f.value})` : ''}`).join(', ') || 'none'}`).join('\n')}

The login page's files (first run; target ${TARGETS.loginKiB} KiB transferred in all), and each
built file compressed here as a build step would (gzip level 9, brotli quality 11): in all
${kib(foreseen.gzip)} KiB gzip'd, ${kib(foreseen.brotli)} KiB brotli'd.

| file | transferred KiB | uncompressed KiB | gzip KiB | brotli KiB |
| --- | --: | --: | --: | --: |
${loginFiles.map((f) => `| \`${f.url}\` | ${kib(f.transferred)} | ${kib(f.resource)} | ${f.gzip === undefined ? '' : kib(f.gzip)} | ${f.brotli === undefined ? '' : kib(f.brotli)} |`).join('\n')}
`;
const resultsDir = fileURLToPath(new URL('./results', import.meta.url));
writeFileSync(
  join(resultsDir, `lighthouse-${label}.json`),
  await format(JSON.stringify(results), { parser: 'json' }),
);
writeFileSync(join(resultsDir, `lighthouse-${label}.md`), await format(md, { parser: 'markdown' }));
console.log(`\n${md}`);
