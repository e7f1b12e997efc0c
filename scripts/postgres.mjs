// A throw-away PostgreSQL server on loopback, for the PostgreSQL test run
// (scripts/test.mjs) and the benchmark (bench/run.ts). As root, initdb and the
// server run as the postgres user in a directory that user owns.
import { spawnSync } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, rmSync, statfsSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const quiet = (command, args, options = {}) => {
  const result = spawnSync(command, args, { encoding: 'utf8', ...options });
  if (result.status !== 0)
    throw new Error(`${command} ${args.join(' ')}: ${result.stderr || result.stdout}`);
  return result.stdout;
};

/** A free TCP port on 127.0.0.1. */
export function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

/** Whether /dev/shm exists with 2 GiB free: the suite's databases and WAL, with room to spare. */
function roomInMemory() {
  if (!existsSync('/dev/shm')) return false;
  const { bavail, bsize } = statfsSync('/dev/shm');
  return bavail * bsize >= 2 * 1024 ** 3;
}

/**
 * Starts a fresh server and returns its URL, `stop()` that shuts it down and
 * removes its files, and for fault tests `shutdown(mode)` that stops it
 * keeping its files (`immediate`: as if it died) and `start()` that starts it
 * again on the same port. `settings` are extra `-c name=value` settings.
 * Writes are not made durable (fsync and synchronous commit off: fast for
 * tests and the bench) unless `durable`: a test that kills the server and
 * expects committed rows back needs it.
 * `inMemory` puts its files in /dev/shm (a tmpfs on Linux) when there is one
 * with room (a container's is often 64 MB): for the test suite, whose every
 * test copies the template database, file by file, and drops it
 * (docs/testing.md), not for the bench's large databases.
 * Throws, saying what is missing, when the PostgreSQL binaries are not on PATH.
 * @param {{ settings?: Record<string, string | number>, durable?: boolean, inMemory?: boolean }} [options]
 */
export async function startPostgres({ settings = {}, durable = false, inMemory = false } = {}) {
  const missing = ['initdb', 'pg_ctl'].filter(
    (bin) => spawnSync('sh', ['-c', `command -v ${bin}`]).status !== 0,
  );
  if (missing.length > 0) {
    throw new Error(
      `PostgreSQL is needed (${missing.join(' and ')} not on PATH): install PostgreSQL 15, or set TEST_DATABASE_URL`,
    );
  }
  const parent = inMemory && roomInMemory() ? '/dev/shm' : tmpdir();
  const dir = mkdtempSync(join(parent, 'cabdesk-pg-'));
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
  const extra = Object.entries(settings).map(([name, value]) => ` -c ${name}=${value}`);
  const fast = durable ? '' : ' -c fsync=off -c synchronous_commit=off -c full_page_writes=off';
  const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1${fast}${extra.join('')}`;
  const start = () =>
    quiet(...asUser('pg_ctl', ['-D', data, '-o', options, '-l', join(dir, 'log'), '-w', 'start']));
  const shutdown = (mode = 'fast') =>
    quiet(...asUser('pg_ctl', ['-D', data, '-m', mode, '-w', 'stop']));
  start();
  let stopped = false;
  const stop = () => {
    if (stopped) return;
    stopped = true;
    spawnSync(...asUser('pg_ctl', ['-D', data, '-m', 'immediate', '-w', 'stop']), {
      stdio: 'ignore',
    });
    rmSync(dir, { recursive: true, force: true });
  };
  return { url: `postgres://postgres@127.0.0.1:${port}/postgres`, dir, start, shutdown, stop };
}
