import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  approvalUndo,
  approvalUser,
  couponAdd,
  couponStatus,
  deleteData,
  faqAdd,
  faqUpdate,
  notificationList,
  rideCancel,
  statusUpdate,
  webhookCreate,
  webhookDeliveryAttempts,
  webhookDeliveryList,
  WEBHOOK_EXCERPT_CHARS,
  WEBHOOK_MESSAGES,
  webhookList,
  webhookRedeliver,
  webhookRotateSecret,
  webhookTest,
  webhookUpdate,
} from '@cabdesk/contract';
import { asc, eq, sql } from 'drizzle-orm';
import { Webhook } from 'standardwebhooks';
import { describe, expect, it, onTestFinished } from 'vitest';
import {
  auditLog,
  documentExpiries,
  notifications,
  users,
  webhookDeliveries,
  webhookEvents,
} from '../../db/schema';
import { createDriver, createRide, createUser, createVehicle } from '../../../test/builders';
import { runDocumentCheck } from '../documents';
import { fakeClock, signedInApp } from '../../../test/helper';
import { writeEvent } from '../../lib/outbox';
import { createDeliverer, RETRY_WINDOW_MS } from './deliverer';

type Received = { headers: IncomingHttpHeaders; body: string };

/** A webhook receiver on loopback that answers `status()` (with `answer()` as its body) and keeps what it got. */
async function receiver(status: () => number = () => 200, answer: () => string = () => '') {
  const received: Received[] = [];
  const server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString()));
    request.on('end', () => {
      received.push({ headers: request.headers, body });
      response.writeHead(status()).end(answer());
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  onTestFinished(() => new Promise<void>((resolve) => server.close(() => resolve())));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}/hooks`, received };
}

const LOOPBACK = { WEBHOOK_ALLOW_LOOPBACK: 'true' };

/**
 * The deliverer reads the app's clock; the database stamps a queued delivery
 * with its own now(). A clock a minute ahead sees it due, and stays within the
 * 5 minutes that Webhook.verify allows a timestamp.
 */
async function setup(clock = fakeClock(new Date(Date.now() + 60_000))) {
  const built = await signedInApp(clock.now, LOOPBACK);
  const deliverer = createDeliverer({
    database: built.database,
    allowLoopback: true,
    clock: clock.now,
    log: { warn: () => {}, info: () => {} },
    // A running deliverer sends a record's next event on its next look for what is due,
    // every 5 s in production: the backlog below would wait out two of them.
    pollMs: 50,
  });
  onTestFinished(() => deliverer.stop());
  /** An endpoint for `events` at `url`: its id and secret. */
  const register = async (url: string, events = ['approval.decided']) => {
    const res = await built.call(webhookCreate, { url, events });
    expect(res.statusCode).toBe(200);
    return res.body.data as { id: number; secret: string };
  };
  const approveCall = (id: number) =>
    built.call(approvalUser, { id, table: 'users', approval: 'Approved' });
  const approve = async (id: number) => expect((await approveCall(id)).statusCode).toBe(200);
  const deliveries = () =>
    built.database.db.select().from(webhookDeliveries).orderBy(asc(webhookDeliveries.id));
  return { ...built, clock, deliverer, register, approve, approveCall, deliveries };
}

describe('the outbox', () => {
  it('an approval at the desk writes its event in the same transaction; a rollback writes none', async () => {
    const { database, approve, approveCall } = await setup();
    const driver = await createDriver(database, { approval: 'Pending' });
    const other = await createDriver(database, { approval: 'Pending' });

    await approve(driver.id);
    const events = await database.db.select().from(webhookEvents);
    expect(events).toEqual([
      expect.objectContaining({
        type: 'approval.decided',
        recordKey: `users:${driver.id}`,
        data: { kind: 'driver', id: driver.id, approval: 'Approved', reason: null },
      }),
    ]);

    // The same decision failing after its event was written (here its notification is
    // refused): the whole transaction rolls back, event included.
    await database.db.execute(sql`create function refuse() returns trigger language plpgsql
      as $$ begin raise exception 'refused'; end $$`);
    await database.db.execute(
      sql`create trigger refuse before insert on notifications execute function refuse()`,
    );
    const failed = await approveCall(other.id);
    expect(failed.statusCode).toBe(500);
    const [still] = await database.db.select().from(users).where(eq(users.id, other.id));
    expect(still?.approval).toBe('Pending');
    expect(await database.db.$count(webhookEvents)).toBe(1);
  });
});

describe('every change the marketplace must learn writes its event', () => {
  it('statuses, deletions, a cancelled trip, coupons, FAQ, an undone decision and the daily document check', async () => {
    const clock = fakeClock(new Date('2025-03-01T00:05:00Z'));
    const { database, call } = await signedInApp(clock.now);
    const driver = await createDriver(database, { approval: 'Approved' });
    const lapsed = await createDriver(database, { approval: 'Approved' });
    const pending = await createDriver(database, { approval: 'Pending' });
    const passenger = await createUser(database);
    const vehicle = await createVehicle(database, { approval: 'Approved' });
    const ride = await createRide(database, { userId: passenger.id, rideStatus: 'Pending' });
    const ok = async (answer: Promise<{ statusCode: number; body: unknown }>) =>
      expect((await answer).statusCode).toBe(200);

    await ok(call(statusUpdate, { id: passenger.id, table: 'users', status: 'Inactive' }));
    await ok(call(approvalUser, { id: pending.id, table: 'users', approval: 'Rejected' }));
    await ok(call(approvalUndo, { id: pending.id, table: 'users' }));
    await ok(call(deleteData, { id: passenger.id, table: 'users' }));
    await ok(call(rideCancel, { ride_id: ride.id, reason: 'Passenger asked' }));
    const coupon = await call(couponAdd, {
      title: 'Weekend',
      coupon_code: 'WEEKEND15',
      discount: 15,
      description: '15% off',
    });
    await ok(call(couponStatus, { coupon_id: coupon.body.data.id, suspend_status: 1 }));
    const faq = await call(faqAdd, { question: 'How?', answer: 'Like this.' });
    await ok(call(faqUpdate, { support_id: faq.body.data.id, question: 'How?', answer: 'So.' }));
    await ok(call(deleteData, { id: faq.body.data.id, table: 'supports' }));
    await ok(call(deleteData, { id: vehicle.id, table: 'vehicles' }));
    await database.db.insert(documentExpiries).values([
      {
        tableName: 'users',
        recordId: driver.id,
        document: 'driver_licence',
        expiresOn: '2025-03-20',
      },
      {
        tableName: 'users',
        recordId: lapsed.id,
        document: 'driver_licence',
        expiresOn: '2025-03-01',
      },
    ]);
    await runDocumentCheck(database.db, clock.now());

    const events = await database.db
      .select({ type: webhookEvents.type, key: webhookEvents.recordKey, data: webhookEvents.data })
      .from(webhookEvents)
      .orderBy(asc(webhookEvents.id));
    expect(events).toEqual([
      {
        type: 'status.changed',
        key: `users:${passenger.id}`,
        data: { kind: 'user', id: passenger.id, status: 'Inactive', reason: null },
      },
      {
        type: 'approval.decided',
        key: `users:${pending.id}`,
        data: { kind: 'driver', id: pending.id, approval: 'Rejected', reason: null },
      },
      {
        type: 'approval.decided',
        key: `users:${pending.id}`,
        data: { kind: 'driver', id: pending.id, approval: 'Pending', reason: null, undone: true },
      },
      {
        type: 'record.deleted',
        key: `users:${passenger.id}`,
        data: { kind: 'user', id: passenger.id },
      },
      {
        type: 'trip.cancelled',
        key: `rides:${ride.id}`,
        data: { kind: 'trip', id: ride.id, reason: 'Passenger asked', previous_status: 'Pending' },
      },
      {
        type: 'coupon.changed',
        key: `coupons:${coupon.body.data.id}`,
        data: expect.objectContaining({ change: 'created', coupon_code: 'WEEKEND15' }),
      },
      {
        type: 'coupon.changed',
        key: `coupons:${coupon.body.data.id}`,
        data: expect.objectContaining({ change: 'suspended', suspend_status: 1 }),
      },
      {
        type: 'faq.changed',
        key: `supports:${faq.body.data.id}`,
        data: expect.objectContaining({ change: 'created', question: 'How?' }),
      },
      {
        type: 'faq.changed',
        key: `supports:${faq.body.data.id}`,
        data: expect.objectContaining({ change: 'updated', answer: 'So.' }),
      },
      {
        type: 'faq.changed',
        key: `supports:${faq.body.data.id}`,
        data: { kind: 'faq', id: faq.body.data.id, change: 'deleted' },
      },
      {
        type: 'record.deleted',
        key: `vehicles:${vehicle.id}`,
        data: { kind: 'vehicle', id: vehicle.id },
      },
      {
        type: 'document.expiring',
        key: `users:${driver.id}`,
        data: {
          kind: 'driver',
          id: driver.id,
          document: 'driver_licence',
          expires_on: '2025-03-20',
          days: 30,
        },
      },
      {
        type: 'document.expired',
        key: `users:${lapsed.id}`,
        data: {
          kind: 'driver',
          id: lapsed.id,
          document: 'driver_licence',
          expires_on: '2025-03-01',
        },
      },
      {
        type: 'status.changed',
        key: `users:${lapsed.id}`,
        data: { kind: 'driver', id: lapsed.id, status: 'Inactive', reason: 'Document expired' },
      },
    ]);
  });
});

describe('delivery', () => {
  it('posts the event signed as Standard Webhooks says: the standardwebhooks package verifies it', async () => {
    const { database, register, approve, deliverer, deliveries } = await setup();
    const { url, received } = await receiver();
    const { secret } = await register(url);
    const driver = await createDriver(database, { approval: 'Pending' });

    await approve(driver.id);
    expect(await deliverer.runOnce()).toBe(1);

    expect(received).toHaveLength(1);
    const [got] = received;
    const verified = new Webhook(secret).verify(got!.body, got!.headers as Record<string, string>);
    expect(verified).toEqual({
      type: 'approval.decided',
      timestamp: expect.any(String),
      data: { kind: 'driver', id: driver.id, approval: 'Approved', reason: null },
    });
    expect(() =>
      new Webhook(
        `whsec_${Buffer.from('another secret of 32 bytes.....').toString('base64')}`,
      ).verify(got!.body, got!.headers as Record<string, string>),
    ).toThrow();
    expect(await deliveries()).toEqual([
      expect.objectContaining({ status: 'delivered', attempts: 1, responseCode: 200 }),
    ]);
  });

  it('retries with backoff while the receiver answers 500, then delivers', async () => {
    const { database, register, approve, deliverer, deliveries, clock, call } = await setup();
    let answer = 500;
    const { url, received } = await receiver(() => answer);
    await register(url);
    const driver = await createDriver(database, { approval: 'Pending' });
    await approve(driver.id);

    expect(await deliverer.runOnce()).toBe(1);
    const [first] = await deliveries();
    expect(first).toMatchObject({ status: 'pending', attempts: 1, responseCode: 500 });
    expect(first!.nextAttemptAt.getTime() - clock.now().getTime()).toBe(5_000);

    clock.advance(4);
    expect(await deliverer.runOnce()).toBe(0);
    clock.advance(1);
    expect(await deliverer.runOnce()).toBe(1);
    const [second] = await deliveries();
    expect(second).toMatchObject({ status: 'pending', attempts: 2 });
    expect(second!.nextAttemptAt.getTime() - clock.now().getTime()).toBe(300_000);

    answer = 200;
    clock.advance(300);
    expect(await deliverer.runOnce()).toBe(1);
    expect(received).toHaveLength(3);
    // The same message each time: a receiver drops repeats by webhook-id.
    expect(new Set(received.map((r) => r.headers['webhook-id'])).size).toBe(1);

    const log = await call(webhookDeliveryList, { status: 'delivered' });
    expect(log.body.data).toMatchObject({
      total: 1,
      data: [
        { status: 'delivered', attempts: 3, response_code: 200, event_type: 'approval.decided' },
      ],
    });
    expect(log.body.data.data[0].duration_ms).toBeGreaterThanOrEqual(0);
  });

  it('keeps each attempt: its time, answer, time taken, the start of its body and its error', async () => {
    const { database, register, approve, deliverer, clock, call } = await setup();
    let status = 500;
    let body = 'Database is down';
    const { url } = await receiver(
      () => status,
      () => body,
    );
    await register(url);
    const driver = await createDriver(database, { approval: 'Pending' });
    await approve(driver.id);
    const started = clock.now().toISOString();
    expect(await deliverer.runOnce()).toBe(1);
    status = 200;
    body = `{"ok":true,"note":"${'é'.repeat(WEBHOOK_EXCERPT_CHARS)}"}`;
    clock.advance(5);
    const retried = clock.now().toISOString();
    expect(await deliverer.runOnce()).toBe(1);

    const [delivery] = (await call(webhookDeliveryList, {})).body.data.data;
    const read = await call(webhookDeliveryAttempts, { id: delivery.id });
    expect(read.statusCode).toBe(200);
    expect(read.body.message).toBe(WEBHOOK_MESSAGES.attempts);
    expect(read.body.data.delivery).toMatchObject({
      id: delivery.id,
      status: 'delivered',
      attempts: 2,
      event_type: 'approval.decided',
    });
    expect(read.body.data.attempts).toEqual([
      {
        id: expect.any(Number),
        attempted_at: started,
        response_code: 500,
        duration_ms: expect.any(Number),
        error: 'answered 500',
        response_excerpt: 'Database is down',
      },
      {
        id: expect.any(Number),
        attempted_at: retried,
        response_code: 200,
        duration_ms: expect.any(Number),
        error: null,
        // The body's start, cut to its characters (two bytes each here).
        response_excerpt: body.slice(0, WEBHOOK_EXCERPT_CHARS),
      },
    ]);

    // A refused connection: no answer, no excerpt, the error.
    const closed = await receiver();
    await register(`${closed.url.replace(/:\d+\//, ':1/')}`);
    const other = await createDriver(database, { approval: 'Pending' });
    await approve(other.id);
    clock.advance(1);
    await deliverer.runOnce();
    const [latest] = (await call(webhookDeliveryList, { status: 'pending' })).body.data.data;
    const refused = await call(webhookDeliveryAttempts, { id: latest.id });
    expect(refused.body.data.attempts).toMatchObject([
      { response_code: null, response_excerpt: null, error: expect.stringMatching(/ECONNREFUSED/) },
    ]);

    const missing = await call(webhookDeliveryAttempts, { id: 999_999 });
    expect(missing.statusCode).toBe(404);
    expect(missing.body.message).toBe(WEBHOOK_MESSAGES.deliveryMissing);
  });

  it('after a day of failures the delivery fails and the endpoint is disabled, with a notification to the Owners', async () => {
    const { database, register, approve, deliverer, deliveries, clock, call, admin } =
      await setup();
    const { url } = await receiver(() => 500);
    const { id } = await register(url);
    const driver = await createDriver(database, { approval: 'Pending' });
    await approve(driver.id);

    const start = clock.now().getTime();
    let attempts = 0;
    while (clock.now().getTime() - start <= RETRY_WINDOW_MS && attempts < 20) {
      attempts += await deliverer.runOnce();
      const [delivery] = await deliveries();
      if (delivery!.status !== 'pending') break;
      clock.advance((delivery!.nextAttemptAt.getTime() - clock.now().getTime()) / 1000);
    }

    const [delivery] = await deliveries();
    // At 0 s, 5 s, 5 min, 35 min, 2 h 35, 7 h 35, 17 h 35, and the last at 24 h.
    expect(delivery).toMatchObject({ status: 'failed', attempts: 8 });
    expect((await call(webhookList)).body.data).toEqual([
      expect.objectContaining({
        id,
        enabled: false,
        disabled_reason: expect.stringContaining('failed for a day'),
      }),
    ]);
    const [notification] = await database.db
      .select()
      .from(notifications)
      .where(eq(notifications.title, 'Webhook disabled'));
    expect(notification).toMatchObject({ adminId: admin.id, link: '/settings/webhooks' });
    const [entry] = await database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'webhook_disabled'));
    expect(entry).toMatchObject({ tableName: 'webhooks', recordId: id, adminId: null });
    expect((await call(notificationList)).body.data.data[0]).toMatchObject({
      title: 'Webhook disabled',
    });

    // Enabled again by an Owner: its failures start over.
    const enabled = await call(webhookUpdate, { id, enabled: true });
    expect(enabled.body.data).toMatchObject({
      enabled: true,
      disabled_reason: null,
      failing_since: null,
    });
  });

  it('delivers in order per record: a later event waits while an earlier one is retried', async () => {
    const { database, register, deliverer, deliveries, clock, call } = await setup();
    let answer = 500;
    const { url, received } = await receiver(() => answer);
    await register(url, ['approval.decided', 'status.changed']);
    const driver = await createDriver(database, { approval: 'Pending' });
    const otherDriver = await createDriver(database, { approval: 'Pending' });
    await call(approvalUser, { id: driver.id, table: 'users', approval: 'Approved' });
    expect(
      (await call(statusUpdate, { id: driver.id, table: 'users', status: 'Inactive' })).statusCode,
    ).toBe(200);
    await call(approvalUser, { id: otherDriver.id, table: 'users', approval: 'Approved' });

    // The driver's second event waits for its first; the other driver's goes.
    expect(await deliverer.runOnce()).toBe(2);
    answer = 200;
    clock.advance(4);
    expect(await deliverer.runOnce()).toBe(0);
    clock.advance(1);
    expect(await deliverer.runOnce()).toBe(2);
    expect(await deliverer.runOnce()).toBe(1);
    const types = received
      .filter((r) => r.body.includes(`"id":${driver.id}`))
      .map((r) => (JSON.parse(r.body) as { type: string }).type);
    expect(types).toEqual(['approval.decided', 'approval.decided', 'status.changed']);
    expect((await deliveries()).map((d) => d.status)).toEqual([
      'delivered',
      'delivered',
      'delivered',
    ]);
  });

  it('the running deliverer sends a backlog of many rounds, each record’s events in their order', async () => {
    const { database, register, deliverer, deliveries } = await setup();
    const { url, received } = await receiver();
    await register(url, ['approval.decided', 'status.changed']);
    // Three events each for 30 drivers, queued at once as a bulk decision queues them: 90
    // deliveries, several rounds of them in flight at once.
    const drivers = await Promise.all(
      Array.from({ length: 30 }, () => createDriver(database, { approval: 'Pending' })),
    );
    await database.db.transaction(async (tx) => {
      for (const [type, fields] of [
        ['approval.decided', { approval: 'Approved', reason: null }],
        ['status.changed', { status: 'Inactive' }],
        ['status.changed', { status: 'Active' }],
      ] as const) {
        for (const driver of drivers) {
          await writeEvent(tx, type, { table: 'users', id: driver.id, kind: 'driver' }, fields);
        }
      }
    });
    await deliverer.start();
    await expect.poll(() => received.length, { timeout: 60_000 }).toBe(90);
    await expect
      .poll(async () => (await deliveries()).filter((d) => d.status === 'delivered').length)
      .toBe(90);
    for (const driver of drivers) {
      const bodies = received
        .map((r) => JSON.parse(r.body) as { type: string; data: { id: number; status?: string } })
        .filter((body) => body.data.id === driver.id);
      expect(bodies.map((body) => body.data.status ?? body.type)).toEqual([
        'approval.decided',
        'Inactive',
        'Active',
      ]);
    }
  });

  it('redelivers chosen deliveries, and sends a test event to one endpoint', async () => {
    const { database, register, approve, deliverer, deliveries, call } = await setup();
    const { url, received } = await receiver();
    const { id } = await register(url);
    const driver = await createDriver(database, { approval: 'Pending' });
    await approve(driver.id);
    await deliverer.runOnce();
    const [delivery] = await deliveries();

    const again = await call(webhookRedeliver, { ids: [delivery!.id, delivery!.id] });
    expect(again.body).toMatchObject({ status: true, data: { queued: 1 } });
    expect(await deliverer.runOnce()).toBe(1);
    expect(received).toHaveLength(2);
    expect((await deliveries())[0]).toMatchObject({ status: 'delivered', attempts: 2 });
    expect((await call(webhookRedeliver, { ids: [999_999] })).statusCode).toBe(404);

    const test = await call(webhookTest, { id });
    expect(test.statusCode).toBe(200);
    expect(await deliverer.runOnce()).toBe(1);
    expect(JSON.parse(received[2]!.body)).toMatchObject({
      type: 'webhook.test',
      data: { kind: 'webhook', id },
    });
    const actions = await database.db
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(eq(auditLog.tableName, 'webhooks'));
    expect(actions.map((a) => a.action)).toEqual(['webhook_create', 'webhook_test']);
  });

  it('signs with both secrets for a day after a rotation', async () => {
    const { database, register, approve, deliverer, call, clock } = await setup();
    const { url, received } = await receiver();
    const { id, secret: old } = await register(url);
    const rotated = await call(webhookRotateSecret, { id });
    const fresh = rotated.body.data.secret as string;
    expect(fresh).toMatch(/^whsec_/);
    expect(fresh).not.toBe(old);

    const driver = await createDriver(database, { approval: 'Pending' });
    await approve(driver.id);
    await deliverer.runOnce();
    const [got] = received;
    expect(String(got!.headers['webhook-signature']).split(' ')).toHaveLength(2);
    for (const secret of [old, fresh]) {
      expect(() =>
        new Webhook(secret).verify(got!.body, got!.headers as Record<string, string>),
      ).not.toThrow();
    }

    clock.advance(24 * 3600 + 1);
    await call(webhookTest, { id });
    await deliverer.runOnce();
    expect(String(received[1]!.headers['webhook-signature']).split(' ')).toHaveLength(1);
  });
});

