/**
 * npm run seed -- --scale demo|small|large [--reset]
 *
 * DATABASE_URL selects a PostgreSQL server; otherwise PGlite in DATA_DIR
 * (default ./data). Relative paths are taken from where npm was started
 * (INIT_CWD), so running from the repository root uses <root>/data. Images go
 * to UPLOAD_DIR (default DATA_DIR/uploads).
 */
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { openDatabase, type DatabaseOptions } from '../db/client';
import { LARGE_SCALE, SMALL_SCALE } from './large';
import { DEMO_SCALE, resetMarketplace, seed, type SeedScale } from './seed';
import { runCommand } from '../lib/command';

const USAGE = `usage: npm run seed -- --scale demo|small|large [--reset]

  --scale demo    about 500 users and 3,000 rides, each record with its own images (default)
  --scale small   2,500 users and 10,000 rides: the large scale at 1%, for benchmarks
  --scale large   250,000 users and 1,000,000 rides, for benchmarks
  --reset         empty the marketplace tables first (admins are kept)

environment: DATABASE_URL (PostgreSQL) or DATA_DIR (PGlite, default ./data), UPLOAD_DIR (default DATA_DIR/uploads)`;

/** The generated scales are reached from here only: the server seeds the demo alone. */
const SCALES: SeedScale[] = [DEMO_SCALE, SMALL_SCALE, LARGE_SCALE];

type Args = { scale: SeedScale; reset: boolean };

/** The arguments, or a message saying what is wrong with them. */
function parse(argv: string[]): Args | string {
  let values;
  try {
    ({ values } = parseArgs({
      args: argv,
      options: {
        scale: { type: 'string', default: 'demo' },
        reset: { type: 'boolean', default: false },
      },
      strict: true,
      allowPositionals: false,
    }));
  } catch (error) {
    return (error as Error).message;
  }
  const scale = SCALES.find((known) => known.name === values.scale);
  if (!scale) return `unknown scale: ${values.scale}`;
  return { scale, reset: values.reset };
}

function locations() {
  const base = process.env.INIT_CWD ?? process.cwd();
  const dataDir = resolve(base, process.env.DATA_DIR ?? './data');
  const uploadDir = resolve(base, process.env.UPLOAD_DIR ?? resolve(dataDir, 'uploads'));
  const database: DatabaseOptions = process.env.DATABASE_URL
    ? { databaseUrl: process.env.DATABASE_URL }
    : { dataDir };
  return {
    uploadDir,
    database,
    where: process.env.DATABASE_URL ? 'PostgreSQL (DATABASE_URL)' : dataDir,
  };
}

async function main(): Promise<number> {
  const args = parse(process.argv.slice(2));
  if (typeof args === 'string') {
    console.error(`${args}\n\n${USAGE}`);
    return 1;
  }
  const started = Date.now();
  const { uploadDir, database: options, where } = locations();
  console.log(`seeding ${args.scale.name} into ${where}, images under ${uploadDir}`);
  const database = await openDatabase(options);
  try {
    await database.migrate();
    if (args.reset) {
      await resetMarketplace(database);
      console.log('emptied the marketplace tables');
    }
    const summary = await seed(database, {
      scale: args.scale,
      uploadDir,
      log: (msg) => console.log(`  ${msg}`),
    });
    console.table(summary.counts);
    console.log(
      `${summary.imageFiles} image files; done in ${((Date.now() - started) / 1000).toFixed(1)} s`,
    );
    return 0;
  } finally {
    await database.close();
  }
}

/** The database's own complaint: drizzle wraps it in a "Failed query" error holding kilobytes of SQL. */
function describe(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  if (error.cause instanceof Error)
    return `${error.cause.message}\n(in: ${error.message.slice(0, 300)}...)`;
  return error.message;
}

runCommand(main, describe);
