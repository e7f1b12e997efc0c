import {
  caseDeadlines,
  caseDeadlinesSave,
  caseDetail,
  caseList,
  caseUpdate,
  driverRating,
  driverRatingReview,
  integrationCases,
  integrationKeyCreate,
  integrationRatings,
  type IntegrationScope,
  type Role,
} from '@cabdesk/contract';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { Database } from '../../db/client';
import { createDriver, createRide, createUser } from '../../../test/builders';
import {
  bearer,
  buildTestApp,
  callApi,
  createAdmin,
  createSharedTestDatabase,
  fakeClock,
  signedIn,
  signedInApp,
} from '../../../test/helper';
import { runCaseCheck } from './escalation';

const MINUTE = 60;
const HOUR = 60 * MINUTE;

/**
 * An Owner's app on a fake clock, a trip t-1 of passenger u-1 and driver d-1,
 * a key of `scopes`, and `send` for the integration API.
 */
async function desk(scopes: IntegrationScope[] = ['cases:write']) {
  const clock = fakeClock();
  const built = await signedInApp(clock.now);
  const { database } = built;
  const made = await built.call(integrationKeyCreate, { name: 'Marketplace', scopes });
  const key: string = made.body.data.key;
  const passenger = await createUser(database, { externalId: 'u-1', name: 'Rosa Diaz' });
  const driver = await createDriver(database, { externalId: 'd-1', name: 'Ana Ruiz' });
  const trip = await createRide(database, {
    externalId: 't-1',
    userId: passenger.id,
    driverId: driver.id,
  });
  const send = (
    endpoint: typeof integrationCases | typeof integrationRatings,
    body: Record<string, unknown>,
    idempotencyKey?: string,
  ) =>
    callApi(built.app, endpoint, body, {
      ...bearer(key),
      ...(idempotencyKey ? { 'idempotency-key': idempotencyKey } : {}),
    });
  /** An administrator of `role`, signed in. */
  const colleague = async (role: Role) => {
    const credentials = {
      email: `${role.toLowerCase()}@cabdesk.test`,
      password: 'a long passphrase',
    };
    const made = await createAdmin(database, credentials, role);
    return { id: made.id, ...(await signedIn(built.app, credentials)) };
  };
  return { ...built, clock, key, send, passenger, driver, trip, colleague };
}

/** When the reports happened: a moment ago (the integration API takes no time a day ahead). */
const AT = new Date(Date.now() - 60_000).toISOString();

const sos = (fields: Record<string, unknown> = {}) => ({
  external_id: 'sos-1',
  kind: 'sos',
  trip_external_id: 't-1',
  reporter_external_id: 'u-1',
  lat: 41.88,
  lng: -87.63,
  at: AT,
  ...fields,
});

const complaint = (fields: Record<string, unknown> = {}) => ({
  external_id: 'c-1',
  kind: 'complaint',
  complaint_type: 'overcharge',
  trip_external_id: 't-1',
  reporter_external_id: 'u-1',
  text: 'Charged twice the estimate.',
  at: AT,
  ...fields,
});

const countOf = async (database: Database, table: string) =>
  (await database.rows<{ n: number }>(sql.raw(`select count(*)::int as n from ${table}`)))[0]!.n;

/** Seconds from a case's opening to one of its deadlines. */
const secondsTo = (item: { created_at: string }, due: string) =>
  (Date.parse(due) - Date.parse(item.created_at)) / 1000;

