import {
  adminUpdate,
  approvalUser,
  changePassword,
  logout as logoutEndpoint,
  NOTIFICATION_EVENTS,
  NOTIFICATION_MESSAGES,
  notificationSettingsUpdate,
  notificationStream,
  rideCancel,
  urlOf,
} from '@cabdesk/contract';
import { sql } from 'drizzle-orm';
import { describe, expect, it, onTestFinished } from 'vitest';
import { buildApp } from '../../app';
import type { Config } from '../../config';
import { openDatabase, type Database } from '../../db/client';
import { notify } from '../../lib/notify';
import { createDriver, createRide } from '../../../test/builders';
import { ADMIN, bearer, buildTestApp, createAdmin, signIn } from '../../../test/helper';
import { listening, openSse, ticketFor, type SseClient } from '../../../test/sse';

type App = Awaited<ReturnType<typeof buildTestApp>>['app'];

const streamUrl = (base: string, ticket: string, after?: number) =>
  `${base}${urlOf(notificationStream)}?ticket=${encodeURIComponent(ticket)}${after === undefined ? '' : `&after=${after}`}`;

/** A live stream of the session of `token`, served by `app`. */
async function openStream(app: App, base: string, token: string) {
  const stream = await openSse(streamUrl(base, (await ticketFor(app, token)).ticket));
  expect(stream.status).toBe(200);
  return stream;
}

/**
 * A second API instance over the same database. On PostgreSQL it has its own
 * pool and its own LISTEN connection; on PGlite (one process) it shares the
 * embedded database.
 */
async function secondInstance(database: Database, config: Config): Promise<App> {
  let own = database;
  const url = process.env.TEST_DATABASE_URL;
  if (url) {
    const [row] = await database.rows<{ name: string }>(sql`select current_database() as name`);
    const ownUrl = new URL(url);
    ownUrl.pathname = `/${row!.name}`;
    own = await openDatabase({ databaseUrl: ownUrl.toString(), poolSize: 2 });
  }
  const app = await buildApp({ config, database: own });
  onTestFinished(async () => {
    await app.close();
    if (own !== database) await own.close();
  });
  return app;
}

/** "At once": the stream gets the end event and is closed within a second. */
async function endsAtOnce(stream: SseClient) {
  const end = await stream.next((e) => e.event === NOTIFICATION_EVENTS.end, 1000);
  await Promise.race([
    stream.ended,
    new Promise((_, fail) => setTimeout(() => fail(new Error('stream still open')), 1000)),
  ]);
  return JSON.parse(end.data) as { reason: string };
}

const OTHER = { email: 'other@cabdesk.test', password: 'another fine password' };

