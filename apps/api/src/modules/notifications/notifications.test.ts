import {
  NOTIFICATION_MESSAGES,
  notificationList,
  notificationRead,
  notificationSettingsGet,
  notificationSettingsUpdate,
  notificationStreamTicket,
  rideCancel,
  urlOf,
} from '@cabdesk/contract';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it, onTestFinished, vi } from 'vitest';
import { auditLog, notificationReads, notifications } from '../../db/schema';
import { NOTIFICATION_CHANNEL, notificationFor, notify } from '../../lib/notify';
import { createRide } from '../../../test/builders';
import { api, bearer, buildTestApp, createAdmin, signIn } from '../../../test/helper';
import { upsertAdmin } from '../auth';

type Listed = { id: number; title: string; link: string | null; read_at: string | null };
type App = Awaited<ReturnType<typeof buildTestApp>>['app'];

const OTHER = { email: 'other@cabdesk.test', password: 'another fine password' };

async function list(app: App, token: string) {
  const res = await app.inject({ url: urlOf(notificationList), headers: bearer(token) });
  expect(res.statusCode).toBe(200);
  return res.json<{ data: { data: Listed[]; unread_count: number } }>().data;
}

function markRead(app: App, token: string, payload: unknown) {
  return app.inject({
    method: 'POST',
    url: urlOf(notificationRead),
    headers: bearer(token),
    payload: payload as Record<string, unknown>,
  });
}

describe('notification', () => {
  it('lists the newest notifications for everyone and for this admin, with links, under data.data', async () => {
    const { app, database } = await buildTestApp();
    const me = await createAdmin(database);
    const other = await upsertAdmin(database.db, {
      email: 'other@cabdesk.test',
      name: 'O',
      passwordHash: 'x',
    });
    await database.db.insert(notifications).values([
      { title: 'Older', message: 'for all', createdAt: sql`now() - interval '2 days'` },
      { title: 'Mine', message: 'for me', adminId: me.id, link: '/company-detail/7' },
      { title: 'Theirs', message: 'not for me', adminId: other.id },
    ]);

    const res = await app.inject({
      url: urlOf(notificationList),
      headers: bearer(await signIn(app)),
    });

    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.status).toBe(true);
    expect(body.data.data.map((n: { title: string }) => n.title)).toEqual(['Mine', 'Older']);
    expect(body.data.data[0]).toMatchObject({
      title: 'Mine',
      message: 'for me',
      link: '/company-detail/7',
      read_at: null,
    });
    expect(body.data.unread_count).toBe(2);
  });

  it('answers 401 without a session', async () => {
    const { app } = await buildTestApp();
    for (const [method, path] of [
      ['GET', notificationList.path],
      ['POST', notificationRead.path],
      ['POST', notificationStreamTicket.path],
    ] as const) {
      const res = await app.inject({
        method,
        url: api(path),
        payload: method === 'POST' ? {} : undefined,
      });
      expect(res.statusCode, path).toBe(401);
    }
  });
});

