/**
 * npm run load --workspace bench -- [--connections 200] [--seconds 60]
 *
 * The load test of issue 9: the production API (NODE_ENV=production, scrypt at
 * N = 2^17) over the embedded database with the demo data, or over the
 * PostgreSQL server in LOAD_DATABASE_URL, loaded by autocannon with 200
 * connections for 60 s on the list calls, round-robin. Prints p50/p97.5/p99,
 * requests per second, errors, timeouts and the server's peak RSS; exits 1 on
 * any error, timeout or non-2xx answer.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';

const { values } = parseArgs({
  options: {
    connections: { type: 'string', default: '200' },
    seconds: { type: 'string', default: '60' },
  },
});
const connections = Number(values.connections);
const seconds = Number(values.seconds);
const root = fileURLToPath(new URL('..', import.meta.url));
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

const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });

const rssMiB = (pid: number) => {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
    return kb / 1024;
  } catch {
    return 0;
  }
};

async function main() {
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'cabdesk-load-'));
  const databaseUrl = process.env.LOAD_DATABASE_URL;
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
  const stop = async () => {
    if (child.exitCode === null) {
      child.kill('SIGTERM');
      await new Promise((r) => child.once('exit', r));
    }
    rmSync(dataDir, { recursive: true, force: true });
  };
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
    console.log(
      `load: ${connections} connections for ${seconds} s on ${LISTS.length} list calls (${databaseUrl ? 'PostgreSQL' : 'PGlite'})`,
    );
    const startedAt = Date.now();
    /** Answers over 5 s: when they came (seconds into the run) and how long they took. */
    const slow: { at_s: number; ms: number }[] = [];
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
    if (slow.length > 0) {
      console.log(`answers over 5 s: ${slow.length}; the slowest:`);
      console.table(slow.sort((a, b) => b.ms - a.ms).slice(0, 5));
    }

    const figures = {
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
    };
    console.table(figures);
    // autocannon counts timeouts among the errors.
    const failed = figures.errors_incl_timeouts + figures.non2xx;
    if (failed > 0) {
      console.error(`load: ${failed} failed requests`);
      process.exitCode = 1;
    }
  } finally {
    await stop();
  }
}

await main();
