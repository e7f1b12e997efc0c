// `npm test`: typecheck, lint, contract and API tests on PGlite, the same API
// tests on PostgreSQL (a throw-away server when the binaries exist), the web
// build, and the browser tests against the production build. Stops at the
// first failure and says which step failed.
import { spawnSync } from 'node:child_process';
import { chownSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const started = Date.now();

function run(title, command, args, options = {}) {
  const t0 = Date.now();
  console.log(`\n=== ${title}`);
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', ...options });
  const seconds = ((Date.now() - t0) / 1000).toFixed(1);
  if (result.status !== 0) {
    console.error(`\n✗ ${title} failed (${seconds} s)`);
    process.exit(result.status ?? 1);
  }
  console.log(`✓ ${title} (${seconds} s)`);
}

const quiet = (command, args, options = {}) => {
  const result = spawnSync(command, args, { encoding: 'utf8', ...options });
  if (result.status !== 0)
    throw new Error(`${command} ${args.join(' ')}: ${result.stderr || result.stdout}`);
  return result.stdout;
};

const has = (bin) => spawnSync('sh', ['-c', `command -v ${bin}`]).status === 0;

function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

/** A throw-away PostgreSQL on loopback; as root, the server runs as the postgres user. */
async function startPostgres() {
  const dir = mkdtempSync(join(tmpdir(), 'cabdesk-pg-'));
  const asRoot = process.getuid?.() === 0;
  const asUser = (cmd, args) =>
    asRoot ? ['runuser', ['-u', 'postgres', '--', cmd, ...args]] : [cmd, args];
  if (asRoot) {
    const uid = Number(quiet('id', ['-u', 'postgres']).trim());
    const gid = Number(quiet('id', ['-g', 'postgres']).trim());
    chownSync(dir, uid, gid);
  }
  const port = await freePort();
  const data = join(dir, 'data');
  quiet(
    ...asUser('initdb', ['-D', data, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--no-sync']),
  );
  const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c synchronous_commit=off -c full_page_writes=off`;
  quiet(...asUser('pg_ctl', ['-D', data, '-o', options, '-l', join(dir, 'log'), '-w', 'start']));
  const stop = () => {
    spawnSync(...asUser('pg_ctl', ['-D', data, '-m', 'fast', '-w', 'stop']), { stdio: 'ignore' });
    rmSync(dir, { recursive: true, force: true });
  };
  return { url: `postgres://postgres@127.0.0.1:${port}/postgres`, stop };
}

run('typecheck', 'npm', ['run', 'typecheck']);
run('lint', 'npm', ['run', 'lint']);
run('contract, web and API tests (API on PGlite)', 'npm', [
  'test',
  '--workspace',
  'packages/contract',
  '--workspace',
  'apps/web',
  '--workspace',
  'apps/api',
]);

if (process.env.TEST_DATABASE_URL) {
  run('API tests on PostgreSQL (TEST_DATABASE_URL)', 'npm', ['test', '--workspace', 'apps/api']);
} else if (has('initdb') && has('pg_ctl')) {
  const pg = await startPostgres();
  const cleanUp = () => pg.stop();
  process.once('exit', cleanUp);
  run('API tests on PostgreSQL (throw-away server)', 'npm', ['test', '--workspace', 'apps/api'], {
    env: { ...process.env, TEST_DATABASE_URL: pg.url },
  });
  process.removeListener('exit', cleanUp);
  cleanUp();
} else {
  console.log(
    '\n=== API tests on PostgreSQL: skipped (no TEST_DATABASE_URL and no initdb/pg_ctl on PATH)',
  );
}

run('web build', 'npm', ['run', 'build', '--workspace', 'apps/web']);
run('browser tests', 'npm', ['test', '--workspace', 'e2e']);

console.log(`\nAll checks passed in ${((Date.now() - started) / 60000).toFixed(1)} min.`);
