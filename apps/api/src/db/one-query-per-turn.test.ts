import { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { oneQueryPerTurn } from './one-query-per-turn';

let pglite: PGlite;

beforeAll(async () => {
  pglite = await PGlite.create();
});
afterAll(async () => {
  await pglite.close();
});

/** Starts `n` queries at once; answers how many had finished when the event loop first turned. */
async function finishedBeforeFirstTurn(client: Pick<PGlite, 'query'>, n: number) {
  let finished = 0;
  const turned = new Promise<number>((resolve) => setImmediate(() => resolve(finished)));
  await Promise.all(
    Array.from({ length: n }, () => client.query('select 1').then(() => finished++)),
  );
  return turned;
}

describe('oneQueryPerTurn', () => {
  it('lets the event loop turn between two queries (PGlite alone runs them all first)', async () => {
    expect(await finishedBeforeFirstTurn(pglite, 50)).toBe(50);
    expect(await finishedBeforeFirstTurn(oneQueryPerTurn(pglite).client, 50)).toBeLessThanOrEqual(
      1,
    );
  });

  it('answers each query its own rows and errors, in the order asked', async () => {
    const client = oneQueryPerTurn(pglite).client;
    const order: number[] = [];
    const answers = await Promise.allSettled(
      [1, 2, 3].map((n) =>
        client.query<{ n: number }>(n === 2 ? 'select 1/0' : `select ${n} as n`).then((r) => {
          order.push(n);
          return r.rows[0]?.n;
        }),
      ),
    );
    expect(answers.map((a) => (a.status === 'fulfilled' ? a.value : 'error'))).toEqual([
      1,
      'error',
      3,
    ]);
    expect(order).toEqual([1, 3]);
  });

  it('runs a transaction as one turn and keeps the other methods working', async () => {
    const client = oneQueryPerTurn(pglite).client;
    await client.exec('create table turns (n int)');
    const outside = client.query('insert into turns values (0)');
    await client.transaction(async (tx) => {
      await tx.query('insert into turns values (1)');
      await tx.query('insert into turns values (2)');
    });
    await outside;
    const { rows } = await client.query<{ n: number }>('select n from turns order by n');
    expect(rows.map((r) => r.n)).toEqual([0, 1, 2]);
    await expect(
      client.transaction(async (tx) => {
        await tx.query('insert into turns values (3)');
        throw new Error('changed my mind');
      }),
    ).rejects.toThrow('changed my mind');
    expect((await client.query('select n from turns')).rows).toHaveLength(3);
  });
});
