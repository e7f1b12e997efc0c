import { sql } from 'drizzle-orm';
import { describe, expect, it, onTestFinished } from 'vitest';
import { openDatabase } from '../../src/db/client';
import { postgresForTest } from './processes';

const CHANNEL = 'listen_resume';

describe('LISTEN after its connection is lost', () => {
  it('listens again and says so, since what was sent meanwhile was missed', async () => {
    const postgres = await postgresForTest('cabdesk_listen');
    const database = await openDatabase({ databaseUrl: postgres.url, poolSize: 2 });
    const payloads: string[] = [];
    let resumed = 0;
    const stop = await database.listen(
      CHANNEL,
      (payload) => payloads.push(payload),
      () => (resumed += 1),
    );
    onTestFinished(async () => {
      await stop();
      await database.close();
      await postgres.drop();
    });

    await database.db.execute(sql`select pg_notify(${CHANNEL}, 'before')`);
    await expect.poll(() => payloads).toEqual(['before']);
    expect(resumed).toBe(0);

    // The listening connection dies (a failover, a restart, an administrator's kill).
    await database.db.execute(
      sql`select pg_terminate_backend(pid) from pg_stat_activity
          where query = ${`LISTEN "${CHANNEL}"`}`,
    );
    await expect.poll(() => resumed, { timeout: 10_000 }).toBe(1);
    await database.db.execute(sql`select pg_notify(${CHANNEL}, 'after')`);
    await expect.poll(() => payloads).toEqual(['before', 'after']);
  });
});
