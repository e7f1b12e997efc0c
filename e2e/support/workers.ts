/**
 * How many walk files run at once, each worker with its own server and
 * database (global-setup.ts starts one per worker; browser.ts picks it by
 * VITEST_POOL_ID). E2E_WORKERS overrides; against an outside server
 * (E2E_BASE_URL) the walks share it, so they run one at a time.
 */
export const BROWSER_WORKERS = process.env.E2E_BASE_URL
  ? 1
  : Math.max(1, Number.parseInt(process.env.E2E_WORKERS ?? '2', 10) || 2);
