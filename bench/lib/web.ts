/**
 * The web side: JavaScript per route from the Vite build (initial and with
 * each screen's lazy chunks, gzip), against the 200 KB initial budget, and the
 * dashboard's largest contentful paint and a search box's input delay in
 * headless Chromium against the production server on loopback.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { chromium, type Browser, type BrowserContext } from 'playwright-core';
import type { Fixture } from './calls';
import { ADMIN, API_BASE } from './floor';
import { quantile } from './stats';

/** The browser globals the page scripts below use (this package compiles without the DOM lib). */
type Entry = { startTime: number; duration: number; element?: { outerHTML: string } | null };
type Entries = { getEntries(): Entry[] };
declare const window: {
  localStorage: { setItem(key: string, value: string): void };
  PerformanceObserver: new (callback: (list: Entries) => void) => {
    observe(options: Record<string, unknown>): void;
  };
  __lcp: number;
  __lcpElement: string;
  __events: number[];
};

const root = fileURLToPath(new URL('../..', import.meta.url));
/** The Vite build measured (and served): apps/web/dist, or BENCH_WEB_DIST. */
const dist = process.env.BENCH_WEB_DIST ?? join(root, 'apps/web/dist');

const INITIAL_JS_BUDGET_KB = 200;
const LCP_TARGET_MS = 1000;
const INP_TARGET_MS = 100;

type RouteBundle = { route: string; files: number; gzipKb: number };
export type WebResult = {
  initial: { files: string[]; gzipKb: number; budgetKb: number };
  routes: RouteBundle[];
  lcp: { samples: number[]; median: number; targetMs: number; element: string };
  inp: { worstMs: number | null; events: number; targetMs: number };
};

/** Builds apps/web when there is no build yet (or when asked). */
export function ensureBuild(force: boolean, log: (msg: string) => void) {
  if (!force && existsSync(join(dist, 'index.html'))) return;
  log('web: npm run build (apps/web)');
  const r = spawnSync('npm', ['run', 'build', '--workspace', 'apps/web'], {
    cwd: root,
    stdio: 'inherit',
  });
  if (r.status !== 0) throw new Error('bench: web build failed');
}

const gzipCache = new Map<string, number>();
/** gzip size (bytes) of a built file, by its URL path (`/assets/x.js`). */
function gzipBytes(urlPath: string): number {
  let n = gzipCache.get(urlPath);
  if (n === undefined) {
    n = gzipSync(readFileSync(join(dist, urlPath)), { level: 9 }).length;
    gzipCache.set(urlPath, n);
  }
  return n;
}
const kb = (bytes: number) => Math.round((bytes / 1024) * 10) / 10;

/** The entry script and the chunks index.html preloads: what every first visit downloads. */
function initialScripts(): string[] {
  const html = readFileSync(join(dist, 'index.html'), 'utf8');
  const found = [
    ...html.matchAll(/<script[^>]+src="([^"]+\.js)"/g),
    ...html.matchAll(/<link[^>]+rel="modulepreload"[^>]+href="([^"]+\.js)"/g),
  ].map((m) => m[1] ?? '');
  return [...new Set(found)];
}

export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

