import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { afterAll, beforeAll, expect, inject, test } from 'vitest';
import type { WalkServer } from './server';
import { failuresDir } from './paths';

/**
 * Debian's old headless shell (package chromium-headless-shell, which `.ci/run`
 * installs) when it is there: the same Blink without the full browser's
 * windowing, and faster walks (docs/testing.md). Otherwise the Chromium the
 * machine has.
 */
const CHROMIUM_PATH = existsSync('/usr/bin/chromium-headless-shell')
  ? '/usr/bin/chromium-headless-shell'
  : '/usr/bin/chromium';
/** E2E_TRACE=1: a failing walk also leaves its Playwright trace. */
const TRACE = process.env.E2E_TRACE === '1';
const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

/**
 * This worker's server. Vitest numbers its workers 1..maxWorkers
 * (VITEST_POOL_ID) and runs one file at a time in each: the walks of a worker
 * have a server and database of their own (global-setup.ts).
 */
export function walkServer(): WalkServer {
  const servers = inject('servers');
  const id = Number.parseInt(process.env.VITEST_POOL_ID ?? '1', 10);
  const server = servers[(id - 1) % servers.length];
  if (!server) throw new Error('no server was started for the walks');
  return server;
}

export interface Walk {
  page: Page;
  context: BrowserContext;
  baseUrl: string;
  /** Where this worker's server writes the e-mails it sends (mail-sink.ts). */
  mailDir: string;
  admin: { email: string; password: string };
  /** Declares a console error this walk expects (e.g. the browser's note about a 401). */
  allowConsoleError: (pattern: RegExp) => void;
}

/** The browser logs every HTTP error answer to a fetch; a walk that expects a 401 allows this. */
export const HTTP_401_LOG = /Failed to load resource: the server responded with a status of 401/;

/**
 * Declares browser walks: one Chromium for the file, a fresh context (own
 * storage, cookies, cache) per walk, and a walk fails on any console error or
 * page error it did not declare. A failing walk leaves its screenshot and the
 * page as text (its ARIA snapshot, also printed) in e2e/artifacts/failures/,
 * and with E2E_TRACE=1 its Playwright trace (`npx playwright-core show-trace
 * <file>.zip` opens it). The walks use this worker's
 * server, or the one `server` answers once the file's `beforeAll` started it
 * (a server with settings of its own, server.ts).
 */
export function describeWalks(server: () => WalkServer = walkServer) {
  let browser: Browser | undefined;
  const admin = { email: inject('adminEmail'), password: inject('adminPassword') };

  beforeAll(async () => {
    mkdirSync(failuresDir, { recursive: true });
    browser = await chromium.launch({
      executablePath: CHROMIUM_PATH,
      headless: true,
      args: CHROMIUM_ARGS,
    });
  });
  afterAll(async () => {
    await browser?.close();
  });

  return function walk(name: string, body: (walk: Walk) => Promise<void>, timeout?: number) {
    test(name, { timeout }, async () => {
      if (!browser) throw new Error('Chromium did not start');
      const { baseUrl, mailDir } = server();
      const context = await browser.newContext({
        baseURL: baseUrl,
        viewport: { width: 1366, height: 820 },
        locale: 'en-US',
        // Nothing in a walk may ask for permissions (location, notifications).
        permissions: [],
        // Popups, toasts and overlays appear at once (the app respects it), so
        // a walk waits on what it checks, never on a transition's length.
        reducedMotion: 'reduce',
      });
      // E2E_TRACE=1 records every step, kept only if the walk fails: about a
      // sixth of a walk's time (docs/testing.md), so off unless asked for.
      if (TRACE) await context.tracing.start({ screenshots: false, snapshots: true, title: name });
      const page = await context.newPage();
      const problems: string[] = [];
      const allowed: RegExp[] = [];
      page.on('console', (message) => {
        if (message.type() === 'error') problems.push(`console.error: ${message.text()}`);
      });
      page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));

      try {
        await body({
          page,
          context,
          baseUrl,
          mailDir,
          admin,
          allowConsoleError: (pattern) => allowed.push(pattern),
        });
        const unexpected = problems.filter((p) => !allowed.some((pattern) => pattern.test(p)));
        expect(unexpected, 'unexpected console errors or page errors').toEqual([]);
        if (TRACE) await context.tracing.stop();
      } catch (error) {
        const file = join(failuresDir, slug(name));
        await page.screenshot({ path: `${file}.png`, fullPage: true }).catch(() => undefined);
        if (TRACE) await context.tracing.stop({ path: `${file}.zip` }).catch(() => undefined);
        // What was on the screen, as text: the one record of a failure a CI log keeps.
        const screen = await page
          .locator('body')
          .ariaSnapshot({ timeout: 5_000 })
          .catch((cause: unknown) => `(no snapshot: ${String(cause)})`);
        writeFileSync(`${file}.txt`, `${page.url()}\n${screen}\n`);
        console.error(`The page when "${name}" failed, at ${page.url()}:\n${screen}`);
        throw error;
      } finally {
        await context.close();
      }
    });
  };
}

function slug(text: string) {
  return text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')
    .slice(0, 60);
}

/** Signs in the way a person does: the form on /login. */
export async function signInWithForm(page: Page, email: string, password: string) {
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Login' }).click();
}

/**
 * Waits until nothing on the page moves: no CSS transition or finite
 * animation runs (a loader's endless spin does not count). With reduced
 * motion this holds at once; it guards a measurement or an accessibility
 * check against anything still sliding in.
 */
export async function motionless(page: Page) {
  await expect
    .poll(() =>
      page.evaluate(
        () =>
          document
            .getAnimations()
            .filter(
              (a) =>
                a.playState === 'running' && a.effect?.getComputedTiming().iterations !== Infinity,
            ).length,
      ),
    )
    .toBe(0);
}

