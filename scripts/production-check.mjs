// `node scripts/production-check.mjs`, run by .ci/run after the production install in this
// checkout (`npm ci && npm run build && npm prune --omit=dev`): `npm start` on the embedded
// database, its defaults, serves the web app and the API with no development tool present,
// and a restart starts the same build without building. Node built-ins only: nothing else
// is installed here any more.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, renameSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const admin = { email: 'ops@example.com', password: 'production check passphrase' };
const API = '/taxi-service/admin/';

function check(condition, what) {
  if (!condition) throw new Error(`production check failed: ${what}`);
  console.log(`  ok  ${what}`);
}

for (const tool of ['vite', 'esbuild', 'tsx', 'vitest']) {
  check(!existsSync(join(root, 'node_modules', tool)), `no ${tool} installed (pruned)`);
}
// The web app's libraries are built into apps/web/dist: nothing of them is needed at run time.
for (const library of ['react', 'maplibre-gl', '@mantine/core']) {
  check(!existsSync(join(root, 'node_modules', library)), `no ${library} installed (in the build)`);
}

const port = await new Promise((resolve) => {
  const probe = createServer().listen(0, '127.0.0.1', () => {
    const { port } = probe.address();
    probe.close(() => resolve(port));
  });
});
const base = `http://127.0.0.1:${port}`;
const dataDir = mkdtempSync(join(tmpdir(), 'cabdesk-production-'));

/** Whether any process of the group `pid` leads is still running. */
function running(pid) {
  try {
    process.kill(-pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** `npm start` as an operator runs it; answers its output so far and a stop. */
async function start() {
  const child = spawn('npm', ['start'], {
    cwd: root,
    // Its own process group: the stop reaches npm and the server under it.
    detached: true,
    env: {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      HOST: '127.0.0.1',
      PORT: String(port),
      DATA_DIR: dataDir,
      ADMIN_EMAIL: admin.email,
      ADMIN_PASSWORD: admin.password,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.setEncoding('utf8').on('data', (chunk) => (output += chunk));
  child.stderr.setEncoding('utf8').on('data', (chunk) => (output += chunk));
  const exited = new Promise((resolve) => child.once('exit', resolve));
  const stop = async () => {
    if (child.exitCode === null) process.kill(-child.pid, 'SIGTERM');
    await exited;
    // npm leaves first; the server under it still finishes and closes the database.
    while (running(child.pid)) await new Promise((resolve) => setTimeout(resolve, 100));
  };
  const deadline = Date.now() + 240_000;
  while (!output.includes('Cabdesk is ready') && child.exitCode === null) {
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`npm start was not ready within 240 s:\n${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  if (child.exitCode !== null) throw new Error(`npm start exited ${child.exitCode}:\n${output}`);
  return { output: () => output, stop };
}

try {
  // Without a build, a pruned install cannot build: `npm start` says so and stops.
  const dist = join(root, 'apps/api/dist');
  renameSync(dist, `${dist}.aside`);
  try {
    const unbuilt = spawnSync('npm', ['start'], { cwd: root, encoding: 'utf8', timeout: 60_000 });
    check(
      unbuilt.status === 1 && /has not been built/.test(unbuilt.stderr),
      'without a build it stops with the reason, building nothing',
    );
  } finally {
    renameSync(`${dist}.aside`, dist);
  }

  console.log(`npm start (embedded database in ${dataDir}):`);
  const first = await start();
  try {
    check(
      !/Building/.test(first.output()),
      'the first start runs the build there, building nothing',
    );
    const health = await fetch(`${base}/healthz`);
    check(health.status === 200, 'GET /healthz answers 200');

    const page = await fetch(`${base}/login`, { headers: { accept: 'text/html' } });
    const html = await page.text();
    check(page.status === 200 && html.includes('<div id="root">'), 'GET /login is the web app');
    const script = html.match(/src="(\/assets\/[^"]+\.js)"/)?.[1];
    check(script !== undefined, `the page loads a hashed script (${script})`);
    // fetch would decode the body: the header says what came over the wire.
    const asset = await fetch(`${base}${script}`, { headers: { 'accept-encoding': 'br' } });
    check(
      asset.status === 200 && asset.headers.get('content-encoding') === 'br',
      'the script comes precompressed as brotli',
    );
    check(
      /immutable/.test(asset.headers.get('cache-control') ?? ''),
      'the script is cached as immutable',
    );

    const signIn = await fetch(`${base}${API}login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ ...admin, user_type: 'Admin', device_type: 'Web' }),
    });
    const token = (await signIn.json()).data?.token;
    check(signIn.status === 200 && typeof token === 'string', 'the administrator signs in');
    const dashboard = await fetch(`${base}${API}dashboard`, {
      headers: { authorization: `Bearer ${token}` },
    });
    const body = await dashboard.json();
    check(dashboard.status === 200 && body.status === true, 'GET dashboard answers its figures');
  } finally {
    await first.stop();
  }

  console.log('npm start again (a restart):');
  const second = await start();
  try {
    check(!/Building/.test(second.output()), 'the restart builds nothing');
    check((await fetch(`${base}/healthz`)).status === 200, 'GET /healthz answers 200');
  } finally {
    await second.stop();
  }
  console.log('The production install serves.');
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}
