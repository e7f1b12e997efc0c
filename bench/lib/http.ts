/** The production API (and the bare Fastify ceiling) as child processes, measured with autocannon. */
import { spawn, type ChildProcess } from 'node:child_process';
import { openSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import pg from 'pg';
import { freePort } from '../../scripts/postgres.mjs';
import { ADMIN, API_BASE, apiEnv, type Engine } from './floor';
import { cpuMeter } from './cpu';
import type { Figures } from './stats';

const root = fileURLToPath(new URL('../..', import.meta.url));

export type Server = { base: string; pid?: number; stop: () => Promise<void> };

async function waitReady(url: string, child: ChildProcess): Promise<void> {
  for (let i = 0; i < 600; i++) {
    if (child.exitCode !== null) throw new Error(`bench: server exited with ${child.exitCode}`);
    const ok = await fetch(url).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`bench: ${url} did not answer`);
}

function stopper(child: ChildProcess) {
  return async () => {
    if (child.exitCode !== null) return;
    child.kill('SIGTERM');
    await new Promise((r) => child.once('exit', r));
  };
}

/**
 * The production API server (NODE_ENV=production) over `engine`, serving the web build;
 * `env` overrides the bench's settings (lighthouse.ts seeds the demo data). Its log goes to
 * the file BENCH_API_LOG names (appended), or nowhere.
 */
export async function startApi(
  engine: Engine,
  uploadDir: string,
  env: Record<string, string> = {},
): Promise<Server> {
  const port = await freePort();
  const log = process.env.BENCH_API_LOG;
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/api/src/server.ts'], {
    cwd: root,
    stdio: ['ignore', log ? openSync(log, 'a') : 'ignore', 'inherit'],
    env: {
      ...process.env,
      ...apiEnv(engine, uploadDir),
      ...env,
      PORT: String(port),
      HOST: '127.0.0.1',
    },
  });
  const base = `http://127.0.0.1:${port}`;
  await waitReady(`${base}/readyz`, child);
  return { base, pid: child.pid, stop: stopper(child) };
}

/** The bare Fastify constant-JSON server. */
export async function startCeiling(): Promise<Server> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', 'bench/lib/ceiling.ts', String(port)], {
    cwd: root,
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const base = `http://127.0.0.1:${port}`;
  await waitReady(`${base}/constant`, child);
  return { base, stop: stopper(child) };
}

/** A bearer token of the benchmark administrator. */
export async function signIn(base: string): Promise<string> {
  const res = await fetch(`${base}${API_BASE}login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ ...ADMIN, user_type: 'Admin', device_type: 'Web', device_token: '' }),
  });
  if (!res.ok) throw new Error(`bench: sign-in answered ${res.status}`);
  return ((await res.json()) as { data: { token: string } }).data.token;
}

/**
 * Waits until the database has finished the work a slow call left behind
 * (requests autocannon gave up on still run), so it does not bill the next
 * call: on PostgreSQL until no other query is active, on PGlite until a
 * readiness check (one query, queued behind the rest) answers.
 */
export async function settle(base: string, databaseUrl?: string): Promise<void> {
  const until = Date.now() + 60_000;
  if (databaseUrl) {
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    try {
      while (Date.now() < until) {
        const { rows } = await client.query<{ n: number }>(
          `select count(*)::int as n from pg_stat_activity
           where state = 'active' and pid <> pg_backend_pid() and datname = current_database()`,
        );
        if (!rows[0]?.n) return;
        await new Promise((r) => setTimeout(r, 200));
      }
    } finally {
      await client.end();
    }
    return;
  }
  await fetch(`${base}/readyz`, { signal: AbortSignal.timeout(60_000) }).catch(() => {});
}

/**
 * Before measuring the API: each path a few times (JIT, plans, caches), then
 * the first under load for 2 s, which opens the API's pool to its ten
 * connections, so no call measured later pays for a connection's start-up.
 */
export async function warmUp(base: string, paths: string[], token: string): Promise<void> {
  const headers = { authorization: `Bearer ${token}` };
  for (const path of paths) {
    for (let i = 0; i < 3; i++)
      await fetch(`${base}${path}`, { headers }).then((r) => r.arrayBuffer());
  }
  if (paths[0]) await load(`${base}${paths[0]}`, 2, token);
}

/** autocannon, 10 connections, for `seconds`; with `server`'s pid, the CPU each side spent. */
export async function load(
  url: string,
  seconds: number,
  token?: string,
  server?: Server,
): Promise<Figures> {
  const cpu = cpuMeter(server?.pid);
  const result = await autocannon({
    url,
    connections: 10,
    duration: seconds,
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });
  return {
    p50: result.latency.p50,
    p97_5: result.latency.p97_5,
    p99: result.latency.p99,
    rps: result.requests.average,
    requests: result.requests.total,
    errors: result.non2xx + result.errors + result.timeouts,
    cpu: cpu(result.requests.total),
  };
}
