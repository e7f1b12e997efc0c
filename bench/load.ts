/**
 * npm run load --workspace bench -- [--connections 200] [--seconds 60] [--engine pglite|postgres]
 *
 * The load test of issue 9 on its own (`npm run bench` runs it too, for each
 * engine it measures): the production API on a fresh database with the demo
 * data, 200 connections for 60 s on the list calls (bench/lib/load.ts).
 * PostgreSQL is the server in LOAD_DATABASE_URL (an empty database) or a
 * throw-away one. Prints the figures; exits 1 on any error, timeout or
 * non-2xx answer.
 */
import { parseArgs } from 'node:util';
import { failedOf, runLoad } from './lib/load';

const { values } = parseArgs({
  options: {
    connections: { type: 'string', default: '200' },
    seconds: { type: 'string', default: '60' },
    engine: { type: 'string', default: process.env.LOAD_DATABASE_URL ? 'postgres' : 'pglite' },
  },
});
if (values.engine !== 'pglite' && values.engine !== 'postgres')
  throw new Error('--engine pglite|postgres');

const { slow, ...figures } = await runLoad({
  engine: values.engine,
  databaseUrl: process.env.LOAD_DATABASE_URL,
  connections: Number(values.connections),
  seconds: Number(values.seconds),
  log: console.log,
});
if (slow.length > 0) {
  console.log('the slowest answers over 5 s:');
  console.table(slow);
}
console.table(figures);
const failed = failedOf({ ...figures, slow });
if (failed > 0) {
  console.error(`load: ${failed} failed requests`);
  process.exitCode = 1;
}
