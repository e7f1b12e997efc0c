import { NOTIFICATION_MESSAGES, paths } from '@cabdesk/contract';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { openDatabase } from '../../db/client';
import { createRide } from '../../../test/builders';
import { api, bearer, buildTestApp, createAdmin, signIn } from '../../../test/helper';
import { openSse } from '../../../test/sse';
import { notify } from './notify';

type App = Awaited<ReturnType<typeof buildTestApp>>['app'];

async function ticketFor(app: App, token: string) {
  const res = await app.inject({
    method: 'POST',
    url: api(paths.notificationStreamTicket),
    headers: bearer(token),
  });
  expect(res.statusCode).toBe(200);
  return res.json<{ data: { ticket: string; expires_in: number } }>().data;
}

async function listening(app: App) {
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('not listening');
  return `http://127.0.0.1:${address.port}`;
}

const streamUrl = (base: string, ticket: string, after?: number) =>
  `${base}${api(paths.notificationStream)}?ticket=${encodeURIComponent(ticket)}${after === undefined ? '' : `&after=${after}`}`;

describe('notification-stream', () => {
  it('needs a valid ticket: none, unknown, spent, expired or of an ended session is refused', async () => {
    const { app, database } = await buildTestApp({}, false);
    await createAdmin(database);
    const token = await signIn(app);

    const none = await app.inject({ url: api(paths.notificationStream) });
    expect(none.statusCode).toBe(401);
    expect(none.json().message).toBe(NOTIFICATION_MESSAGES.badTicket);
    const oversized = await app.inject({
      url: `${api(paths.notificationStream)}?ticket=${'x'.repeat(5000)}`,
    });
    expect(oversized.statusCode).toBe(401);
    const unknown = await app.inject({ url: `${api(paths.notificationStream)}?ticket=nope` });
    expect(unknown.statusCode).toBe(401);
    expect(unknown.json().message).toBe(NOTIFICATION_MESSAGES.badTicket);
    // The bearer token itself is no ticket.
    const bearerAsTicket = await app.inject({
      url: `${api(paths.notificationStream)}?ticket=${token}`,
    });
    expect(bearerAsTicket.statusCode).toBe(401);

    const base = await listening(app);
    const { ticket, expires_in } = await ticketFor(app, token);
    expect(expires_in).toBe(60);
    const first = await openSse(streamUrl(base, ticket));
    expect(first.status).toBe(200);
    expect(first.headers['content-type']).toMatch(/^text\/event-stream/);
    first.close();
    const again = await app.inject({ url: `${api(paths.notificationStream)}?ticket=${ticket}` });
    expect(again.statusCode).toBe(401);

    const stale = await ticketFor(app, token);
    await database.rows(
      sql`update notification_stream_tickets set expires_at = now() - interval '1 second'`,
    );
    const expired = await app.inject({
      url: `${api(paths.notificationStream)}?ticket=${stale.ticket}`,
    });
    expect(expired.statusCode).toBe(401);

    const beforeLogout = await ticketFor(app, token);
    await app.inject({ method: 'POST', url: api(paths.logout), headers: bearer(token) });
    const afterLogout = await app.inject({
      url: `${api(paths.notificationStream)}?ticket=${beforeLogout.ticket}`,
    });
    expect(afterLogout.statusCode).toBe(401);
  });

  it('delivers a new notification live, only to admins who may see it, pings, and cleans up on disconnect', async () => {
    const { database, config } = await buildTestApp();
    await createAdmin(database);
    const other = await createAdmin(database, {
      email: 'other@cabdesk.test',
      password: 'another fine password',
    });
    // A short keep-alive for the test, on its own app over the same database.
    const live = await buildApp({ config, database, notifications: { pingMs: 150 } });
    try {
      const token = await signIn(live);
      const base = await listening(live);
      const stream = await openSse(streamUrl(base, (await ticketFor(live, token)).ticket));
      expect(live.notificationHub.size()).toBe(1);

      await notify(database.db, {
        title: 'For someone else',
        message: 'x',
        link: null,
        adminId: other.id,
      });
      const ride = await createRide(database, { rideStatus: 'Pending' });
      const cancel = await live.inject({
        method: 'POST',
        url: api(paths.rideCancel),
        headers: bearer(token),
        payload: { ride_id: ride.id, reason: 'Booked by mistake' },
      });
      expect(cancel.statusCode).toBe(200);

      const event = await stream.next((e) => e.event === 'notification');
      const data = JSON.parse(event.data);
      expect(data).toMatchObject({
        title: 'Trip cancelled',
        message: `Trip #${ride.id} was cancelled: Booked by mistake.`,
        link: `/trip-detail/${ride.id}`,
        read_at: null,
      });
      expect(event.id).toBe(String(data.id));
      expect(stream.events.some((e) => e.data.includes('For someone else'))).toBe(false);

      await stream.next((e) => e.event === 'ping');

      stream.close();
      await expect.poll(() => live.notificationHub.size()).toBe(0);
    } finally {
      await live.close();
    }
  });

  it('sends what was missed after the given id first, and ends when the session ends', async () => {
    const { database, config } = await buildTestApp();
    await createAdmin(database);
    const seen = await notify(database.db, { title: 'Seen', message: 's', link: null });
    await notify(database.db, { title: 'Missed 1', message: 'm', link: null });
    await notify(database.db, { title: 'Missed 2', message: 'm', link: null });
    const live = await buildApp({ config, database, notifications: { pingMs: 150 } });
    try {
      const token = await signIn(live);
      const base = await listening(live);
      const stream = await openSse(streamUrl(base, (await ticketFor(live, token)).ticket, seen.id));
      await stream.next((e) => e.data.includes('Missed 2'));
      const titles = stream.events
        .filter((e) => e.event === 'notification')
        .map((e) => JSON.parse(e.data).title);
      expect(titles).toEqual(['Missed 1', 'Missed 2']);

      await live.inject({ method: 'POST', url: api(paths.logout), headers: bearer(token) });
      await stream.next((e) => e.event === 'end');
      await stream.ended;
      await expect.poll(() => live.notificationHub.size()).toBe(0);
    } finally {
      await live.close();
    }
  });

  it('an event on one API instance reaches a stream of another over the same database (LISTEN/NOTIFY)', async () => {
    const { app: first, database, config } = await buildTestApp();
    await createAdmin(database);
    const url = process.env.TEST_DATABASE_URL;
    // On PostgreSQL the second instance has its own pool and its own LISTEN
    // connection; on PGlite (one process) it shares the embedded database.
    let second = database;
    if (url) {
      const [row] = await database.rows<{ name: string }>(sql`select current_database() as name`);
      const own = new URL(url);
      own.pathname = `/${row!.name}`;
      second = await openDatabase({ databaseUrl: own.toString(), poolSize: 2 });
    }
    const other = await buildApp({ config, database: second });
    try {
      const token = await signIn(other);
      const base = await listening(other);
      const stream = await openSse(streamUrl(base, (await ticketFor(other, token)).ticket));

      const ride = await createRide(database, { rideStatus: 'Accept' });
      const res = await first.inject({
        method: 'POST',
        url: api(paths.rideCancel),
        headers: bearer(await signIn(first)),
        payload: { ride_id: ride.id, reason: 'Changed my plans' },
      });
      expect(res.statusCode).toBe(200);
      const event = await stream.next((e) => e.event === 'notification');
      expect(JSON.parse(event.data).link).toBe(`/trip-detail/${ride.id}`);
      stream.close();
    } finally {
      await other.close();
      if (second !== database) await second.close();
    }
  });
});