/**
 * Switches the colour scheme the way another tab of the app does: Mantine
 * follows local storage's event, so the page (an open popup too) turns at
 * once, without a reload (a start of the app).
 */
export async function useScheme(page: Page, scheme: 'light' | 'dark') {
  await page.evaluate((value) => {
    window.localStorage.setItem('colorScheme', value);
    window.dispatchEvent(
      new StorageEvent('storage', {
        key: 'colorScheme',
        newValue: value,
        storageArea: window.localStorage,
      }),
    );
  }, scheme);
  await expect
    .poll(() => page.evaluate(() => document.documentElement.dataset.mantineColorScheme))
    .toBe(scheme);
  await motionless(page);
}

/** Everything the app keeps in local storage. */
export function storageOf(page: Page): Promise<Record<string, string>> {
  return page.evaluate(() => {
    const entries: Record<string, string> = {};
    for (let i = 0; i < window.localStorage.length; i++) {
      const key = window.localStorage.key(i);
      if (key !== null) entries[key] = window.localStorage.getItem(key) ?? '';
    }
    return entries;
  });
}

/** The text of a visible toast (Mantine notifications have role alert). */
export function toast(page: Page, text: string) {
  return page.getByRole('alert').filter({ hasText: text });
}

/**
 * Does `action` and waits for the toast it brings. The wait starts first: a
 * toast closes after 2 s (SPEC 9), and on busy shared cores the click itself
 * may return later than that (a failed walk's trace showed it).
 */
export async function toastAfter(page: Page, text: string, action: () => Promise<unknown>) {
  const shown = toast(page, text).waitFor();
  try {
    await action();
  } catch (error) {
    shown.catch(() => undefined);
    throw error;
  }
  await shown;
}

export const API = '/taxi-service/admin/';

/**
 * Signs in through the API and stores the session as the app does, from an
 * empty page of the origin: the app has not started yet. The walk's first
 * `page.goto` then starts it on the screen it needs (often one the token
 * finds), one start of the app a test.
 */
export async function sessionByApi(
  page: Page,
  baseUrl: string,
  admin: { email: string; password: string },
) {
  const response = await fetch(`${baseUrl}${API}login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json' },
    body: JSON.stringify({
      email: admin.email,
      password: admin.password,
      user_type: 'Admin',
      device_token: '',
      device_type: 'Web',
    }),
  });
  expect(response.status).toBe(200);
  const body = (await response.json()) as { data: { token: string; user: { id: number } } };
  // Local storage belongs to the origin: an empty page of it, answered here, will do, and
  // costs no start of the app.
  const blank = '/walk-session-blank';
  await page.route(`**${blank}`, (route) =>
    route.fulfill({
      contentType: 'text/html',
      body: '<!doctype html><link rel="icon" href="data:,">',
    }),
  );
  await page.goto(blank);
  await page.unroute(`**${blank}`);
  await page.evaluate(
    ({ token, id }) => {
      window.localStorage.setItem('access_token', token);
      window.localStorage.setItem('UserId', String(id));
      window.localStorage.setItem('isLogin', '1');
    },
    { token: body.data.token, id: body.data.user.id },
  );
  return body.data.token;
}

/** Signs in through the API (`sessionByApi`), then opens `path`: one start of the app. */
export async function signInByApi(
  page: Page,
  baseUrl: string,
  admin: { email: string; password: string },
  path = '/',
) {
  const token = await sessionByApi(page, baseUrl, admin);
  await page.goto(path);
  return token;
}

/**
 * Opens `path` from within the running app as a link does (React Router
 * follows the history: pushState, then popstate), so the app does not start
 * again, and waits until the address is `path` and the main heading is
 * `heading`, which tells the new screen from the one before. Between two
 * screens with the same heading (a list and the same list searched), the walk
 * waits for what only the new one shows, e.g. the row it looks for.
 */
export async function inApp(page: Page, path: string, heading: string | RegExp) {
  await page.evaluate((to) => {
    window.history.pushState(null, '', to);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, path);
  await page.getByRole('heading', { level: 1, name: heading, exact: true }).first().waitFor();
  const [want, got] = [new URL(path, page.url()), new URL(page.url())];
  expect(got.pathname + got.search, 'the screen opened in the app').toBe(
    want.pathname + want.search,
  );
}

/** Calls the API directly, as another client would. */
export async function callApi(baseUrl: string, path: string, token: string) {
  const response = await fetch(`${baseUrl}${API}${path}`, {
    headers: { accept: 'application/json', authorization: `Bearer ${token}` },
  });
  return { status: response.status, body: (await response.json()) as unknown };
}

/** The `data` of an API answer, which must be 200. */
export async function apiGet<T>(baseUrl: string, token: string, path: string): Promise<T> {
  const { status, body } = await callApi(baseUrl, path, token);
  expect(status, path).toBe(200);
  return (body as { data: T }).data;
}

/** The `data` of a POST's answer, which must be 200. */
export async function apiPost<T>(baseUrl: string, token: string, path: string, body: unknown) {
  const response = await fetch(`${baseUrl}${API}${path}`, {
    method: 'POST',
    headers: {
      accept: 'application/json',
      'content-type': 'application/json',
      authorization: `Bearer ${token}`,
    },
    body: JSON.stringify(body),
  });
  expect(response.status, path).toBe(200);
  return ((await response.json()) as { data: T }).data;
}

/** The `data` of a paged answer, from SPEC 3 as an outside client reads it (not the contract's type). */
export interface Paged<T> {
  data: T[];
  current_page: number;
  last_page: number;
  per_page: number;
  total: number;
  total_exact: boolean;
}