describe('cases in, through the integration API', () => {
  it('opens an SOS as a New case with its trip, people and position, told to every administrator', async () => {
    const { send, call, trip, driver, passenger, database } = await desk();
    const res = await send(integrationCases, sos());
    expect(res.statusCode).toBe(200);
    expect(res.body.data).toMatchObject({ external_id: 'sos-1', created: true, status: 'New' });
    const detail = await call(caseDetail, { case_id: res.body.data.id });
    expect(detail.body.data.case).toMatchObject({
      kind: 'sos',
      status: 'New',
      ride_id: trip.id,
      driver: { id: driver.id, name: 'Ana Ruiz' },
      passenger: { id: passenger.id, name: 'Rosa Diaz' },
      reported_by: 'passenger',
      lat: 41.88,
      lng: -87.63,
      overdue: false,
    });
    expect(detail.body.data.trip).toMatchObject({ id: trip.id, external_id: 't-1' });
    expect(detail.body.data.activity.map((a: { kind: string }) => a.kind)).toEqual(['opened']);
    const told = await database.rows<{ title: string; admin_id: number | null; link: string }>(
      sql`select title, admin_id, link from notifications where title = 'SOS'`,
    );
    expect(told).toEqual([{ title: 'SOS', admin_id: null, link: `/cases/${res.body.data.id}` }]);
  });

  it('takes the same external_id once, replays an Idempotency-Key, and refuses bad input writing nothing', async () => {
    const { send, database } = await desk();
    const first = await send(integrationCases, sos(), 'k-1');
    const again = await send(integrationCases, sos());
    expect(again.body.data).toMatchObject({ id: first.body.data.id, created: false });
    const replay = await send(integrationCases, sos(), 'k-1');
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect(replay.body.data).toEqual(first.body.data);
    const otherKind = await send(integrationCases, complaint({ external_id: 'sos-1' }));
    expect(otherKind.statusCode).toBe(409);

    const bad = [
      [sos({ external_id: 'sos-2', kind: 'panic' }), 'kind'],
      [sos({ external_id: 'sos-3', lng: undefined }), 'lng'],
      [sos({ external_id: 'sos-4', complaint_type: 'route' }), 'complaint_type'],
      [complaint({ external_id: 'c-9', complaint_type: 'rude' }), 'complaint_type'],
      [sos({ external_id: 'sos-5', at: 'yesterday' }), 'at'],
    ] as const;
    for (const [body, field] of bad) {
      const res = await send(integrationCases, body);
      expect(res.statusCode, field).toBe(400);
      expect(Object.keys(res.body.data.errors ?? {}), field).toContain(field);
    }
    const unknownTrip = await send(
      integrationCases,
      sos({ external_id: 'sos-6', trip_external_id: 't-9' }),
    );
    expect(unknownTrip.statusCode).toBe(422);
    expect(unknownTrip.body.data.errors).toHaveProperty('trip_external_id');
    const unknownReporter = await send(
      integrationCases,
      sos({ external_id: 'sos-7', trip_external_id: undefined, reporter_external_id: 'x-1' }),
    );
    expect(unknownReporter.statusCode).toBe(422);
    expect(unknownReporter.body.data.errors).toHaveProperty('reporter_external_id');
    expect(await countOf(database, 'cases')).toBe(1);
  });

  it('needs a key with the cases:write scope', async () => {
    const { send } = await desk(['trips:write']);
    const res = await send(integrationCases, sos());
    expect(res.statusCode).toBe(403);
    expect(res.body.message).toContain('cases:write');
  });

  it('finds the reporter without a trip: a driver pressing SOS is the case’s driver', async () => {
    const { send, call, driver } = await desk();
    const res = await send(
      integrationCases,
      sos({ trip_external_id: undefined, reporter_external_id: 'd-1' }),
    );
    const { case: item } = (await call(caseDetail, { case_id: res.body.data.id })).body.data;
    expect(item).toMatchObject({
      reported_by: 'driver',
      driver: { id: driver.id },
      passenger: null,
    });
  });
});

