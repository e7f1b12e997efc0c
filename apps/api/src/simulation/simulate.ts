/**
 * npm run simulate -- [--interval 4] [--steps N]
 *
 * Drives realistic marketplace activity against the configured database:
 * DATABASE_URL (PostgreSQL; the running API instances hear every event
 * through LISTEN/NOTIFY and show it live), else PGlite in DATA_DIR (default
 * ./data). A PGlite directory opens in one process only: while the server
 * runs on it, start the server with SIMULATE=true instead.
 */
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { openDatabase, type DatabaseOptions } from '../db/client';
import { DataDirInUseError } from '../db/data-dir-lock';
import { runSimulation } from './simulation';
import { runCommand } from '../lib/command';

const USAGE = `usage: npm run simulate -- [--interval SECONDS] [--steps N]

  --interval   seconds between two events (default 4)
  --steps      stop after N events (default: run until Ctrl+C)

environment: DATABASE_URL (PostgreSQL) or DATA_DIR (PGlite, default ./data), UPLOAD_DIR (default DATA_DIR/uploads)`;

function parse(argv: string[]): { intervalMs: number; steps?: number } | string {
  try {
    const { values } = parseArgs({
      args: argv,
      options: { interval: { type: 'string', default: '4' }, steps: { type: 'string' } },
      strict: true,
      allowPositionals: false,
    });
    const interval = Number(values.interval);
    if (!Number.isFinite(interval) || interval < 0.2) return '--interval must be at least 0.2';
    const steps = values.steps === undefined ? undefined : Number(values.steps);
    if (steps !== undefined && (!Number.isInteger(steps) || steps < 1)) {
      return '--steps must be a whole number of at least 1';
    }
    return { intervalMs: Math.round(interval * 1000), steps };
  } catch (error) {
    return (error as Error).message;
  }
}

async function main(): Promise<number> {
  const args = parse(process.argv.slice(2));
  if (typeof args === 'string') {
    console.error(`${args}\n\n${USAGE}`);
    return 1;
  }
  const base = process.env.INIT_CWD ?? process.cwd();
  const dataDir = resolve(base, process.env.DATA_DIR ?? './data');
  const uploadDir = resolve(base, process.env.UPLOAD_DIR ?? resolve(dataDir, 'uploads'));
  const options: DatabaseOptions = process.env.DATABASE_URL
    ? { databaseUrl: process.env.DATABASE_URL, poolSize: 2 }
    : { dataDir };
  let database;
  try {
    database = await openDatabase(options);
  } catch (error) {
    if (error instanceof DataDirInUseError) {
      console.error(
        `${error.message}.\n\n` +
          'The server is running on this data directory. Either stop it and run the simulator alone,\n' +
          'or restart the server with the simulator inside it:  SIMULATE=true npm start',
      );
      return 1;
    }
    throw error;
  }
  const stop = new AbortController();
  process.once('SIGINT', () => stop.abort());
  process.once('SIGTERM', () => stop.abort());
  try {
    await database.migrate();
    console.log(
      `simulating on ${process.env.DATABASE_URL ? 'PostgreSQL (DATABASE_URL)' : dataDir}, ` +
        `one event every ${args.intervalMs / 1000} s; Ctrl+C stops`,
    );
    const done = await runSimulation(database, {
      uploadDir,
      intervalMs: args.intervalMs,
      steps: args.steps,
      signal: stop.signal,
      log: (line) => console.log(`${new Date().toISOString().slice(11, 19)}  ${line}`),
    });
    console.log(`${done} events`);
    return 0;
  } finally {
    await database.close();
  }
}

runCommand(main);
