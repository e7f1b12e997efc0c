// `npm test`: typecheck and lint, the contract's and web app's unit tests, the
// API's driver-conformance set on PGlite, the whole API suite on PostgreSQL (a
// throw-away server unless TEST_DATABASE_URL names one), the web build, and the
// browser tests against the production build. Stops at the first failure and
// says which stage failed; ends with every stage's time and the total.
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { startPostgres } from './postgres.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const started = Date.now();
/** Each stage run so far: its title, seconds and whether it passed. */
const stages = [];

const secondsSince = (t0) => (Date.now() - t0) / 1000;

/** The stages' times as a table, then the total. */
function printSummary() {
  const width = Math.max(...stages.map((s) => s.title.length), 'total'.length) + 2;
  console.log('\nStage times:');
  for (const stage of stages) {
    const mark = stage.ok ? '✓' : '✗';
    console.log(`  ${mark} ${stage.title.padEnd(width)}${stage.seconds.toFixed(1).padStart(7)} s`);
  }
  console.log(`    ${'total'.padEnd(width)}${secondsSince(started).toFixed(1).padStart(7)} s`);
}

function fail(title, status, seconds) {
  printSummary();
  console.error(`\n✗ ${title} failed (${seconds.toFixed(1)} s)`);
  process.exit(status ?? 1);
}

/** One stage, its output on this terminal. */
function run(title, command, args, options = {}) {
  const t0 = Date.now();
  console.log(`\n=== ${title}`);
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', ...options });
  const seconds = secondsSince(t0);
  const ok = result.status === 0;
  stages.push({ title, seconds, ok });
  if (!ok) fail(title, result.status, seconds);
  console.log(`✓ ${title} (${seconds.toFixed(1)} s)`);
}

// Typecheck and lint one after the other: run together on this two-core machine they
// took as long as in turn (docs/testing.md).
run('typecheck', 'npm', ['run', 'typecheck']);
run('lint', 'npm', ['run', 'lint']);
run('contract, city and web unit tests', 'npm', [
  'test',
  '--workspace',
  'packages/contract',
  '--workspace',
  'packages/city',
  '--workspace',
  'apps/web',
]);

// The whole API suite runs once, on PostgreSQL (production's engine); PGlite,
// the embedded default, runs the files that exercise where the drivers differ
// (apps/api/vitest.pglite.config.ts).
const { TEST_DATABASE_URL: givenUrl, ...withoutUrl } = process.env;
run('API driver conformance on PGlite', 'npm', ['run', 'test:pglite', '--workspace', 'apps/api'], {
  env: withoutUrl,
});

// Without TEST_DATABASE_URL a throw-away server is started; without the
// PostgreSQL binaries the run fails: the PostgreSQL pass never drops out.
if (givenUrl) {
  run('API tests on PostgreSQL (TEST_DATABASE_URL)', 'npm', ['test', '--workspace', 'apps/api']);
} else {
  let pg;
  try {
    pg = await startPostgres({ inMemory: true });
  } catch (error) {
    stages.push({ title: 'API tests on PostgreSQL', seconds: 0, ok: false });
    printSummary();
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

// The production build (the web app, and the API compiled for `npm start`).
run('build', 'npm', ['run', 'build']);

run('browser tests', 'npm', ['test', '--workspace', 'e2e']);

printSummary();
console.log(`\nAll checks passed in ${(secondsSince(started) / 60).toFixed(1)} min.`);