describe('ratings', () => {
  it('opens a case for a rating of 1 or 2 with a comment, once, and for nothing else', async () => {
    const { send, call, database, passenger } = await desk();
    const rating = (fields: Record<string, unknown>) => ({
      trip_external_id: 't-1',
      by: 'passenger',
      stars: 2,
      at: new Date().toISOString(),
      ...fields,
    });
    const noComment = await send(integrationRatings, rating({}));
    expect(noComment.body.data).toMatchObject({ created: true, case_id: null });
    const three = await send(
      integrationRatings,
      rating({ by: 'driver', stars: 3, comment: 'Late to the kerb.' }),
    );
    expect(three.body.data.case_id).toBeNull();
    expect(await countOf(database, 'cases')).toBe(0);

    const later = new Date(Date.now() + 1000).toISOString();
    const low = await send(
      integrationRatings,
      rating({ stars: 1, comment: 'He shouted at me.', at: later }),
    );
    expect(low.body.data).toMatchObject({ id: noComment.body.data.id, created: false });
    expect(low.body.data.case_id).toEqual(expect.any(Number));
    const again = await send(
      integrationRatings,
      rating({ stars: 1, comment: 'He shouted at me.', at: later }),
    );
    expect(again.body.data.case_id).toBe(low.body.data.case_id);
    expect(await countOf(database, 'cases')).toBe(1);

    const list = await call(caseList, { kind: 'rating' });
    expect(list.body.data.data).toHaveLength(1);
    expect(list.body.data.data[0]).toMatchObject({
      kind: 'rating',
      text: 'He shouted at me.',
      reported_by: 'passenger',
      passenger: { id: passenger.id },
    });
    const detail = await call(caseDetail, { case_id: low.body.data.case_id });
    expect(detail.body.data.rating).toMatchObject({ by: 'passenger', stars: 1 });
  });

  it('keeps the driver’s figures from the passengers’ ratings, a later one replacing an earlier', async () => {
    const { send, database, driver } = await desk();
    const t0 = Date.now();
    await send(integrationRatings, {
      trip_external_id: 't-1',
      by: 'passenger',
      stars: 5,
      at: new Date(t0).toISOString(),
    });
    // An older rating arriving late changes nothing.
    await send(integrationRatings, {
      trip_external_id: 't-1',
      by: 'passenger',
      stars: 1,
      at: new Date(t0 - 5000).toISOString(),
    });
    const figures = () =>
      database.rows(
        sql`select count, sum, stars_1, stars_4, stars_5, average::text from driver_ratings where driver_id = ${driver.id}`,
      );
    expect(await figures()).toEqual([
      { count: 1, sum: 5, stars_1: 0, stars_4: 0, stars_5: 1, average: '5.00' },
    ]);
    await send(integrationRatings, {
      trip_external_id: 't-1',
      by: 'passenger',
      stars: 4,
      at: new Date(t0 + 5000).toISOString(),
    });
    expect(await figures()).toEqual([
      { count: 1, sum: 4, stars_1: 0, stars_4: 1, stars_5: 0, average: '4.00' },
    ]);
    const bad = await send(integrationRatings, {
      trip_external_id: 't-1',
      by: 'passenger',
      stars: 6,
      at: new Date(t0).toISOString(),
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.body.data.errors).toHaveProperty('stars');
  });
});

describe('deadlines', () => {
  it('stamps each case with its type’s deadlines: an SOS in minutes, complaints and ratings in hours', async () => {
    const { send, call } = await desk();
    const opened = async (body: Record<string, unknown>) =>
      (await call(caseDetail, { case_id: (await send(integrationCases, body)).body.data.id })).body
        .data.case;
    const sosCase = await opened(sos());
    expect(secondsTo(sosCase, sosCase.acknowledge_due_at)).toBe(5 * MINUTE);
    expect(secondsTo(sosCase, sosCase.resolve_due_at)).toBe(60 * MINUTE);
    const safety = await opened(complaint({ external_id: 'c-2', complaint_type: 'safety' }));
    expect(secondsTo(safety, safety.acknowledge_due_at)).toBe(1 * HOUR);
    expect(secondsTo(safety, safety.resolve_due_at)).toBe(24 * HOUR);
    const untyped = await opened(complaint({ external_id: 'c-3', complaint_type: undefined }));
    expect(untyped.complaint_type).toBe('other');
    expect(secondsTo(untyped, untyped.acknowledge_due_at)).toBe(24 * HOUR);
  });

  it('lets an Owner set a type’s deadlines, audited, for the cases opened after; others read them', async () => {
    const { send, call, colleague, database } = await desk();
    const listed = await call(caseDeadlines);
    expect(listed.body.data.find((d: { type: string }) => d.type === 'sos')).toEqual({
      type: 'sos',
      unit: 'minutes',
      acknowledge: 5,
      resolve: 60,
      customised: false,
    });
    const before = (
      await call(caseDetail, { case_id: (await send(integrationCases, sos())).body.data.id })
    ).body.data.case;

    const saved = await call(caseDeadlinesSave, { type: 'sos', acknowledge: 2, resolve: 30 });
    expect(saved.body.data).toEqual({
      type: 'sos',
      unit: 'minutes',
      acknowledge: 2,
      resolve: 30,
      customised: true,
    });
    const wrong = await call(caseDeadlinesSave, { type: 'overcharge', acknowledge: 8, resolve: 8 });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.body.data.errors).toHaveProperty('resolve');
    const operator = await colleague('Operator');
    expect(
      (await operator.call(caseDeadlinesSave, { type: 'sos', acknowledge: 1, resolve: 10 }))
        .statusCode,
    ).toBe(403);
    expect((await operator.call(caseDeadlines)).statusCode).toBe(200);

    const after = (
      await call(caseDetail, {
        case_id: (await send(integrationCases, sos({ external_id: 'sos-2' }))).body.data.id,
      })
    ).body.data.case;
    expect(secondsTo(after, after.acknowledge_due_at)).toBe(2 * MINUTE);
    expect(secondsTo(after, after.resolve_due_at)).toBe(30 * MINUTE);
    // The case opened before keeps the deadlines it was opened with.
    const kept = (await call(caseDetail, { case_id: before.id })).body.data.case;
    expect(secondsTo(kept, kept.acknowledge_due_at)).toBe(5 * MINUTE);
    const audited = await database.rows(
      sql`select action, table_name, after->>'acknowledge' as acknowledge from audit_log where action = 'case-deadlines-save'`,
    );
    expect(audited).toEqual([
      { action: 'case-deadlines-save', table_name: 'case_deadlines', acknowledge: '2' },
    ]);
  });

  it('shows a case overdue once the clock passes its next deadline: to acknowledge, then to resolve', async () => {
    const { send, call, clock } = await desk();
    const id = (await send(integrationCases, sos())).body.data.id;
    const overdue = async () => (await call(caseDetail, { case_id: id })).body.data.case.overdue;
    clock.advance(5 * MINUTE - 1);
    expect(await overdue()).toBe(false);
    clock.advance(1);
    expect(await overdue()).toBe(true);
    await call(caseUpdate, { id, status: 'Acknowledged' });
    expect(await overdue()).toBe(false);
    clock.advance(55 * MINUTE);
    expect(await overdue()).toBe(true);
  });
});

