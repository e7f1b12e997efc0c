import {
  integrationKeyCreate,
  integrationPayments,
  integrationTrips,
  NOTIFICATION_EVENTS,
  notificationStream,
  rideCancel,
  urlOf,
  type Role,
} from '@cabdesk/contract';
import { sql } from 'drizzle-orm';
import { describe, expect, it, onTestFinished } from 'vitest';
import { buildApp } from '../../app';
import type { Config } from '../../config';
import { openDatabase, type Database } from '../../db/client';
import { createCompany, createDriver, createRide, createUser } from '../../../test/builders';
import { bearer, callApi, createAdmin, signedInApp, signIn } from '../../../test/helper';
import { listening, openSse, ticketFor, type SseClient } from '../../../test/sse';
import { CHANGES_CHANNEL } from './changes.plugin';

type App = Awaited<ReturnType<typeof signedInApp>>['app'];

/** The live stream of the session of `token`, served by `app`. */
async function openStream(app: App, token: string): Promise<SseClient> {
  const base = await listening(app);
  const { ticket } = await ticketFor(app, token);
  const stream = await openSse(
    `${base}${urlOf(notificationStream)}?ticket=${encodeURIComponent(ticket)}`,
  );
  expect(stream.status).toBe(200);
  onTestFinished(() => stream.close());
  return stream;
}

/** The kinds of each `changes` event a stream got so far. */
const changesOf = (stream: SseClient) =>
  stream.events
    .filter((e) => e.event === NOTIFICATION_EVENTS.changes)
    .map((e) => (JSON.parse(e.data) as { kinds: string[] }).kinds);

/** A second API instance over the same database (its own pool and LISTEN on PostgreSQL). */
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
  return app as unknown as App;
}

/** An Owner's app, a key that writes trips and payments, and a passenger and a driver it knows. */
async function marketplace() {
  const built = await signedInApp();
  const made = await built.call(integrationKeyCreate, {
    name: 'Marketplace',
    scopes: ['trips:write', 'payments:write'],
  });
  const key: string = made.body.data.key;
  await createUser(built.database, { externalId: 'u-1' });
  const company = await createCompany(built.database, { externalId: 'c-1' });
  await createDriver(built.database, { companyId: company.id, externalId: 'd-1' });
  const trip = (n: number, app: App = built.app) =>
    callApi(
      app,
      integrationTrips,
      {
        external_id: `t-${n}`,
        event: 'created',
        at: new Date(Date.now() - 60_000).toISOString(),
        user_external_id: 'u-1',
        pickup_address: `${n} Harbour Rd`,
        drop_address: '9 Hill St',
        amount: '18.40',
      },
      bearer(key),
    );
  return { ...built, key, trip };
}

/** An administrator of `role`, signed in on `app`. */
async function colleague(app: App, database: Database, role: Role) {
  const who = { email: `${role.toLowerCase()}@cabdesk.test`, password: 'a colleague password' };
  await createAdmin(database, who, role);
  return signIn(app, who);
}

describe('record changes', () => {
  it('tells open streams that trips changed, many events in one batch, one NOTIFY a batch', async () => {
    const { app, database, token, trip } = await marketplace();
    const stream = await openStream(app, token);
    const told: string[] = [];
    const unlisten = await database.listen(CHANGES_CHANNEL, (payload) => told.push(payload));
    onTestFinished(unlisten);

    const started = Date.now();
    const answers = await Promise.all(Array.from({ length: 20 }, (_, n) => trip(n)));
    const writing = Date.now() - started;
    expect(answers.map((a) => a.statusCode)).toEqual(Array(20).fill(200));
    await stream.next((e) => e.event === NOTIFICATION_EVENTS.changes, 5000);
    // Twenty trips written are not twenty notifications: one a second while they were written.
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(told.length).toBeGreaterThanOrEqual(1);
    expect(told.length).toBeLessThanOrEqual(Math.ceil(writing / 1000) + 1);
    expect(changesOf(stream)).toEqual(told.map(() => ['rides']));
  });

  it('tells a desk action, not a refused one, and tells each role only what it may read', async () => {
    const { app, database, token, key } = await marketplace();
    const operatorToken = await colleague(app, database, 'Operator');
    const owner = await openStream(app, token);
    const operator = await openStream(app, operatorToken);

    // Refused (no such trip): nothing changed, nothing told.
    const refused = await callApi(
      app,
      rideCancel,
      { ride_id: 999_999, reason: 'x' },
      bearer(token),
    );
    expect(refused.statusCode).toBe(404);
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(changesOf(owner)).toEqual([]);

    // The desk cancels a trip: both hear that trips changed.
    const ride = await createRide(database, { rideStatus: 'Pending' });
    const cancelled = await callApi(
      app,
      rideCancel,
      { ride_id: ride.id, reason: 'Booked by mistake' },
      bearer(operatorToken),
    );
    expect(cancelled.statusCode).toBe(200);
    await owner.next((e) => e.event === NOTIFICATION_EVENTS.changes);
    await operator.next((e) => e.event === NOTIFICATION_EVENTS.changes);
    expect(changesOf(owner)).toEqual([['rides']]);
    expect(changesOf(operator)).toEqual([['rides']]);

    // A payment changes trips and sales: an Operator does not read sales, so hears only of trips.
    const passenger = await createUser(database, { externalId: 'u-2' });
    await createRide(database, {
      userId: passenger.id,
      rideStatus: 'End',
      externalId: 't-paid',
    });
    const payment = await callApi(
      app,
      integrationPayments,
      {
        external_id: 'p-1',
        trip_external_id: 't-paid',
        amount: '18.40',
        payment_method: 'Card',
        at: new Date().toISOString(),
      },
      bearer(key),
    );
    expect(payment.statusCode, JSON.stringify(payment.body)).toBe(200);
    await owner.next((e) => e.event === NOTIFICATION_EVENTS.changes && e.data.includes('sales'));
    await operator.next(
      (e) => e.event === NOTIFICATION_EVENTS.changes && changesOf(operator).length === 2,
    );
    expect(changesOf(owner)).toEqual([['rides'], ['rides', 'sales']]);
    expect(changesOf(operator)).toEqual([['rides'], ['rides']]);
  });

  it('reaches the streams of another API instance', async () => {
    const { app, database, config, token, trip } = await marketplace();
    const other = await secondInstance(database, config);
    const stream = await openStream(other, token);
    expect((await trip(1, app)).statusCode).toBe(200);
    await stream.next((e) => e.event === NOTIFICATION_EVENTS.changes, 5000);
    expect(changesOf(stream)).toEqual([['rides']]);
  });
});