export async function signedInContext(browser: Browser, base: string): Promise<BrowserContext> {
  const res = await fetch(`${base}${API_BASE}login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ ...ADMIN, user_type: 'Admin', device_type: 'Web', device_token: '' }),
  });
  const { data } = (await res.json()) as { data: { token: string; user: { id: number } } };
  const context = await browser.newContext({
    baseURL: base,
    viewport: { width: 1366, height: 860 },
  });
  await context.addInitScript(
    ({ token, id }) => {
      window.localStorage.setItem('access_token', token);
      window.localStorage.setItem('UserId', String(id));
      window.localStorage.setItem('isLogin', '1');
    },
    { token: data.token, id: data.user.id },
  );
  return context;
}

export async function measureWeb(
  base: string,
  fixture: Fixture,
  lcpRuns: number,
  log: (msg: string) => void,
): Promise<WebResult> {
  const initialFiles = initialScripts();
  const initialBytes = initialFiles.reduce((sum, f) => sum + gzipBytes(f), 0);
  // launch() gives the browser a fresh temporary profile of its own.
  const browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: CHROMIUM_ARGS,
  });
  try {
    const routes = [
      '/login',
      '/',
      '/user',
      `/user-detail/${fixture.passengerId}`,
      '/company',
      `/company-detail/${fixture.companyId}`,
      '/driver',
      `/driver-detail/${fixture.driverId}`,
      '/vehicle',
      `/vehicle-detail/${fixture.vehicleId}`,
      '/trip',
      `/trip-detail/${fixture.rideId}`,
      '/sales',
      '/faq',
      '/coupon',
      '/my-profile',
    ];
    const bundles: RouteBundle[] = [];
    for (const route of routes) {
      const context =
        route === '/login'
          ? await browser.newContext({ baseURL: base })
          : await signedInContext(browser, base);
      const page = await context.newPage();
      const scripts = new Set<string>();
      page.on('response', (r) => {
        const path = new URL(r.url()).pathname;
        if (path.startsWith('/assets/') && path.endsWith('.js')) scripts.add(path);
      });
      await page.goto(route, { waitUntil: 'networkidle' });
      await context.close();
      const bytes = [...scripts].reduce((sum, f) => sum + gzipBytes(f), 0);
      bundles.push({ route, files: scripts.size, gzipKb: kb(bytes) });
      log(`  web ${route}: ${scripts.size} scripts, ${kb(bytes)} KB gzip`);
    }

    const samples: number[] = [];
    let lcpElement = '';
    for (let i = 0; i < lcpRuns; i++) {
      const context = await signedInContext(browser, base);
      await context.addInitScript(() => {
        window.__lcp = -1;
        window.__lcpElement = '';
        new window.PerformanceObserver((list) => {
          for (const entry of list.getEntries()) {
            window.__lcp = entry.startTime;
            window.__lcpElement = entry.element?.outerHTML.slice(0, 160) ?? '';
          }
        }).observe({ type: 'largest-contentful-paint', buffered: true });
      });
      const page = await context.newPage();
      await page.goto('/', { waitUntil: 'networkidle' });
      await page.waitForTimeout(300);
      samples.push(await page.evaluate(() => window.__lcp));
      lcpElement = await page.evaluate(() => window.__lcpElement);
      await context.close();
    }
    const sorted = [...samples].sort((a, b) => a - b);
    log(
      `  web dashboard LCP: ${sorted.map((s) => s.toFixed(0)).join(', ')} ms; element ${lcpElement}`,
    );

    // Input delay while typing a search (Event Timing: the longest key event, like INP).
    const context = await signedInContext(browser, base);
    await context.addInitScript(() => {
      window.__events = [];
      new window.PerformanceObserver((list) => {
        for (const e of list.getEntries()) window.__events.push(e.duration);
      }).observe({ type: 'event', buffered: true, durationThreshold: 16 });
    });
    const page = await context.newPage();
    await page.goto('/user', { waitUntil: 'networkidle' });
    const box = page.locator('input[type="search"], input[placeholder*="earch" i]').first();
    let inp: WebResult['inp'] = { worstMs: null, events: 0, targetMs: INP_TARGET_MS };
    if (await box.count()) {
      await box.click();
      await page.keyboard.type(fixture.surname, { delay: 120 });
      await page.waitForTimeout(1500);
      const events = await page.evaluate(() => window.__events);
      inp = {
        worstMs: events.length ? Math.max(...events) : 0,
        events: events.length,
        targetMs: INP_TARGET_MS,
      };
      log(`  web search typing: worst event ${inp.worstMs} ms over ${events.length} slow events`);
    } else {
      log('  web search typing: no search box found on /user');
    }
    await context.close();

    return {
      initial: { files: initialFiles, gzipKb: kb(initialBytes), budgetKb: INITIAL_JS_BUDGET_KB },
      routes: bundles,
      lcp: { samples, median: quantile(sorted, 0.5), targetMs: LCP_TARGET_MS, element: lcpElement },
      inp,
    };
  } finally {
    await browser.close();
  }
}