describe('escalation', () => {
  it('escalates an SOS unacknowledged past its deadline to every Owner, exactly once across instances', async () => {
    const clock = fakeClock();
    const [one, two] = await createSharedTestDatabase(2);
    const { app } = await buildTestApp({}, false, clock.now, one);
    const owner = await createAdmin(one!);
    const owner2 = await createAdmin(one!, {
      email: 'owner2@cabdesk.test',
      password: 'a long passphrase',
    });
    await createAdmin(
      one!,
      { email: 'op@cabdesk.test', password: 'a long passphrase' },
      'Operator',
    );
    const { call } = await signedIn(app);
    const key = (await call(integrationKeyCreate, { name: 'M', scopes: ['cases:write'] })).body.data
      .key;
    await createUser(one!, { externalId: 'u-1' });
    const send = (body: Record<string, unknown>) =>
      callApi(app, integrationCases, body, bearer(key));
    const late = (await send(sos({ trip_external_id: undefined }))).body.data.id;
    const answered = (await send(sos({ external_id: 'sos-2', trip_external_id: undefined }))).body
      .data.id;
    await send(
      complaint({ external_id: 'c-1', trip_external_id: undefined, complaint_type: 'safety' }),
    );
    await call(caseUpdate, { id: answered, status: 'Acknowledged' });

    // Not yet: the deadline is 5 minutes.
    clock.advance(4 * MINUTE);
    expect(await runCaseCheck(one!.db, clock.now())).toBe(0);
    clock.advance(2 * HOUR);
    const runs = await Promise.all([
      runCaseCheck(one!.db, clock.now()),
      runCaseCheck(two!.db, clock.now()),
      runCaseCheck(one!.db, clock.now()),
    ]);
    expect(runs.reduce((a, b) => a + b, 0)).toBe(1);
    expect(await runCaseCheck(two!.db, clock.now())).toBe(0);

    const told = await one!.rows<{ admin_id: number; title: string; link: string; key: string }>(
      sql`select admin_id, title, link, text->>'key' as key from notifications
          where title = 'SOS not acknowledged' order by admin_id`,
    );
    // Its parts too, for the bell to say it in each Owner's language.
    const parts = expect.stringMatching(/^sosNotAcknowledged/);
    expect(told).toEqual([
      { admin_id: owner.id, title: 'SOS not acknowledged', link: `/cases/${late}`, key: parts },
      { admin_id: owner2.id, title: 'SOS not acknowledged', link: `/cases/${late}`, key: parts },
    ]);
    const detail = (await call(caseDetail, { case_id: late })).body.data;
    expect(detail.case.escalated_at).toBe(clock.now().toISOString());
    expect(detail.case.overdue).toBe(true);
    expect(detail.activity.map((a: { kind: string }) => a.kind)).toEqual(['opened', 'escalated']);
  });
});

