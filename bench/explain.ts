/**
 * npm run explain --workspace bench -- <database url> [name filter]
 *
 * The plans behind the benchmark's calls: captures the SQL each call runs (as
 * the benchmark does, the API built in-process) on a seeded PostgreSQL
 * database, then prints EXPLAIN (ANALYZE, BUFFERS) of each statement with the
 * API's session settings, slowest first at the end. The filter is a regular
 * expression on the call's name (`sort=`, `trips`).
 */
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { applySessionSettings } from '@cabdesk/api';
import { captureAndMeasureFloor } from './lib/floor';

const [url, filter = '.'] = process.argv.slice(2);
if (!url) throw new Error('usage: npm run explain --workspace bench -- <database url> [filter]');
const { calls } = await captureAndMeasureFloor(
  { kind: 'postgres', url },
  join(tmpdir(), 'cabdesk-bench-uploads-large'),
  0,
  () => {},
);
const client = new pg.Client({ connectionString: url });
await client.connect();
await applySessionSettings(client);
const times: [number, string][] = [];
try {
  for (const call of calls.filter((c) => new RegExp(filter).test(c.name))) {
    console.log(`\n=== ${call.name}: ${call.path}${call.skipped ? ` (${call.skipped})` : ''}`);
    let total = 0;
    for (const statement of call.statements) {
      const { rows } = await client.query<{ 'QUERY PLAN': string }>(
        `explain (analyze, buffers) ${statement.text}`,
        statement.params,
      );
      const lines = rows.map((r) => r['QUERY PLAN']);
      total += lines.reduce((sum, line) => {
        const m = /^(Planning|Execution) Time: ([\d.]+) ms/.exec(line);
        return sum + (m ? Number(m[2]) : 0);
      }, 0);
      console.log(lines.join('\n'));
    }
    times.push([total, call.name]);
  }
} finally {
  await client.end();
}
console.log('\n=== planning + execution, slowest first');
for (const [ms, name] of times.sort((a, b) => b[0] - a[0])) {
  console.log(`${ms.toFixed(2).padStart(9)} ms  ${name}`);
}
