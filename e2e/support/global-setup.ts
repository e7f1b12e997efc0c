import { existsSync, mkdirSync, readdirSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { apiDist, failuresDir, repoRoot, webDist } from './paths';
import { ADMIN_EMAIL, ADMIN_PASSWORD, startServer, type WalkServer } from './server';

declare module 'vitest' {
  export interface ProvidedContext {
    /** One server per worker: the walks of worker n (VITEST_POOL_ID) use servers[n - 1]. */
    servers: WalkServer[];
    adminEmail: string;
    adminPassword: string;
  }
}

/** The newest modification time of the files under `dir`, in milliseconds. */
function newestIn(dir: string): number {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (entry.isFile())
      newest = Math.max(newest, statSync(join(entry.parentPath, entry.name)).mtimeMs);
  }
  return newest;
}

/**
 * What is wrong with the build the walks run (the web app and the compiled
 * API, as `npm start` serves them), or nothing: missing, or an API build
 * older than its sources, which a walk would test instead of the code.
 */
function unbuilt(): string | undefined {
  if (!existsSync(join(webDist, 'index.html'))) return `The built web app is missing (${webDist}).`;
  const server = join(apiDist, 'server.js');
  if (!existsSync(server)) return `The compiled API is missing (${server}).`;
  const sources = ['apps/api/src', 'packages/contract/src', 'packages/city/src'];
  const stale = sources.find((dir) => newestIn(join(repoRoot, dir)) > statSync(server).mtimeMs);
  return stale ? `The compiled API is older than ${stale}.` : undefined;
}

/**
 * Starts one server per worker, all at once, for the whole run, and stops
 * them afterwards. What the previous run's failed walks left is cleared first.
 */
export default async function setup(project: TestProject) {
  // Walk an already running server instead (e.g. while developing): E2E_BASE_URL,
  // E2E_ADMIN_EMAIL, E2E_ADMIN_PASSWORD and E2E_MAIL_DIR; the walks then share it,
  // one at a time (vitest.config.ts).
  const external = process.env.E2E_BASE_URL;
  rmSync(failuresDir, { recursive: true, force: true });
  mkdirSync(failuresDir, { recursive: true });
  if (external) {
    project.provide('servers', [
      { baseUrl: external.replace(/\/$/, ''), mailDir: process.env.E2E_MAIL_DIR ?? '' },
    ]);
    project.provide('adminEmail', process.env.E2E_ADMIN_EMAIL ?? ADMIN_EMAIL);
    project.provide('adminPassword', process.env.E2E_ADMIN_PASSWORD ?? ADMIN_PASSWORD);
    return;
  }
  const missing = unbuilt();
  if (missing) throw new Error(`${missing} Build it first: npm run build`);
  // As many servers as workers (vitest.config.ts).
  const numbers = Array.from({ length: project.globalConfig.maxWorkers }, (_, i) => String(i + 1));
  const started = await Promise.allSettled(numbers.map((n) => startServer(n)));
  const stopAll = () =>
    Promise.all(
      started.map((result) => (result.status === 'fulfilled' ? result.value.stop() : undefined)),
    );
  const failed = started.find((result) => result.status === 'rejected');
  if (failed) {
    await stopAll();
    throw failed.reason;
  }

  project.provide(
    'servers',
    started.map(
      (result) => (result as PromiseFulfilledResult<{ server: WalkServer }>).value.server,
    ),
  );
  project.provide('adminEmail', ADMIN_EMAIL);
  project.provide('adminPassword', ADMIN_PASSWORD);

  return async () => {
    await stopAll();
  };
}