describe('working a case', () => {
  it('goes New -> Acknowledged -> In progress -> Resolved with an outcome, refusing other moves (409)', async () => {
    const { send, call, admin } = await desk();
    const id = (await send(integrationCases, sos())).body.data.id;
    const skip = await call(caseUpdate, { id, status: 'In progress' });
    expect(skip.statusCode).toBe(409);
    expect(skip.body.message).toBe('A case that is New cannot become In progress.');

    const ack = await call(caseUpdate, { id, status: 'Acknowledged' });
    expect(ack.statusCode).toBe(200);
    // Acknowledging an unassigned case takes it.
    expect(ack.body.data).toMatchObject({ status: 'Acknowledged', assignee: { id: admin.id } });
    expect(
      (
        await call(caseUpdate, {
          id,
          status: 'In progress',
          note_kind: 'called_passenger',
          note: 'She is safe.',
        })
      ).statusCode,
    ).toBe(200);
    const early = await call(caseUpdate, { id, status: 'Resolved' });
    expect(early.statusCode).toBe(422);
    expect(early.body.data.errors).toHaveProperty('outcome');
    const done = await call(caseUpdate, { id, status: 'Resolved', outcome: 'warning' });
    expect(done.body.data).toMatchObject({
      status: 'Resolved',
      outcome: 'warning',
      overdue: false,
    });
    expect(done.body.data.closed_at).toEqual(expect.any(String));
    const closed = await call(caseUpdate, { id, note: 'One more thing.' });
    expect(closed.statusCode).toBe(409);

    const { activity } = (await call(caseDetail, { case_id: id })).body.data;
    expect(
      activity.map((a: { kind: string; text: string | null; admin: { id: number } | null }) => [
        a.kind,
        a.text,
        a.admin?.id ?? null,
      ]),
    ).toEqual([
      ['opened', null, null],
      ['status', 'New -> Acknowledged', admin.id],
      ['called_passenger', 'She is safe.', admin.id],
      ['status', 'Acknowledged -> In progress', admin.id],
      ['outcome', 'warning', admin.id],
      ['status', 'In progress -> Resolved', admin.id],
    ]);
  });

  it('writes a case.status_changed event with each status change, in its transaction, and audits every step', async () => {
    const { send, call, database } = await desk();
    const id = (await send(integrationCases, sos())).body.data.id;
    await call(caseUpdate, { id, status: 'Acknowledged' });
    await call(caseUpdate, { id, note: 'Calling her now.' });
    await call(caseUpdate, { id, status: 'In progress' });
    await call(caseUpdate, { id, status: 'False alarm' });
    const events = await database.rows<{ type: string; data: Record<string, unknown> }>(
      sql`select type, data from webhook_events where type = 'case.status_changed' order by id`,
    );
    expect(events.map((e) => [e.data.previous_status, e.data.status])).toEqual([
      ['New', 'Acknowledged'],
      ['Acknowledged', 'In progress'],
      ['In progress', 'False alarm'],
    ]);
    expect(events[0]!.data).toMatchObject({
      kind: 'case',
      id,
      external_id: 'sos-1',
      case_kind: 'sos',
    });
    const audited = await database.rows<{ n: number }>(
      sql`select count(*)::int as n from audit_log where action = 'case-update' and record_id = ${id}`,
    );
    expect(audited[0]!.n).toBe(4);
  });

  it('lets Support take a case but not assign it; Operators and Owners assign any case worker; Finance only reads', async () => {
    const { send, call, colleague } = await desk();
    const id = (await send(integrationCases, complaint())).body.data.id;
    const support = await colleague('Support');
    const operator = await colleague('Operator');
    const finance = await colleague('Finance');

    const giveAway = await support.call(caseUpdate, { id, assignee_id: operator.id });
    expect(giveAway.statusCode).toBe(403);
    expect(giveAway.body.data.errors).toHaveProperty('assignee_id');
    const take = await support.call(caseUpdate, { id, assignee_id: support.id });
    expect(take.body.data.assignee).toMatchObject({ id: support.id });
    const toOperator = await operator.call(caseUpdate, { id, assignee_id: operator.id });
    expect(toOperator.statusCode).toBe(200);
    const toSupport = await call(caseUpdate, { id, assignee_id: support.id });
    expect(toSupport.body.data.assignee).toMatchObject({ id: support.id });
    const toFinance = await call(caseUpdate, { id, assignee_id: finance.id });
    expect(toFinance.statusCode).toBe(422);

    expect((await finance.call(caseUpdate, { id, note: 'x' })).statusCode).toBe(403);
    expect((await finance.call(caseList)).statusCode).toBe(200);
    expect((await finance.call(caseDetail, { case_id: id })).statusCode).toBe(200);
    const list = await call(caseList, { assignee_id: support.id });
    expect(list.body.data.data.map((c: { id: number }) => c.id)).toEqual([id]);
  });

  it('deactivates the driver through status-update’s code for the outcome driver_deactivated; Support may not', async () => {
    const { send, call, colleague, database, driver } = await desk();
    const id = (await send(integrationCases, complaint({ complaint_type: 'safety' }))).body.data.id;
    const support = await colleague('Support');
    const refused = await support.call(caseUpdate, { id, outcome: 'driver_deactivated' });
    expect(refused.statusCode).toBe(403);
    const status = async () =>
      (
        await database.rows<{ status: string; status_reason: string | null }>(
          sql`select status, status_reason from users where id = ${driver.id}`,
        )
      )[0];
    expect(await status()).toEqual({ status: 'Active', status_reason: null });

    const done = await call(caseUpdate, { id, outcome: 'driver_deactivated' });
    expect(done.body.data.outcome).toBe('driver_deactivated');
    expect(await status()).toEqual({ status: 'Inactive', status_reason: `Case #${id}` });
    const trail = await database.rows(
      sql`select action, table_name, record_id from audit_log where action in ('status-update', 'case-update') order by id`,
    );
    expect(trail).toEqual([
      { action: 'status-update', table_name: 'users', record_id: driver.id },
      { action: 'case-update', table_name: 'cases', record_id: id },
    ]);
    const event = await database.rows(
      sql`select data->>'status' as status from webhook_events where type = 'status.changed'`,
    );
    expect(event).toEqual([{ status: 'Inactive' }]);
  });
});