describe('targets', () => {
  it('refuses private addresses, and loopback unless WEBHOOK_ALLOW_LOOPBACK', async () => {
    const { call } = await signedInApp();
    const events = ['approval.decided'];
    for (const url of [
      'https://10.0.0.7/hooks',
      'https://192.168.1.20/hooks',
      'https://[fd00::1]/hooks',
      'https://169.254.169.254/latest',
      'https://127.0.0.1/hooks',
      'https://localhost/hooks',
      'http://127.0.0.1:9000/hooks',
      'http://203.0.113.9/hooks',
    ]) {
      const res = await call(webhookCreate, { url, events });
      expect(res.statusCode, url).toBe(422);
      expect(res.body.data.errors, url).toEqual({
        url: 'The endpoint must be a public https:// address.',
      });
    }
    expect((await call(webhookCreate, { url: 'ftp://example.com/x', events })).statusCode).toBe(
      400,
    );
    expect((await call(webhookList)).body.data).toEqual([]);

    const loopback = await signedInApp(undefined, LOOPBACK);
    for (const url of ['http://127.0.0.1:9000/hooks', 'https://localhost/hooks']) {
      expect((await loopback.call(webhookCreate, { url, events })).statusCode, url).toBe(200);
    }
    // Loopback allowed is not the private network allowed.
    expect(
      (await loopback.call(webhookCreate, { url: 'http://10.0.0.7/hooks', events })).statusCode,
    ).toBe(422);
  });

  it('never connects to a private address, whatever the endpoint row says', async () => {
    const { database, register, approve, deliverer, deliveries } = await setup();
    const { url } = await receiver();
    const { id } = await register(url);
    await database.db.execute(
      sql`update webhooks set url = 'http://10.0.0.7/hooks' where id = ${id}`,
    );
    const driver = await createDriver(database, { approval: 'Pending' });
    await approve(driver.id);
    await deliverer.runOnce();
    expect((await deliveries())[0]).toMatchObject({
      status: 'pending',
      responseCode: null,
      lastError: '10.0.0.7 is not a public address',
    });
  });
});
