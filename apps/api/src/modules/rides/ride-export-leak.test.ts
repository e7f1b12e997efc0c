import { sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { createUser } from '../../../test/builders';
import { signedInApp } from '../../../test/helper';

it('frees the connection after exporting a whole number of batches', async () => {
  const { app, database, token } = await signedInApp();
  const user = await createUser(database);
  await database.db
    .execute(sql`insert into rides (user_id, amount, pickup_address, drop_address, ride_status)
    select ${user.id}, 5, 'a', 'b', 'Cancel' from generate_series(1, 2000)`);
  const base = await app.listen({ port: 0, host: '127.0.0.1' });
  for (let i = 0; i < 5; i++) {
    const res = await fetch(`${base}/taxi-service/admin/ride-list?format=csv`, {
      headers: { authorization: `Bearer ${token}` },
    });
    let n = 0;
    for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>)
      for (const b of chunk) if (b === 10) n++;
    expect(n).toBe(2001);
  }
  const [row] = await database.rows<{ n: number }>(sql`select 1 as n`);
  expect(row?.n).toBe(1);
}, 60_000);