describe('the outcome refund', () => {
  it("links the refund of the case's trip, its id in the log; refused without a trip or a refund of that trip", async () => {
    const { send, call, database, trip, passenger, driver } = await desk();
    const other = await createRide(database, { userId: passenger.id, driverId: driver.id });
    const [owner] = await database.rows<{ id: number }>(
      sql`select id from admins order by id limit 1`,
    );
    // What refund-create writes for a trip (modules/money): a refund waiting for its approver.
    const refundOf = async (rideId: number) =>
      (
        await database.rows<{ id: number }>(
          sql`insert into money_requests (kind, status, ride_id, amount, reason, threshold, maker_id)
              values ('refund', 'pending', ${rideId}, '8.00', 'Charged twice', '5.00', ${owner!.id})
              returning id`,
        )
      )[0]!.id;
    const refund = await refundOf(trip.id);
    const otherRefund = await refundOf(other.id);
    const id = (await send(integrationCases, complaint())).body.data.id;
    const outcome = async () =>
      (await call(caseDetail, { case_id: id })).body.data.case.outcome as string | null;

    const first = await call(caseUpdate, { id, outcome: 'refund' });
    expect(first.statusCode).toBe(422);
    expect(first.body.data.errors).toEqual({
      refund_id: 'Refund the trip first, then send the refund’s refund_id with the outcome refund.',
    });
    const elsewhere = await call(caseUpdate, { id, outcome: 'refund', refund_id: otherRefund });
    expect(elsewhere.statusCode).toBe(422);
    expect(elsewhere.body.data.errors).toEqual({
      refund_id: 'There is no refund of this case’s trip with this id.',
    });
    const alone = await call(caseUpdate, { id, refund_id: refund, note: 'Refund asked.' });
    expect(alone.statusCode).toBe(400);
    expect(alone.body.data.errors).toEqual({
      refund_id: 'refund_id goes with the outcome refund.',
    });
    expect(await outcome()).toBeNull();

    const done = await call(caseUpdate, { id, outcome: 'refund', refund_id: refund });
    expect(done.statusCode).toBe(200);
    expect(done.body.data.outcome).toBe('refund');
    const detail = (await call(caseDetail, { case_id: id })).body.data;
    expect(
      detail.activity.map((a: { kind: string; text: string | null }) => [a.kind, a.text]),
    ).toEqual([
      ['opened', null],
      ['outcome', 'refund'],
      ['refund', String(refund)],
    ]);
    const [audited] = await database.rows<{ after: { refund_id?: number } }>(
      sql`select after from audit_log where action = 'case-update' and record_id = ${id}`,
    );
    expect(audited!.after.refund_id).toBe(refund);

    // A case without a trip has nothing to refund.
    const tripless = (
      await send(integrationCases, complaint({ external_id: 'c-2', trip_external_id: undefined }))
    ).body.data.id;
    const refused = await call(caseUpdate, { id: tripless, outcome: 'refund', refund_id: refund });
    expect(refused.statusCode).toBe(422);
    expect(refused.body.data.errors).toEqual({
      outcome: 'This case has no trip to refund: choose another outcome.',
    });
    expect((await call(caseDetail, { case_id: tripless })).body.data.case.outcome).toBeNull();
  });
});

