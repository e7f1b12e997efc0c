/**
 * The load test of issue 9: the production API (NODE_ENV=production, scrypt at
 * N = 2^17) on a fresh database with the demo data, loaded by autocannon with
 * 200 connections for 60 s on the list calls, round-robin. Counts errors,
 * timeouts and non-2xx answers and samples the server's RSS.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { freePort, startPostgres } from '../../scripts/postgres.mjs';

const root = fileURLToPath(new URL('../..', import.meta.url));
const API = '/taxi-service/admin/';
const ADMIN = { email: 'load@cabdesk.test', password: 'load test passphrase 9' };

/** The list calls of SPEC 7, as a browser asks for them. */
const LISTS = [
  'user-list?user_type=User&page=1&per_page=10',
  'user-list?user_type=Company&page=1&per_page=10',
  'driver-list?page=1&per_page=10',
  'vehicle-list?page=1&per_page=10',
  'ride-list?page=1&per_page=10',
  'all-users?page=1&per_page=10',
  'transaction?page=1&per_page=10',
  'support-list',
  'coupon-list',
  'user-list?user_type=User&page=1&per_page=10&search=an',
];

export type LoadResult = {
  engine: 'postgres' | 'pglite';
  connections: number;
  seconds: number;
  requests: number;
  rps: number;
  p50_ms: number;
  p97_5_ms: number;
  p99_ms: number;
  max_ms: number;
  /** autocannon counts timeouts among the errors. */
  errors_incl_timeouts: number;
  timeouts: number;
  non2xx: number;
  rss_at_rest_mib: number;
  rss_peak_mib: number;
  /** Answers slower than 5 s: seconds into the run and how long each took. */
  slow: { at_s: number; ms: number }[];
};

const rssMiB = (pid: number) => {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024;
  } catch {
    return 0;
  }
};

/**
 * Runs the load against an API server of its own, over PGlite in a temporary
 * data directory or over PostgreSQL: the empty database at `databaseUrl`, or
 * a throw-away server when none is given.
 */
export async function runLoad(options: {
  engine: 'postgres' | 'pglite';
  databaseUrl?: string;
  connections: number;
  seconds: number;
  log: (msg: string) => void;
}): Promise<LoadResult> {
  const { engine, connections, seconds, log } = options;
  const postgres =
    engine === 'postgres' && !options.databaseUrl
      ? await startPostgres({ settings: { shared_buffers: '256MB' } })
      : null;
  const databaseUrl = engine === 'postgres' ? (options.databaseUrl ?? postgres?.url) : undefined;
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'cabdesk-load-'));
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/api/src/server.ts'], {
    cwd: root,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      ...process.env,
      NODE_ENV: 'production',
      LOG_LEVEL: 'warn',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      SEED_DEMO: 'true',
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
    },
  });
  const base = `http://127.0.0.1:${port}`;
  try {
    for (let i = 0; ; i++) {
      if (child.exitCode !== null) throw new Error(`the API exited with ${child.exitCode}`);
      const ready = await fetch(`${base}/readyz`).then(
        (r) => r.ok,
        () => false,
      );
      if (ready) break;
      if (i > 1200) throw new Error('the API did not get ready in 5 minutes');
      await new Promise((r) => setTimeout(r, 250));
    }
    const login = await fetch(`${base}${API}login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(ADMIN),
    });
    if (!login.ok) throw new Error(`sign-in answered ${login.status}`);
    const { token } = ((await login.json()) as { data: { token: string } }).data;

    const rssAtRest = rssMiB(child.pid!);
    let rssPeak = rssAtRest;
    const sampler = setInterval(() => {
      rssPeak = Math.max(rssPeak, rssMiB(child.pid!));
    }, 500);
    log(
      `load: ${connections} connections for ${seconds} s on ${LISTS.length} list calls (${engine}, demo data)`,
    );
    const startedAt = Date.now();
    const slow: LoadResult['slow'] = [];
    const result = await new Promise<autocannon.Result>((resolve, reject) => {
      const instance = autocannon(
        {
          url: base,
          connections,
          duration: seconds,
          timeout: 30,
          headers: { authorization: `Bearer ${token}` },
          requests: LISTS.map((path) => ({ method: 'GET' as const, path: `${API}${path}` })),
        },
        (err, done) => (err ? reject(err) : resolve(done)),
      );
      instance.on('response', (_client, _status, _bytes, ms: number) => {
        if (ms > 5000) slow.push({ at_s: Math.round((Date.now() - startedAt) / 1000), ms });
      });
    });
    clearInterval(sampler);
    return {
      engine,
      connections,
      seconds,
      requests: result.requests.total,
      rps: Math.round(result.requests.average),
      p50_ms: result.latency.p50,
      p97_5_ms: result.latency.p97_5,
      p99_ms: result.latency.p99,
      max_ms: result.latency.max,
      errors_incl_timeouts: result.errors,
      timeouts: result.timeouts,
      non2xx: result.non2xx,
      rss_at_rest_mib: Math.round(rssAtRest),
      rss_peak_mib: Math.round(rssPeak),
      slow: slow.sort((a, b) => b.ms - a.ms).slice(0, 5),
    };
  } finally {
    if (child.exitCode === null) {
      child.kill('SIGTERM');
      await new Promise((r) => child.once('exit', r));
    }
    rmSync(dataDir, { recursive: true, force: true });
    postgres?.stop();
  }
}

/** Requests that failed: errors (timeouts among them) and non-2xx answers. */
export const failedOf = (r: LoadResult) => r.errors_incl_timeouts + r.non2xx;