describe('notification-stream', () => {
  it('needs a valid ticket: none, unknown, spent, expired or of an ended session is refused', async () => {
    const { app, database } = await buildTestApp({}, false);
    await createAdmin(database);
    const token = await signIn(app);

    const none = await app.inject({ url: urlOf(notificationStream) });
    expect(none.statusCode).toBe(401);
    expect(none.json().message).toBe(NOTIFICATION_MESSAGES.badTicket);
    const oversized = await app.inject({
      url: `${urlOf(notificationStream)}?ticket=${'x'.repeat(5000)}`,
    });
    expect(oversized.statusCode).toBe(401);
    const unknown = await app.inject({ url: `${urlOf(notificationStream)}?ticket=nope` });
    expect(unknown.statusCode).toBe(401);
    expect(unknown.json().message).toBe(NOTIFICATION_MESSAGES.badTicket);
    // The bearer token itself is no ticket.
    const bearerAsTicket = await app.inject({
      url: `${urlOf(notificationStream)}?ticket=${token}`,
    });
    expect(bearerAsTicket.statusCode).toBe(401);

    const base = await listening(app);
    const { ticket, expires_in } = await ticketFor(app, token);
    expect(expires_in).toBe(60);
    const first = await openSse(streamUrl(base, ticket));
    expect(first.status).toBe(200);
    expect(first.headers['content-type']).toMatch(/^text\/event-stream/);
    first.close();
    const again = await app.inject({ url: `${urlOf(notificationStream)}?ticket=${ticket}` });
    expect(again.statusCode).toBe(401);

    const stale = await ticketFor(app, token);
    await database.rows(
      sql`update notification_stream_tickets set expires_at = now() - interval '1 second'`,
    );
    const expired = await app.inject({
      url: `${urlOf(notificationStream)}?ticket=${stale.ticket}`,
    });
    expect(expired.statusCode).toBe(401);

    const beforeLogout = await ticketFor(app, token);
    await app.inject({ method: 'POST', url: urlOf(logoutEndpoint), headers: bearer(token) });
    const afterLogout = await app.inject({
      url: `${urlOf(notificationStream)}?ticket=${beforeLogout.ticket}`,
    });
    expect(afterLogout.statusCode).toBe(401);
  });

  it('delivers a new notification live, only to admins who may see it, pings, and cleans up on disconnect', async () => {
    const { database, config } = await buildTestApp();
    await createAdmin(database);
    const other = await createAdmin(database, OTHER);
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
      // Another administrator cancels: their own action is not echoed back to them.
      const ride = await createRide(database, { rideStatus: 'Pending' });
      const cancel = await live.inject({
        method: 'POST',
        url: urlOf(rideCancel),
        headers: bearer(await signIn(live, OTHER)),
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

      await live.inject({ method: 'POST', url: urlOf(logoutEndpoint), headers: bearer(token) });
      await stream.next((e) => e.event === 'end');
      await stream.ended;
      await expect.poll(() => live.notificationHub.size()).toBe(0);
    } finally {
      await live.close();
    }
  });

  it("the catch-up after a reconnection leaves out the kinds muted and the administrator's own actions, as the live stream does", async () => {
    const { database, config } = await buildTestApp();
    const me = await createAdmin(database);
    const live = await buildApp({ config, database });
    try {
      const token = await signIn(live);
      const muted = await live.inject({
        method: 'POST',
        url: urlOf(notificationSettingsUpdate),
        headers: bearer(token),
        payload: { muted_kinds: ['trip_cancelled'] },
      });
      expect(muted.statusCode).toBe(200);
      const seen = await notify(database.db, { title: 'Seen', message: 's', link: null });
      await notify(database.db, {
        kind: 'trip_cancelled',
        title: 'Trip cancelled',
        message: 'muted',
        link: null,
      });
      await notify(database.db, {
        kind: 'approval_decided',
        title: 'Driver approved',
        message: 'mine',
        link: null,
        authorId: me.id,
      });
      await notify(database.db, {
        kind: 'driver_registered',
        title: 'New driver',
        message: 'missed',
        link: null,
      });
      const base = await listening(live);
      const stream = await openSse(streamUrl(base, (await ticketFor(live, token)).ticket, seen.id));
      // The catch-up is sent oldest first: once the newest is in, all of it is.
      await stream.next((e) => e.data.includes('New driver'));
      const titles = stream.events
        .filter((e) => e.event === 'notification')
        .map((e) => JSON.parse(e.data).title);
      expect(titles).toEqual(['New driver']);
      stream.close();
    } finally {
      await live.close();
    }
  });

  it('an event on one API instance reaches a stream of another over the same database (LISTEN/NOTIFY)', async () => {
    const { app: first, database, config } = await buildTestApp();
    await createAdmin(database);
    const other = await secondInstance(database, config);
    const token = await signIn(other);
    const stream = await openStream(other, await listening(other), token);

    await createAdmin(database, OTHER);
    const ride = await createRide(database, { rideStatus: 'Accept' });
    const res = await first.inject({
      method: 'POST',
      url: urlOf(rideCancel),
      headers: bearer(await signIn(first, OTHER)),
      payload: { ride_id: ride.id, reason: 'Changed my plans' },
    });
    expect(res.statusCode).toBe(200);
    const event = await stream.next((e) => e.event === 'notification');
    expect(JSON.parse(event.data).link).toBe(`/trip-detail/${ride.id}`);
    stream.close();
  });

  it("an administrator's own approval is not echoed to their stream; another administrator's stream gets it", async () => {
    const { app, database } = await buildTestApp();
    await createAdmin(database);
    await createAdmin(database, OTHER);
    const author = await signIn(app);
    const base = await listening(app);
    const own = await openStream(app, base, author);
    const others = await openStream(app, base, await signIn(app, OTHER));

    const driver = await createDriver(database, { name: 'Ann Lee', approval: 'Pending' });
    const res = await app.inject({
      method: 'POST',
      url: urlOf(approvalUser),
      headers: bearer(author),
      payload: { id: driver.id, table: 'users', approval: 'Approved' },
    });
    expect(res.statusCode).toBe(200);
    const event = await others.next((e) => e.event === 'notification');
    expect(JSON.parse(event.data)).toMatchObject({
      title: 'Driver approved',
      text: {
        key: 'approvalDecided.driver.approved',
        values: { name: 'Ann Lee', by: 'Test Admin' },
      },
    });
    // A later notification for everyone reaches the author: nothing of theirs came before it.
    await notify(database.db, { title: 'For everyone', message: 'x', link: null });
    await own.next((e) => e.data.includes('For everyone'));
    expect(own.events.filter((e) => e.event === 'notification')).toHaveLength(1);
    own.close();
    others.close();
  });

  // The keep-alive stays at its default 25 s below: the streams must end long before it.
  it('a logout ends the streams of that session at once, on every instance; other sessions keep theirs', async () => {
    const { app: first, database, config } = await buildTestApp();
    await createAdmin(database);
    const second = await secondInstance(database, config);
    expect(first.notificationHub.options.pingMs).toBe(25_000);
    const [firstBase, secondBase] = [await listening(first), await listening(second)];
    const token = await signIn(first);
    const onFirst = await openStream(first, firstBase, token);
    const onSecond = await openStream(second, secondBase, token);
    const otherSession = await openStream(second, secondBase, await signIn(second));

    const logout = await first.inject({
      method: 'POST',
      url: urlOf(logoutEndpoint),
      headers: bearer(token),
    });
    expect(logout.statusCode).toBe(200);
    expect(await endsAtOnce(onFirst)).toEqual({ reason: 'session ended' });
    expect(await endsAtOnce(onSecond)).toEqual({ reason: 'session ended' });
    expect(first.notificationHub.size()).toBe(0);
    expect(second.notificationHub.size()).toBe(1);
    expect(otherSession.events.some((e) => e.event === NOTIFICATION_EVENTS.end)).toBe(false);
    otherSession.close();
  });

  it('a password change ends every stream of that administrator at once, on every instance', async () => {
    const { app: first, database, config } = await buildTestApp();
    await createAdmin(database);
    const colleague = await createAdmin(database, {
      email: 'colleague@cabdesk.test',
      password: 'another fine password',
    });
    const second = await secondInstance(database, config);
    const [firstBase, secondBase] = [await listening(first), await listening(second)];
    const token = await signIn(first);
    const here = await openStream(first, firstBase, token);
    const elsewhere = await openStream(second, secondBase, await signIn(second));
    const colleagues = await openStream(second, secondBase, await signIn(second, colleague));

    const change = await first.inject({
      method: 'POST',
      url: urlOf(changePassword),
      headers: bearer(token),
      payload: {
        password: ADMIN.password,
        new_password: 'a brand new passphrase',
        confirm_password: 'a brand new passphrase',
      },
    });
    expect(change.statusCode, change.body).toBe(200);
    await endsAtOnce(here);
    await endsAtOnce(elsewhere);
    expect(second.notificationHub.size()).toBe(1);
    expect(colleagues.events.some((e) => e.event === NOTIFICATION_EVENTS.end)).toBe(false);
    colleagues.close();
  });

  it('deactivating an administrator ends their streams at once, on every instance; the Owner keeps theirs', async () => {
    const { app: first, database, config } = await buildTestApp();
    await createAdmin(database);
    const colleague = await createAdmin(
      database,
      { email: 'colleague@cabdesk.test', password: 'another fine password' },
      'Operator',
    );
    const second = await secondInstance(database, config);
    const [firstBase, secondBase] = [await listening(first), await listening(second)];
    const owner = await signIn(first);
    const theirs = await signIn(first, colleague);
    const here = await openStream(first, firstBase, theirs);
    const elsewhere = await openStream(second, secondBase, theirs);
    const owners = await openStream(second, secondBase, owner);

    const off = await first.inject({
      method: 'POST',
      url: urlOf(adminUpdate),
      headers: bearer(owner),
      payload: { id: colleague.id, status: 'Inactive' },
    });
    expect(off.statusCode, off.body).toBe(200);
    expect(await endsAtOnce(here)).toEqual({ reason: 'session ended' });
    expect(await endsAtOnce(elsewhere)).toEqual({ reason: 'session ended' });
    expect(owners.events.some((e) => e.event === NOTIFICATION_EVENTS.end)).toBe(false);
    owners.close();
  });

  it('keeps at most 5 streams per session: a 6th ends the oldest', async () => {
    const { app, database } = await buildTestApp();
    await createAdmin(database);
    const base = await listening(app);
    const token = await signIn(app);
    const streams: SseClient[] = [];
    for (let i = 0; i < 5; i++) streams.push(await openStream(app, base, token));
    const otherSession = await openStream(app, base, await signIn(app));
    expect(app.notificationHub.size()).toBe(6);

    const sixth = await openStream(app, base, token);
    expect(await endsAtOnce(streams[0]!)).toEqual({ reason: 'too many streams' });
    expect(app.notificationHub.size()).toBe(6);
    for (const open of [...streams.slice(1), sixth, otherSession]) {
      expect(open.events.some((e) => e.event === NOTIFICATION_EVENTS.end)).toBe(false);
      open.close();
    }
  });
});