describe('the desk', () => {
  it('lists open SOS first, then by deadline, closed last, with the count open of each kind', async () => {
    const { send, call, clock } = await desk();
    const other = (
      await send(integrationCases, complaint({ external_id: 'c-other', complaint_type: 'other' }))
    ).body.data.id;
    const safety = (
      await send(integrationCases, complaint({ external_id: 'c-safety', complaint_type: 'safety' }))
    ).body.data.id;
    clock.advance(MINUTE);
    const first = (await send(integrationCases, sos({ external_id: 'sos-a' }))).body.data.id;
    const closed = (await send(integrationCases, sos({ external_id: 'sos-b' }))).body.data.id;
    await call(caseUpdate, { id: closed, status: 'Acknowledged' });
    await call(caseUpdate, { id: closed, status: 'False alarm' });

    const list = await call(caseList);
    expect(list.body.data.data.map((c: { id: number }) => c.id)).toEqual([
      first,
      safety,
      other,
      closed,
    ]);
    expect(list.body.data.open_counts).toEqual({ sos: 1, complaint: 2, rating: 0, total: 3 });
    expect(list.body.data.total).toBe(4);
    const open = await call(caseList, { status: 'open' });
    expect(open.body.data.data.map((c: { id: number }) => c.id)).toEqual([first, safety, other]);
    const sosOnly = await call(caseList, { kind: 'sos', status: 'False alarm' });
    expect(sosOnly.body.data.data.map((c: { id: number }) => c.id)).toEqual([closed]);
    expect((await call(caseList, { kind: 'lost' })).statusCode).toBe(400);
  });

  it('shows earlier cases of the same driver and passenger beside a case', async () => {
    const { send, call, database, driver, admin } = await desk();
    const earlier = (await send(integrationCases, complaint({ external_id: 'c-old' }))).body.data
      .id;
    const otherPassenger = await createUser(database, { externalId: 'u-2' });
    await createRide(database, {
      externalId: 't-2',
      userId: otherPassenger.id,
      driverId: driver.id,
    });
    const sameDriver = (
      await send(
        integrationCases,
        complaint({ external_id: 'c-2', trip_external_id: 't-2', reporter_external_id: 'u-2' }),
      )
    ).body.data.id;
    const now = (await send(integrationCases, sos())).body.data.id;
    const detail = (await call(caseDetail, { case_id: now })).body.data;
    expect(detail.earlier_driver_cases.map((c: { id: number }) => c.id)).toEqual([
      sameDriver,
      earlier,
    ]);
    expect(detail.earlier_passenger_cases.map((c: { id: number }) => c.id)).toEqual([earlier]);
    // Whom the case may be assigned to: the Owner who signed in works cases.
    expect(detail.workers).toEqual([{ id: admin.id, name: 'Test Admin', role: 'Owner' }]);
    expect((await call(caseDetail, { case_id: 999_999 })).statusCode).toBe(404);
  });
});

