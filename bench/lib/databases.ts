/**
 * The seeded databases: a throw-away PostgreSQL server (or BENCH_DATABASE_URL),
 * and a PGlite data directory kept between runs (BENCH_PGLITE_DIR, default
 * <tmp>/cabdesk-bench-pglite-<scale>), seeded with `npm run seed` when empty.
 */
import { spawn } from 'node:child_process';
import { existsSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { startPostgres } from '../../scripts/postgres.mjs';
import type { Engine } from './floor';

const root = fileURLToPath(new URL('../..', import.meta.url));

export type Scale = 'small' | 'large';
/** The seed scale behind each benchmark scale. */
const SEED_SCALE: Record<Scale, string> = { small: 'small', large: 'large' };

export type Prepared = { engine: Engine; seedSeconds: number | null; stop: () => void };

/** `npm run seed -- --scale ...` into the database of `env`; the seconds it took. */
function seed(scale: Scale, env: Record<string, string>, log: (msg: string) => void) {
  return new Promise<number>((resolve, reject) => {
    const started = Date.now();
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', 'apps/api/src/seed/cli.ts', '--scale', SEED_SCALE[scale]],
      { cwd: root, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'inherit'] },
    );
    child.stdout.on('data', (chunk: Buffer) => {
      for (const line of chunk.toString().split('\n')) if (line.startsWith('  ')) log(`  ${line}`);
    });
    child.once('exit', (code) =>
      code === 0
        ? resolve((Date.now() - started) / 1000)
        : reject(new Error(`seed exited ${code}`)),
    );
  });
}

async function rideCount(url: string): Promise<number> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ n: string }>(
      `select coalesce((select sum(n) from ride_counts), 0)::text as n`,
    );
    return Number(rows[0]?.n ?? 0);
  } catch {
    return 0; // not migrated yet
  } finally {
    await client.end();
  }
}

export async function preparePostgres(
  scale: Scale,
  uploadDir: string,
  log: (msg: string) => void,
): Promise<Prepared> {
  const given = process.env.BENCH_DATABASE_URL;
  if (given && (await rideCount(given)) > 0) {
    log(`PostgreSQL: reusing the seeded database of BENCH_DATABASE_URL`);
    return { engine: { kind: 'postgres', url: given }, seedSeconds: null, stop: () => {} };
  }
  const server = given
    ? { url: given, stop: () => {} }
    : await startPostgres({ settings: { shared_buffers: '256MB', max_wal_size: '4GB' } });
  try {
    log(`PostgreSQL: seeding the ${scale} scale (${SEED_SCALE[scale]})`);
    const seedSeconds = await seed(scale, { DATABASE_URL: server.url, UPLOAD_DIR: uploadDir }, log);
    log(`PostgreSQL: seeded in ${seedSeconds.toFixed(1)} s`);
    return { engine: { kind: 'postgres', url: server.url }, seedSeconds, stop: server.stop };
  } catch (error) {
    server.stop();
    throw error;
  }
}

export async function preparePglite(
  scale: Scale,
  uploadDir: string,
  log: (msg: string) => void,
): Promise<Prepared> {
  const dataDir = process.env.BENCH_PGLITE_DIR ?? join(tmpdir(), `cabdesk-bench-pglite-${scale}`);
  const engine: Engine = { kind: 'pglite', dataDir };
  if (existsSync(join(dataDir, 'PG_VERSION')) && existsSync(join(dataDir, '.bench-seeded'))) {
    log(`PGlite: reusing the seeded data directory ${dataDir}`);
    return { engine, seedSeconds: null, stop: () => {} };
  }
  log(`PGlite: seeding the ${scale} scale into ${dataDir}`);
  const seedSeconds = await seed(scale, { DATA_DIR: dataDir, UPLOAD_DIR: uploadDir }, log);
  writeFileSync(join(dataDir, '.bench-seeded'), `${new Date().toISOString()}\n`);
  log(`PGlite: seeded in ${seedSeconds.toFixed(1)} s`);
  return { engine, seedSeconds, stop: () => {} };
}
