import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  couponAdd,
  getProfile,
  NOTIFICATION_EVENTS,
  notificationStream,
  notificationStreamTicket,
  rideCancel,
  urlOf,
} from '@cabdesk/contract';
import { sql } from 'drizzle-orm';
import { describe, expect, it, onTestFinished } from 'vitest';
import { openDatabase } from '../../src/db/client';
import { UNAVAILABLE_MESSAGE } from '../../src/plugins/errors';
import { startPostgres } from '../../../../scripts/postgres.mjs';
import { createRide } from '../builders';
import {} from '../helper';
import { openSse } from '../sse';
import { bearer, call, colleagueOn, signIn, startApi } from './processes';

/**
 * PostgreSQL dies and comes back under a running server process (the in-process
 * side of this, every call's 503, is in test/security/faults.test.ts). Here: the
 * real process stays up through it, says so on /readyz, heals without a restart,
 * and its open notification streams get live events again (LISTEN reconnects).
 * Needs the PostgreSQL binaries for a server of its own.
 */
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('PostgreSQL restarted under a running server process', () => {
  it('answers 503 meanwhile, heals without a restart, and live notifications resume', async () => {
    // Killed and started again: what was committed must come back.
    const pg = await startPostgres({ durable: true });
    onTestFinished(() => pg.stop());
    const dataDir = mkdtempSync(join(tmpdir(), 'cabdesk-pgrestart-'));
    onTestFinished(() => rmSync(dataDir, { recursive: true, force: true }));
    const server = await startApi({
      DATABASE_URL: pg.url,
      DATABASE_POOL_SIZE: '3',
      DATA_DIR: dataDir,
      WEB_DIST_DIR: join(dataDir, 'no-web'),
    });
    onTestFinished(() => server.kill('SIGKILL').then(() => undefined));
    let exited = false;
    void server.exited.then(() => (exited = true));
    const token = await signIn(server.url);
    const profile = () => call(server.url, urlOf(getProfile), { headers: bearer(token) });
    const ticket = await call<{ ticket: string }>(server.url, urlOf(notificationStreamTicket), {
      method: 'POST',
      headers: bearer(token),
    });
    const stream = await openSse(
      `${server.url}${urlOf(notificationStream)}?ticket=${encodeURIComponent(ticket.json.data.ticket)}`,
    );
    onTestFinished(() => stream.close());
    expect(stream.status).toBe(200);

    pg.shutdown('immediate');
    // Down for a while: every call a 503 in the envelope, the process up and honest about it.
    for (let i = 0; i < 4; i++) {
      const res = await profile();
      expect(res.status, res.body).toBe(503);
      expect(res.json).toEqual({ status: false, message: UNAVAILABLE_MESSAGE, data: null });
      const ready = await call(server.url, '/readyz');
      expect(ready.status).toBe(503);
      expect(ready.json).toEqual({ status: false, message: 'Database unavailable', data: null });
      expect((await call(server.url, '/healthz')).status).toBe(200);
      await sleep(400);
    }
    expect(exited, server.output()).toBe(false);

    pg.start();
    let ready = await call(server.url, '/readyz');
    for (let i = 0; i < 60 && ready.status !== 200; i++) {
      await sleep(250);
      ready = await call(server.url, '/readyz');
    }
    expect(ready.status).toBe(200);
    expect(exited, server.output()).toBe(false);
    // The session from before the outage still works, and writes go through.
    expect((await profile()).status).toBe(200);
    const coupon = await call(server.url, urlOf(couponAdd), {
      body: { title: 'Healed', coupon_code: 'HEALED', discount: 5, description: 'Fault' },
      headers: bearer(token),
    });
    expect(coupon.status, coupon.body).toBe(200);

    // The stream opened before the outage gets events again once the server
    // listens anew (it retries on its own, with growing pauses).
    const database = await openDatabase({ databaseUrl: pg.url, poolSize: 1 });
    onTestFinished(() => database.close());
    const listening = async () =>
      (
        await database.rows<{ n: number }>(
          sql`select count(*)::int as n from pg_stat_activity where query = 'LISTEN "cabdesk_notifications"'`,
        )
      )[0]?.n ?? 0;
    for (let i = 0; i < 80 && (await listening()) === 0; i++) await sleep(250);
    expect(await listening()).toBeGreaterThan(0);
    const ride = await createRide(database, { rideStatus: 'Pending' });
    // Cancelled by a colleague: an administrator's own action is not echoed back live.
    const cancel = await call(server.url, urlOf(rideCancel), {
      body: { ride_id: ride.id, reason: 'After the outage' },
      headers: bearer(await colleagueOn(database, server.url)),
    });
    expect(cancel.status, cancel.body).toBe(200);
    const event = await stream.next(
      (e) => e.event === NOTIFICATION_EVENTS.notification && e.data.includes(`#${ride.id} `),
      10_000,
    );
    expect(JSON.parse(event.data)).toMatchObject({
      title: 'Trip cancelled',
      link: `/trip-detail/${ride.id}`,
    });
    expect(exited).toBe(false);
  }, 120_000);
});