describe('drivers’ ratings', () => {
  it('gives a driver’s average, count and distribution, and lists for review those whose last ratings average under the threshold', async () => {
    const { send, call, database, driver } = await desk();
    const good = await createDriver(database, { externalId: 'd-good', name: 'Bo Good' });
    const t0 = Date.now() - 3_600_000;
    // Ana: 5, 5, 1, 1, 2 (oldest first); Bo: 5, 4.
    const rate = async (driverId: number, stars: number, minute: number) => {
      const trip = await createRide(database, {
        externalId: `rated-${driverId}-${minute}`,
        driverId,
      });
      await send(integrationRatings, {
        trip_external_id: trip.externalId,
        by: 'passenger',
        stars,
        at: new Date(t0 + minute * 60_000).toISOString(),
      });
    };
    for (const [i, stars] of [5, 5, 1, 1, 2].entries()) await rate(driver.id, stars, i);
    for (const [i, stars] of [5, 4].entries()) await rate(good.id, stars, i);

    const ana = await call(driverRating, { driver_id: driver.id, last: 3 });
    expect(ana.body.data).toEqual({
      driver_id: driver.id,
      average: 2.8,
      count: 5,
      distribution: { 1: 2, 2: 1, 3: 0, 4: 0, 5: 2 },
      recent_average: 1.33,
      last: 3,
    });
    expect((await call(driverRating, { driver_id: driver.id })).body.data.recent_average).toBe(2.8);
    const none = await createDriver(database);
    expect((await call(driverRating, { driver_id: none.id })).body.data).toMatchObject({
      average: null,
      count: 0,
      recent_average: null,
    });
    expect((await call(driverRating, { driver_id: 999_999 })).statusCode).toBe(404);

    const review = await call(driverRatingReview, { below: 3, last: 3 });
    expect(review.body.data.data.map((d: { driver_id: number }) => d.driver_id)).toEqual([
      driver.id,
    ]);
    expect(review.body.data.data[0]).toMatchObject({ name: 'Ana Ruiz', recent_average: 1.33 });
    // Over every rating Ana averages 2.8: under 3 all the same; at 2.5 nobody is listed.
    const lenient = await call(driverRatingReview, { below: 2.5, last: 10 });
    expect(lenient.body.data.total).toBe(0);
    expect((await call(driverRatingReview, { below: 9 })).statusCode).toBe(400);
  });
});
