// `npm test`: typecheck, lint, contract and API tests on PGlite, the same API
// tests on PostgreSQL (a throw-away server when the binaries exist), the web
// build, and the browser tests against the production build. Stops at the
// first failure and says which step failed.
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { startPostgres } from './postgres.mjs';

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

// The second database never drops out: without TEST_DATABASE_URL a throw-away
// server is started, and without the PostgreSQL binaries the run fails.
if (process.env.TEST_DATABASE_URL) {
  run('API tests on PostgreSQL (TEST_DATABASE_URL)', 'npm', ['test', '--workspace', 'apps/api']);
} else {
  let pg;
  try {
    pg = await startPostgres();
  } catch (error) {
    console.error(`\n✗ API tests on PostgreSQL cannot run: ${error.message}`);
    process.exit(1);
  }
  const cleanUp = () => pg.stop();
  process.once('exit', cleanUp);
  run('API tests on PostgreSQL (throw-away server)', 'npm', ['test', '--workspace', 'apps/api'], {
    env: { ...process.env, TEST_DATABASE_URL: pg.url },
  });
  process.removeListener('exit', cleanUp);
  cleanUp();
}

run('web build', 'npm', ['run', 'build', '--workspace', 'apps/web']);
run('browser tests', 'npm', ['test', '--workspace', 'e2e']);

console.log(`\nAll checks passed in ${((Date.now() - started) / 60000).toFixed(1)} min.`);