describe('notification-read', () => {
  it('marks one notification read for this admin only; another admin still sees it unread', async () => {
    const { app, database } = await buildTestApp();
    await createAdmin(database);
    await createAdmin(database, OTHER);
    const a = await notify(database.db, { title: 'A', message: 'a', link: null });
    await notify(database.db, { title: 'B', message: 'b', link: null });
    const mine = await signIn(app);
    const theirs = await signIn(app, OTHER);

    const res = await markRead(app, mine, { notification_id: a.id });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      status: true,
      message: NOTIFICATION_MESSAGES.markRead,
      data: { unread_count: 1 },
    });

    const seen = await list(app, mine);
    expect(seen.unread_count).toBe(1);
    expect(seen.data.find((n) => n.id === a.id)?.read_at).toEqual(expect.any(String));
    const other = await list(app, theirs);
    expect(other.unread_count).toBe(2);
    expect(other.data.every((n) => n.read_at === null)).toBe(true);

    // Marking it again changes nothing and still succeeds.
    expect((await markRead(app, mine, { notification_id: a.id })).json().data.unread_count).toBe(1);
    const [audited] = await database.db
      .select({ n: sql<number>`count(*)::int` })
      .from(auditLog)
      .where(eq(auditLog.action, 'notification_read'));
    expect(audited?.n).toBe(2);
  });

  it('marks all read for this admin', async () => {
    const { app, database } = await buildTestApp();
    await createAdmin(database);
    await createAdmin(database, OTHER);
    for (const title of ['A', 'B', 'C'])
      await notify(database.db, { title, message: title, link: null });
    const mine = await signIn(app);

    const res = await markRead(app, mine, { all: true });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      message: NOTIFICATION_MESSAGES.markAllRead,
      data: { unread_count: 0 },
    });
    expect((await list(app, mine)).data.every((n) => n.read_at !== null)).toBe(true);
    expect((await list(app, await signIn(app, OTHER))).unread_count).toBe(3);

    // One arriving afterwards is unread again.
    await notify(database.db, { title: 'D', message: 'd', link: null });
    expect((await list(app, mine)).unread_count).toBe(1);
  });

  it('refuses bad input and notifications the admin cannot see, changing nothing', async () => {
    const { app, database } = await buildTestApp();
    const me = await createAdmin(database);
    const other = await createAdmin(database, OTHER);
    const theirs = await notify(database.db, {
      title: 'Theirs',
      message: 'private',
      link: null,
      adminId: other.id,
    });
    const token = await signIn(app);

    for (const payload of [
      {},
      { all: false },
      { notification_id: 'abc' },
      { notification_id: -1 },
      { notification_id: 1, all: true },
    ]) {
      const res = await markRead(app, token, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().status).toBe(false);
    }
    expect((await markRead(app, token, {})).json().data.errors.notification_id).toBe(
      NOTIFICATION_MESSAGES.pickOne,
    );
    for (const id of [theirs.id, 999_999]) {
      const res = await markRead(app, token, { notification_id: id });
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe(NOTIFICATION_MESSAGES.notFound);
    }
    const reads = await database.db
      .select()
      .from(notificationReads)
      .where(eq(notificationReads.adminId, me.id));
    expect(reads).toEqual([]);
  });
});

describe('notifications that stay trusted (issue 45)', () => {
  const cancel = (app: App, token: string, rideId: number) =>
    app.inject({
      method: 'POST',
      url: urlOf(rideCancel),
      headers: bearer(token),
      payload: { ride_id: rideId, reason: 'Booked twice' },
    });

  it('never counts my own action as unread for me, and counts it for my colleague', async () => {
    const { app, database } = await buildTestApp();
    await createAdmin(database);
    await createAdmin(database, OTHER);
    const mine = await signIn(app);
    const theirs = await signIn(app, OTHER);
    const ride = await createRide(database, { rideStatus: 'Accept' });

    expect((await cancel(app, mine, ride.id)).statusCode).toBe(200);
    const forMe = await list(app, mine);
    expect(forMe.unread_count).toBe(0);
    expect(forMe.data[0]).toMatchObject({ title: 'Trip cancelled', read_at: expect.any(String) });
    const forThem = await list(app, theirs);
    expect(forThem.unread_count).toBe(1);
    expect(forThem.data[0]).toMatchObject({ title: 'Trip cancelled', read_at: null });
  });

  it('mutes kinds per administrator: a muted kind is listed but not unread, and the setting is audited', async () => {
    const { app, database } = await buildTestApp();
    await createAdmin(database);
    await createAdmin(database, OTHER);
    const mine = await signIn(app);
    const theirs = await signIn(app, OTHER);
    const settings = (token: string, body?: unknown) =>
      app.inject({
        method: body === undefined ? 'GET' : 'POST',
        url: urlOf(body === undefined ? notificationSettingsGet : notificationSettingsUpdate),
        headers: bearer(token),
        ...(body === undefined ? {} : { payload: body as Record<string, unknown> }),
      });

    expect((await settings(mine)).json().data).toEqual({ muted_kinds: [] });
    const saved = await settings(mine, { muted_kinds: ['trip_cancelled', 'passenger_joined'] });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({
      status: true,
      message: 'Notification settings saved.',
      data: { muted_kinds: ['passenger_joined', 'trip_cancelled'] },
    });
    expect((await settings(mine)).json().data.muted_kinds).toEqual([
      'passenger_joined',
      'trip_cancelled',
    ]);
    const bad = await settings(mine, { muted_kinds: ['everything'] });
    expect(bad.statusCode).toBe(400);
    expect((await settings(mine)).json().data.muted_kinds).toHaveLength(2);

    // A colleague cancels a trip: listed for me but not unread; a kind I did not mute is.
    const ride = await createRide(database, { rideStatus: 'Accept' });
    expect((await cancel(app, theirs, ride.id)).statusCode).toBe(200);
    await notify(
      database.db,
      notificationFor.webhookDisabled({ id: 1, url: 'https://x.test', lastError: '500' }),
    );
    const forMe = await list(app, mine);
    expect(forMe.data.map((n) => [n.title, n.read_at === null])).toEqual([
      ['Webhook disabled', true],
      ['Trip cancelled', false],
    ]);
    expect(forMe.unread_count).toBe(1);
    // Unmuted again, the trip counts once more: the mute hides, it does not mark read.
    await settings(mine, { muted_kinds: [] });
    expect((await list(app, mine)).unread_count).toBe(2);

    const [entry] = await database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'notification_mute'))
      .orderBy(auditLog.id)
      .limit(1);
    expect(entry).toMatchObject({
      tableName: 'admins',
      before: { muted_kinds: [] },
      after: { muted_kinds: ['passenger_joined', 'trip_cancelled'] },
    });
  });
});

