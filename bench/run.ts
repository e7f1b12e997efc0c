// `npm run bench`: starts the production server over a database (DATA_DIR, or
// DATABASE_URL; a fresh demo database by default), signs in, and prints
// throughput and latency of the API routes under 10 concurrent connections.
// Figures, not pass/fail: compare runs on the same machine.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';

const root = fileURLToPath(new URL('..', import.meta.url));
const routes = (process.argv[2] ?? 'dashboard,notification,getProfile').split(',');
const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const email = 'bench@cabdesk.local';
const password = 'benchmark passphrase';

const port = await new Promise<number>((resolve) => {
  const s = createServer().listen(0, '127.0.0.1', () => {
    const { port } = s.address() as { port: number };
    s.close(() => resolve(port));
  });
});
const ownDataDir =
  process.env.DATA_DIR || process.env.DATABASE_URL
    ? undefined
    : mkdtempSync(join(tmpdir(), 'cabdesk-bench-'));
const server = spawn(process.execPath, ['--import', 'tsx', 'apps/api/src/server.ts'], {
  cwd: root,
  stdio: ['ignore', 'ignore', 'inherit'],
  env: {
    ...process.env,
    ...(ownDataDir ? { DATA_DIR: ownDataDir } : {}),
    PORT: String(port),
    HOST: '127.0.0.1',
    NODE_ENV: 'production',
    LOG_LEVEL: 'warn',
    ADMIN_EMAIL: email,
    ADMIN_PASSWORD: password,
    LOGIN_MAX_ATTEMPTS: '1000',
  },
});
const base = `http://127.0.0.1:${port}`;
try {
  for (let i = 0; ; i++) {
    const ok = await fetch(`${base}/readyz`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) break;
    if (i > 600) throw new Error('server did not become ready');
    await new Promise((r) => setTimeout(r, 500));
  }
  const login = await fetch(`${base}/taxi-service/admin/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password, user_type: 'Admin', device_type: 'Web' }),
  });
  const { data } = (await login.json()) as { data: { token: string } };

  console.log(
    `route                      req/s    p50 ms   p99 ms   (${seconds} s, 10 connections)`,
  );
  for (const route of routes) {
    const result = await autocannon({
      url: `${base}/taxi-service/admin/${route}`,
      connections: 10,
      duration: seconds,
      headers: { authorization: `Bearer ${data.token}` },
    });
    const failed = result.non2xx + result.errors;
    console.log(
      `${route.padEnd(26)} ${result.requests.average.toFixed(0).padStart(6)} ${String(result.latency.p50).padStart(9)} ${String(result.latency.p99).padStart(8)}${failed ? `   (${failed} failed)` : ''}`,
    );
  }
} finally {
  server.kill('SIGTERM');
  await new Promise((r) => server.once('exit', r));
  if (ownDataDir) rmSync(ownDataDir, { recursive: true, force: true });
}
