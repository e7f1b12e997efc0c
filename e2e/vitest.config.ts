import { defineConfig } from 'vitest/config';

/**
 * How many walk files run at once, each worker with its own server and
 * database (global-setup.ts starts one per worker; browser.ts picks it by
 * VITEST_POOL_ID). E2E_WORKERS overrides; against an outside server
 * (E2E_BASE_URL) the walks share it, so they run one at a time.
 */
const BROWSER_WORKERS = process.env.E2E_BASE_URL
  ? 1
  : Math.max(1, Number.parseInt(process.env.E2E_WORKERS ?? '2', 10) || 2);

export default defineConfig({
  test: {
    environment: 'node',
    include: ['walks/**/*.test.ts'],
    globalSetup: ['./support/global-setup.ts'],
    // Files run in parallel, one per worker; each worker has its own server and
    // database (global-setup.ts), so a walk never meets another's changes or
    // login limits. Within a worker files run one after another.
    fileParallelism: BROWSER_WORKERS > 1,
    maxWorkers: BROWSER_WORKERS,
    testTimeout: 60_000,
    hookTimeout: 180_000,
    teardownTimeout: 30_000,
    // What a walk polls for (a list's rows, a toast) may take seconds on shared
    // cores, longer than vitest's default poll.
    expect: { poll: { timeout: 10_000 } },
    reporters: ['default'],
    // A worker's walk files share its modules: Playwright and the walks' support code are
    // imported once a worker rather than once a file. Each file still starts its Chromium
    // and each walk has a browser context of its own (browser.ts).
    isolate: false,
  },
});