describe('events create notifications', () => {
  it('a cancelled trip notifies, linked to the trip, in the same transaction as the cancel', async () => {
    const { app, database } = await buildTestApp();
    await createAdmin(database);
    const token = await signIn(app);
    const ride = await createRide(database, { rideStatus: 'Accept' });
    const done = await createRide(database, { rideStatus: 'Complete' });

    const res = await app.inject({
      method: 'POST',
      url: urlOf(rideCancel),
      headers: bearer(token),
      payload: { ride_id: ride.id, reason: 'Passenger did not show up' },
    });
    expect(res.statusCode).toBe(200);
    const { data } = await list(app, token);
    expect(data[0]).toMatchObject({
      title: 'Trip cancelled',
      message: `Trip #${ride.id} was cancelled: Passenger did not show up.`,
      // The same as parts, which the screens say in the reader's language.
      text: {
        key: 'tripCancelled',
        values: { trip: ride.id, cancelReason: 'Passenger did not show up' },
      },
      link: `/trip-detail/${ride.id}`,
    });

    // A cancel that is refused rolls back: no notification either.
    const refused = await app.inject({
      method: 'POST',
      url: urlOf(rideCancel),
      headers: bearer(token),
      payload: { ride_id: done.id, reason: 'too late' },
    });
    expect(refused.statusCode).toBe(409);
    expect((await list(app, token)).data).toHaveLength(1);
  });

  it('notify inside a rolled-back transaction leaves nothing behind, in the table or on the channel', async () => {
    const { app, database } = await buildTestApp();
    await createAdmin(database);
    const heard: string[] = [];
    const unlisten = await database.listen(NOTIFICATION_CHANNEL, (payload) => {
      heard.push(JSON.parse(payload).title);
    });
    onTestFinished(unlisten);

    // Only the rollback may end the transaction: an error of notify itself fails the test.
    const rollback = new Error('rollback');
    let seenInside = 0;
    await expect(
      database.db.transaction(async (tx) => {
        await notify(
          tx,
          notificationFor.companyRegistered({ id: 5, companyName: 'X Cabs', email: 'x@x.test' }),
        );
        seenInside = (await tx.select().from(notifications)).length;
        throw rollback;
      }),
    ).rejects.toBe(rollback);
    // It was written, and the rollback took it away.
    expect(seenInside).toBe(1);
    expect((await list(app, await signIn(app))).data).toEqual([]);

    // Notifications arrive in commit order: once a later committed one is heard, the
    // rolled-back one would have been heard before it.
    await notify(database.db, { title: 'Committed', message: 'after', link: null });
    await vi.waitFor(() => expect(heard).toContain('Committed'));
    expect(heard).toEqual(['Committed']);
  });
});
