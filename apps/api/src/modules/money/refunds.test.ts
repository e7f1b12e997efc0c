import {
  adjustmentCreate,
  commissionRuleSave,
  financeDashboard,
  integrationKeyCreate,
  integrationTrips,
  ledgerBalance,
  moneyApprove,
  moneyReject,
  moneyRequestList,
  moneySettings,
  moneySettingsSave,
  moneyWithdraw,
  REFUND_MESSAGES,
  refundCreate,
  RIDE_MESSAGES,
  ROLE_MESSAGES,
} from '@cabdesk/contract';
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createCompany, createDriver, createUser, createVehicle } from '../../../test/builders';
import { bearer, callApi, createAdmin, signedIn, signedInApp } from '../../../test/helper';
import { adjustmentEntries, refundEntries, type RefundedSplit } from './refunds.ledger';

/**
 * An Owner's app, a Finance administrator's, and a marketplace: a passenger,
 * a company with a driver and a vehicle, the service's rule 20% for the
 * platform and 30% for the company.
 */
async function marketplace() {
  const built = await signedInApp();
  const { database } = built;
  const key: string = (
    await built.call(integrationKeyCreate, { name: 'Marketplace', scopes: ['trips:write'] })
  ).body.data.key;
  await createUser(database, { externalId: 'u-1', name: 'Rosa Diaz' });
  const company = await createCompany(database, { externalId: 'c-a' });
  const driver = await createDriver(database, { companyId: company.id, externalId: 'd-a' });
  const vehicle = await createVehicle(
    database,
    { companyId: company.id, externalId: 'v-a' },
    { service: 'Comfort' },
  );
  await built.call(commissionRuleSave, {
    service_type: vehicle.serviceTypeId,
    percent: '20',
    company_percent: '30',
    from: '2026-01-01',
  });
  const finance = { email: 'finance@cabdesk.test', password: 'correct horse battery' };
  await createAdmin(database, finance, 'Finance');
  const asFinance = (await signedIn(built.app, finance)).call;
  /** Sends a trip's created and completed events; answers its id. */
  /** `at`: when it is created (completed half an hour later); null: created, not completed. */
  const trip = async (
    id: string,
    fields: Record<string, unknown>,
    at: string | null = '2026-03-02T09:00:00Z',
  ) => {
    const base = {
      external_id: id,
      user_external_id: 'u-1',
      driver_external_id: 'd-a',
      vehicle_external_id: 'v-a',
      pickup_address: '1 Harbour Rd',
      drop_address: '9 Hill St',
      ...fields,
    };
    const send = (event: string, at: string) =>
      callApi(built.app, integrationTrips, { ...base, event, at }, bearer(key));
    const created = await send('created', at ?? '2026-03-02T09:00:00Z');
    if (at === null) return created.body.data.id as number;
    const done = await send('completed', new Date(Date.parse(at) + 1_800_000).toISOString());
    expect(done.statusCode).toBe(200);
    return done.body.data.id as number;
  };
  const balances = async () => ({
    company: (await built.call(ledgerBalance, { company_id: company.id })).body.data.balance,
    driver: (await built.call(ledgerBalance, { driver_id: driver.id })).body.data.balance,
  });
  return { ...built, asFinance, company, driver, trip, balances };
}

type Market = Awaited<ReturnType<typeof marketplace>>;

const count = async (m: Market, query: ReturnType<typeof sql>) =>
  (await m.database.rows<{ n: number }>(query))[0]!.n;

/** Every ledger set's entries, by set, as `account amount` lines. */
const setsOf = async (m: Market, cause: string) =>
  (
    await m.database.rows<{ entries: string[] }>(
      sql`select array_agg(e.account || ' ' || e.amount::text order by e.id) as entries
          from ledger_sets s join ledger_entries e on e.set_id = s.id
          where s.cause = ${cause} group by s.id order by s.id`,
    )
  ).map((row) => row.entries);

const unbalancedSets = (m: Market) =>
  m.database.rows(sql`select set_id from ledger_entries group by set_id having sum(amount) <> 0`);

const eventsOf = (m: Market) =>
  m.database.rows<{ type: string; data: Record<string, unknown> }>(
    sql`select type, data from webhook_events order by id`,
  );

const auditOf = (m: Market) =>
  m.database.rows<{ action: string; record_id: number; reason: string | null }>(
    sql`select action, record_id, reason from audit_log where table_name = 'money_requests' order by id`,
  );

describe('refunds', () => {
  it('at or below the threshold: approved at once by its maker, the split reversed in proportion, the marketplace told', async () => {
    const m = await marketplace();
    // 18.40, coupon 2.00: the passenger paid 16.40; commission 3.68, company 5.52, driver 9.20.
    const ride = await m.trip('t-1', { amount: '18.40', coupon_discount: '2.00' });
    expect(await m.balances()).toEqual({ company: '5.52', driver: '9.20' });

    const res = await m.asFinance(refundCreate, { ride_id: ride, amount: '8.20', reason: 'Late' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toMatchObject({
      message: REFUND_MESSAGES.refundApproved,
      data: {
        kind: 'refund',
        status: 'approved',
        ride_id: ride,
        amount: '8.20',
        reason: 'Late',
        threshold: '100.00',
        maker_name: expect.any(String),
        approver_id: res.body.data.maker_id,
      },
    });
    // Half of what was paid: half of every part of the split comes back.
    expect(await setsOf(m, 'refund')).toEqual([
      [
        'platform_receipts -8.20',
        'platform_coupons -1.00',
        'platform_revenue 1.84',
        'company 2.76',
        'driver 4.60',
      ],
    ]);
    expect(await unbalancedSets(m)).toEqual([]);
    expect(await m.balances()).toEqual({ company: '2.76', driver: '4.60' });
    expect(await eventsOf(m)).toEqual([
      {
        type: 'refund.approved',
        data: {
          kind: 'trip',
          id: ride,
          external_id: 't-1',
          refund_id: res.body.data.id,
          amount: '8.20',
          reason: 'Late',
          status: 'approved',
        },
      },
    ]);
    expect(await auditOf(m)).toEqual([
      { action: 'create', record_id: res.body.data.id, reason: 'Late' },
      { action: 'approve', record_id: res.body.data.id, reason: null },
    ]);
  });

  it('above the threshold: waits, its maker cannot approve it (403), a second administrator does', async () => {
    const m = await marketplace();
    const ride = await m.trip('t-1', { amount: '150.00' });
    const made = await m.asFinance(refundCreate, { ride_id: ride, amount: '150', reason: 'Fraud' });
    expect(made.statusCode).toBe(200);
    expect(made.body).toMatchObject({
      message: REFUND_MESSAGES.refundPending,
      data: { status: 'pending', amount: '150.00', approver_id: null, approved_at: null },
    });
    const id = made.body.data.id as number;
    // Waiting: no ledger set yet, the marketplace told it was asked for.
    expect(await setsOf(m, 'refund')).toEqual([]);
    expect((await eventsOf(m)).map((e) => e.type)).toEqual(['refund.requested']);
    const waiting = await m.call(moneyRequestList, { status: 'pending' });
    expect(waiting.body.data.data.map((r: { id: number }) => r.id)).toEqual([id]);

    const own = await m.asFinance(moneyApprove, { id });
    expect(own.statusCode).toBe(403);
    expect(own.body).toMatchObject({ status: false, message: REFUND_MESSAGES.makerCannotApprove });
    expect(await setsOf(m, 'refund')).toEqual([]);

    const second = await m.call(moneyApprove, { id });
    expect(second.statusCode).toBe(200);
    expect(second.body).toMatchObject({
      message: REFUND_MESSAGES.approved,
      data: { status: 'approved', approver_id: m.admin.id, approved_at: expect.any(String) },
    });
    // All of it: the split undone, the company and driver owed nothing.
    expect(await setsOf(m, 'refund')).toEqual([
      ['platform_receipts -150.00', 'platform_revenue 30.00', 'company 45.00', 'driver 75.00'],
    ]);
    expect(await m.balances()).toEqual({ company: '0.00', driver: '0.00' });
    expect((await eventsOf(m)).map((e) => e.type)).toEqual(['refund.requested', 'refund.approved']);
    expect((await auditOf(m)).map((a) => a.action)).toEqual(['create', 'approve']);

    expect((await m.call(moneyApprove, { id })).statusCode).toBe(409);
    expect((await m.call(moneyApprove, { id })).body.message).toBe(REFUND_MESSAGES.alreadyApproved);
    expect((await m.call(moneyApprove, { id: 9999 })).statusCode).toBe(404);
    expect((await m.call(moneyRequestList, { status: 'pending' })).body.data.total).toBe(0);
  });

  it('never above what the passenger paid, waiting refunds counted: 400 on amount, nothing written', async () => {
    const m = await marketplace();
    const ride = await m.trip('t-1', { amount: '120.00', coupon_discount: '20.00' });
    const over = await m.asFinance(refundCreate, { ride_id: ride, amount: '100.01', reason: 'x' });
    expect(over.statusCode).toBe(400);
    expect(over.body.data.errors).toEqual({
      amount: 'The trip’s refunds may not exceed what the passenger paid (100.00).',
    });
    expect(await count(m, sql`select count(*)::int as n from money_requests`)).toBe(0);

    // 60 waits (threshold 50), 40 more fits, a cent more does not.
    await m.call(moneySettingsSave, { approval_threshold: '50' });
    const waits = await m.asFinance(refundCreate, { ride_id: ride, amount: '60', reason: 'a' });
    expect(waits.body.data.status).toBe('pending');
    const fits = await m.asFinance(refundCreate, { ride_id: ride, amount: '40', reason: 'b' });
    expect(fits.body.data.status).toBe('approved');
    const cent = await m.asFinance(refundCreate, { ride_id: ride, amount: '0.01', reason: 'c' });
    expect(cent.statusCode).toBe(400);
    expect(await count(m, sql`select count(*)::int as n from money_requests`)).toBe(2);
    // Approving the waiting one after: the two together undo the split exactly.
    expect((await m.call(moneyApprove, { id: waits.body.data.id })).statusCode).toBe(200);
    expect(await m.balances()).toEqual({ company: '0.00', driver: '0.00' });
    const [coupons] = await m.database.rows<{ s: string }>(
      sql`select sum(amount)::text as s from ledger_entries where account = 'platform_coupons'`,
    );
    expect(coupons!.s).toBe('0.00');
    expect(await unbalancedSets(m)).toEqual([]);
  });

  it.each([
    [{ amount: '0', reason: 'x' }, 'amount', REFUND_MESSAGES.amountInvalid],
    [{ amount: '-5', reason: 'x' }, 'amount', REFUND_MESSAGES.amountInvalid],
    [{ amount: '1.234', reason: 'x' }, 'amount', REFUND_MESSAGES.amountInvalid],
    [{ amount: 'ten', reason: 'x' }, 'amount', REFUND_MESSAGES.amountInvalid],
    [{ amount: '5', reason: '  ' }, 'reason', REFUND_MESSAGES.reasonRequired],
    [{ amount: '5' }, 'reason', REFUND_MESSAGES.reasonRequired],
    [{ amount: '5', reason: 'x'.repeat(501) }, 'reason', REFUND_MESSAGES.reasonTooLong],
  ])('refuses %j with 400 on its field and writes nothing', async (body, field, message) => {
    const m = await marketplace();
    const ride = await m.trip('t-1', { amount: '20.00' });
    const res = await m.call(refundCreate, { ride_id: ride, ...body });
    expect(res.statusCode).toBe(400);
    expect(res.body.data.errors[field]).toBe(message);
    expect(await count(m, sql`select count(*)::int as n from money_requests`)).toBe(0);
  });

  it('refuses a trip not completed (400 on ride_id) and an unknown one (404)', async () => {
    const m = await marketplace();
    const started = await m.trip('t-1', { amount: '20.00' }, null);
    const open = await m.call(refundCreate, { ride_id: started, amount: '5', reason: 'x' });
    expect(open.statusCode).toBe(400);
    expect(open.body.data.errors).toEqual({ ride_id: REFUND_MESSAGES.rideNotSplit });
    const unknown = await m.call(refundCreate, { ride_id: 9999, amount: '5', reason: 'x' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.body.message).toBe(RIDE_MESSAGES.rideNotFound);
  });
});

/** The database's message refusing `work` (drizzle wraps the driver's error as its cause). */
async function refusal(work: Promise<unknown>) {
  try {
    await work;
    return 'no refusal';
  } catch (error) {
    const { message, cause } = error as Error & { cause?: Error };
    return `${message} ${cause?.message ?? ''}`;
  }
}

describe('rejecting and withdrawing a waiting request', () => {
  it('a second administrator rejects with a reason (the maker cannot: 403); nothing moves, the amount is free to refund again', async () => {
    const m = await marketplace();
    const ride = await m.trip('t-1', { amount: '150.00' });
    const made = await m.asFinance(refundCreate, { ride_id: ride, amount: '150', reason: 'Fraud' });
    expect(made.body.data.status).toBe('pending');
    const id = made.body.data.id as number;

    const own = await m.asFinance(moneyReject, { id, reason: 'Changed my mind' });
    expect(own.statusCode).toBe(403);
    expect(own.body).toMatchObject({ status: false, message: REFUND_MESSAGES.makerCannotReject });
    const noReason = await m.call(moneyReject, { id, reason: '  ' });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.body.data.errors).toEqual({ reason: REFUND_MESSAGES.reasonRequired });
    expect((await m.call(moneyRequestList, { status: 'pending' })).body.data.total).toBe(1);

    const rejected = await m.call(moneyReject, { id, reason: 'The passenger was not charged' });
    expect(rejected.statusCode).toBe(200);
    expect(rejected.body).toMatchObject({
      message: REFUND_MESSAGES.rejected,
      data: {
        status: 'rejected',
        decided_by: m.admin.id,
        decided_by_name: expect.any(String),
        decided_at: expect.any(String),
        decision_reason: 'The passenger was not charged',
        approver_id: null,
        approved_at: null,
      },
    });
    // Decided once: neither approved, withdrawn nor rejected again after.
    const approve = await m.call(moneyApprove, { id });
    expect(approve.statusCode).toBe(409);
    expect(approve.body.message).toBe(REFUND_MESSAGES.alreadyRejected);
    expect((await m.asFinance(moneyWithdraw, { id })).statusCode).toBe(409);
    expect((await m.call(moneyReject, { id, reason: 'again' })).statusCode).toBe(409);
    expect((await m.call(moneyReject, { id: 9999, reason: 'x' })).statusCode).toBe(404);

    // The ledger untouched; the marketplace told, in the same transaction; audited with the reason.
    expect(await setsOf(m, 'refund')).toEqual([]);
    expect(await m.balances()).toEqual({ company: '45.00', driver: '75.00' });
    expect(await eventsOf(m)).toMatchObject([
      { type: 'refund.requested', data: { refund_id: id, status: 'pending' } },
      {
        type: 'refund.rejected',
        data: {
          kind: 'trip',
          refund_id: id,
          amount: '150.00',
          status: 'rejected',
          decision_reason: 'The passenger was not charged',
        },
      },
    ]);
    expect(await auditOf(m)).toEqual([
      { action: 'create', record_id: id, reason: 'Fraud' },
      { action: 'reject', record_id: id, reason: 'The passenger was not charged' },
    ]);
    const listed = await m.call(moneyRequestList, { status: 'rejected' });
    expect(listed.body.data.data).toMatchObject([{ id, status: 'rejected' }]);

    // The rejected 150 no longer counts against the trip: all of it can be refunded again.
    const again = await m.asFinance(refundCreate, {
      ride_id: ride,
      amount: '150',
      reason: 'Fraud',
    });
    expect(again.statusCode).toBe(200);
    expect((await m.call(moneyApprove, { id: again.body.data.id })).statusCode).toBe(200);
    expect(await m.balances()).toEqual({ company: '0.00', driver: '0.00' });
    expect(await unbalancedSets(m)).toEqual([]);
  });

  it('its maker withdraws it (anyone else: 403); a withdrawn refund frees its amount, an adjustment tells nobody', async () => {
    const m = await marketplace();
    const ride = await m.trip('t-1', { amount: '150.00' });
    const made = await m.asFinance(refundCreate, { ride_id: ride, amount: '120', reason: 'Late' });
    const id = made.body.data.id as number;

    const other = await m.call(moneyWithdraw, { id });
    expect(other.statusCode).toBe(403);
    expect(other.body).toMatchObject({
      status: false,
      message: REFUND_MESSAGES.onlyMakerWithdraws,
    });
    // Pending, 30 left of 150: 31 does not fit.
    expect(
      (await m.asFinance(refundCreate, { ride_id: ride, amount: '31', reason: 'x' })).statusCode,
    ).toBe(400);

    const withdrawn = await m.asFinance(moneyWithdraw, { id });
    expect(withdrawn.statusCode).toBe(200);
    expect(withdrawn.body).toMatchObject({
      message: REFUND_MESSAGES.withdrawn,
      data: { status: 'withdrawn', decided_by: made.body.data.maker_id, decision_reason: null },
    });
    const approve = await m.call(moneyApprove, { id });
    expect(approve.statusCode).toBe(409);
    expect(approve.body.message).toBe(REFUND_MESSAGES.alreadyWithdrawn);
    expect((await m.call(moneyReject, { id, reason: 'x' })).statusCode).toBe(409);
    expect((await m.call(moneyWithdraw, { id: 9999 })).statusCode).toBe(404);
    expect(await setsOf(m, 'refund')).toEqual([]);
    expect((await eventsOf(m)).map((e) => [e.type, e.data.status])).toEqual([
      ['refund.requested', 'pending'],
      ['refund.withdrawn', 'withdrawn'],
    ]);
    expect(
      (await m.asFinance(refundCreate, { ride_id: ride, amount: '150', reason: 'y' })).statusCode,
    ).toBe(200);

    // A waiting adjustment was never sent: withdrawing or rejecting one sends nothing.
    const adjust = (amount: string) =>
      m.asFinance(adjustmentCreate, { driver_id: m.driver.id, amount, reason: 'Chargeback' });
    const a = (await adjust('-200')).body.data.id as number;
    const b = (await adjust('300')).body.data.id as number;
    expect((await m.asFinance(moneyWithdraw, { id: a })).body.data.status).toBe('withdrawn');
    expect((await m.call(moneyReject, { id: b, reason: 'No receipt' })).body.data.status).toBe(
      'rejected',
    );
    expect(await eventsOf(m)).toHaveLength(3);
    expect(await setsOf(m, 'adjustment')).toEqual([]);
    expect((await auditOf(m)).map((row) => row.action)).toEqual([
      'create',
      'withdraw',
      'create',
      'create',
      'create',
      'withdraw',
      'reject',
    ]);
  });

  it('the database keeps a decided request as it is: only pending -> approved, rejected or withdrawn', async () => {
    const m = await marketplace();
    const ride = await m.trip('t-1', { amount: '150.00' });
    const ask = async (amount: string) =>
      (await m.asFinance(refundCreate, { ride_id: ride, amount, reason: 'x' })).body.data
        .id as number;
    const rejected = await ask('101');
    await m.call(moneyReject, { id: rejected, reason: 'No' });
    const waiting = await ask('120');
    for (const change of [
      sql`update money_requests set decision_reason = 'Other' where id = ${rejected}`,
      sql`update money_requests set status = 'withdrawn' where id = ${rejected}`,
      sql`update money_requests set status = 'pending', decided_by = null, decided_at = null,
            decision_reason = null where id = ${rejected}`,
      sql`delete from money_requests where id = ${rejected}`,
      // Deciding a waiting one changes only the decision's columns.
      sql`update money_requests set status = 'rejected', decided_by = maker_id, decided_at = now(),
            decision_reason = 'No', amount = 5 where id = ${waiting}`,
      sql`update money_requests set status = 'approved', decided_by = maker_id where id = ${waiting}`,
    ]) {
      expect(await refusal(m.database.db.execute(change))).toMatch(
        /only a pending request may be approved, rejected or withdrawn/,
      );
    }
    // The status check: a rejection needs who, when and why.
    expect(
      await refusal(
        m.database.db.execute(
          sql`update money_requests set status = 'rejected' where id = ${waiting}`,
        ),
      ),
    ).toMatch(/money_requests_status_check/);
    await m.database.db.execute(
      sql`update money_requests set status = 'withdrawn', decided_by = maker_id, decided_at = now()
          where id = ${waiting}`,
    );
    const rows = await m.database.rows<{ id: number; status: string; decision_reason: string }>(
      sql`select id, status, decision_reason from money_requests order by id`,
    );
    expect(rows).toEqual([
      { id: rejected, status: 'rejected', decision_reason: 'No' },
      { id: waiting, status: 'withdrawn', decision_reason: null },
    ]);
  });
});

describe('adjustments', () => {
  it('credits or debits a company or a driver, borne by the platform’s revenue; above the threshold waits', async () => {
    const m = await marketplace();
    await m.trip('t-1', { amount: '20.00' });
    expect(await m.balances()).toEqual({ company: '6.00', driver: '10.00' });
    const bonus = await m.asFinance(adjustmentCreate, {
      driver_id: m.driver.id,
      amount: '2.50',
      reason: 'Airport bonus',
    });
    expect(bonus.body).toMatchObject({
      message: REFUND_MESSAGES.adjustmentApproved,
      data: { kind: 'adjustment', status: 'approved', driver_id: m.driver.id, company_id: null },
    });
    const fee = await m.asFinance(adjustmentCreate, {
      company_id: m.company.id,
      amount: '-1.25',
      reason: 'Lost item handling',
    });
    expect(fee.body.data).toMatchObject({
      status: 'approved',
      company_id: m.company.id,
      party_name: m.company.companyName,
    });
    expect(await setsOf(m, 'adjustment')).toEqual([
      ['driver -2.50', 'platform_revenue 2.50'],
      ['company 1.25', 'platform_revenue -1.25'],
    ]);
    expect(await m.balances()).toEqual({ company: '4.75', driver: '12.50' });
    expect(await eventsOf(m)).toMatchObject([
      { type: 'adjustment.approved', data: { kind: 'driver', id: m.driver.id, amount: '2.50' } },
      { type: 'adjustment.approved', data: { kind: 'company', id: m.company.id, amount: '-1.25' } },
    ]);

    // -100.01 is above the threshold too (its size counts): it waits, with no set and no event.
    const big = await m.asFinance(adjustmentCreate, {
      company_id: m.company.id,
      amount: '-100.01',
      reason: 'Chargeback',
    });
    expect(big.body).toMatchObject({
      message: REFUND_MESSAGES.adjustmentPending,
      data: { status: 'pending' },
    });
    expect(await setsOf(m, 'adjustment')).toHaveLength(2);
    expect(await eventsOf(m)).toHaveLength(2);
    expect((await m.asFinance(moneyApprove, { id: big.body.data.id })).statusCode).toBe(403);
    expect((await m.call(moneyApprove, { id: big.body.data.id })).statusCode).toBe(200);
    expect((await m.balances()).company).toBe('-95.26');
    expect(await unbalancedSets(m)).toEqual([]);
  });

  it.each([
    [{ amount: '5', reason: 'x' }, 'company_id', REFUND_MESSAGES.partyMissing],
    [
      { company_id: 1, driver_id: 2, amount: '5', reason: 'x' },
      'driver_id',
      REFUND_MESSAGES.onePartyOnly,
    ],
    [{ driver_id: 'self', amount: '0', reason: 'x' }, 'amount', REFUND_MESSAGES.adjustmentInvalid],
    [{ driver_id: 'self', amount: '5' }, 'reason', REFUND_MESSAGES.reasonRequired],
    [{ driver_id: 'company', amount: '5', reason: 'x' }, 'driver_id', REFUND_MESSAGES.partyUnknown],
    [{ company_id: 9999, amount: '5', reason: 'x' }, 'company_id', REFUND_MESSAGES.partyUnknown],
  ])('refuses %j with 400 on its field and writes nothing', async (body, field, message) => {
    const m = await marketplace();
    const ids: Record<string, number> = { self: m.driver.id, company: m.company.id };
    const sent = Object.fromEntries(
      Object.entries(body).map(([k, v]) => [k, typeof v === 'string' && v in ids ? ids[v] : v]),
    );
    const res = await m.call(adjustmentCreate, sent);
    expect(res.statusCode).toBe(400);
    expect(res.body.data.errors[field]).toBe(message);
    expect(await count(m, sql`select count(*)::int as n from money_requests`)).toBe(0);
  });
});

describe('the approval threshold', () => {
  it('is 100.00 until an Owner sets it; Finance reads it but cannot set it; each change audited', async () => {
    const m = await marketplace();
    expect((await m.asFinance(moneySettings, {})).body.data).toEqual({
      approval_threshold: '100.00',
    });
    const refused = await m.asFinance(moneySettingsSave, { approval_threshold: '5' });
    expect(refused.statusCode).toBe(403);
    expect(refused.body.message).toBe(ROLE_MESSAGES.forbidden.replace('{role}', 'Finance'));
    const bad = await m.call(moneySettingsSave, { approval_threshold: '-1' });
    expect(bad.body.data.errors).toEqual({ approval_threshold: REFUND_MESSAGES.thresholdInvalid });
    const saved = await m.call(moneySettingsSave, { approval_threshold: 0 });
    expect(saved.body).toMatchObject({
      message: REFUND_MESSAGES.settingsSaved,
      data: { approval_threshold: '0.00' },
    });
    expect((await m.call(moneySettings, {})).body.data.approval_threshold).toBe('0.00');
    const [audited] = await m.database.rows<{ before: unknown; after: unknown }>(
      sql`select before, after from audit_log where action = 'money_settings'`,
    );
    expect(audited).toEqual({
      before: { approval_threshold: '100.00' },
      after: { approval_threshold: '0.00' },
    });
    // 0: even a cent waits for a second administrator.
    const ride = await m.trip('t-1', { amount: '20.00' });
    const cent = await m.call(refundCreate, { ride_id: ride, amount: '0.01', reason: 'x' });
    expect(cent.body.data.status).toBe('pending');
  });
});

describe('Finance’s dashboard', () => {
  it('gross, commission and refunds over the period and per day, and what is outstanding', async () => {
    const m = await marketplace();
    // Completed an hour ago, or at midnight (UTC) when that was yesterday: today either way.
    const today = new Date().toISOString().slice(0, 10);
    const hourAgo = new Date(Math.max(Date.now() - 3_600_000, Date.parse(`${today}T00:00:00Z`)));
    const longAgo = new Date(Date.now() - 40 * 86_400_000).toISOString();
    // Two trips completed today (card, and cash: the driver holds 10.00), one refunded in part;
    // one completed before the period (40 days ago): outstanding, but not in the period's figures.
    const card = await m.trip('t-1', { amount: '20.00' }, hourAgo.toISOString());
    await m.trip('t-2', { amount: '10.00', payment_method: 'Cash' }, hourAgo.toISOString());
    await m.trip('t-3', { amount: '40.00' }, longAgo);
    await m.call(refundCreate, { ride_id: card, amount: '5.00', reason: 'Detour' });
    const res = await m.asFinance(financeDashboard, {});
    expect(res.statusCode).toBe(200);
    const data = res.body.data;
    expect(data.days).toHaveLength(30);
    expect(data.to).toBe(today);
    expect(data.days.at(-1)).toEqual({
      day: today,
      gross: '30.00',
      commission: '6.00',
      refunds: '5.00',
    });
    expect(data).toMatchObject({
      gross: '30.00',
      coupons: '0.00',
      commission: '6.00',
      refunds: '5.00',
    });
    // Card trip: company 6.00 - 1.50 refunded, driver 10.00 - 2.50; cash trip: company 3.00,
    // the driver's share 5.00 less the 10.00 held; the trip of 40 days ago: 12.00 and 20.00.
    // So the platform owes the company 19.50, the driver 7.50 + 5.00 - 10.00 + 20.00 = 22.50.
    expect(data).toMatchObject({
      owed_to_companies: '19.50',
      owed_to_drivers: '22.50',
      owed_by_drivers: '0.00',
    });
    expect(await m.balances()).toEqual({ company: '19.50', driver: '22.50' });
    const owes = await m.call(adjustmentCreate, {
      driver_id: m.driver.id,
      amount: '-24.00',
      reason: 'Cash not handed in',
    });
    expect(owes.body.data.status).toBe('approved');
    expect((await m.call(financeDashboard, {})).body.data).toMatchObject({
      owed_to_drivers: '0.00',
      owed_by_drivers: '1.50',
    });
  });
});

describe('the ledger sets of refunds (pure)', () => {
  const splitArb = fc
    .record({
      gross: fc.bigInt({ min: 1n, max: 99_999_999n }),
      couponShare: fc.integer({ min: 0, max: 99 }),
      commissionShare: fc.integer({ min: 0, max: 100 }),
      companyShare: fc.integer({ min: 0, max: 100 }),
      company: fc.boolean(),
      driver: fc.boolean(),
    })
    .map(({ gross, couponShare, commissionShare, companyShare, company, driver }) => {
      const coupon = (gross * BigInt(couponShare)) / 100n;
      const commission = !company && !driver ? gross : (gross * BigInt(commissionShare)) / 100n;
      const rest = gross - commission;
      const companyPart = !company ? 0n : !driver ? rest : (rest * BigInt(companyShare)) / 100n;
      const split: RefundedSplit = {
        gross,
        coupon,
        commission,
        companyShare: companyPart,
        driverShare: rest - companyPart,
        companyId: company ? 1 : null,
        driverId: driver ? 2 : null,
      };
      return split;
    })
    .filter((split) => split.gross - split.coupon > 0n);

  it('every refund’s set sums to zero, and refunds making what was paid undo the split to the cent', () => {
    fc.assert(
      fc.property(
        splitArb,
        fc.array(fc.integer({ min: 1, max: 100 }), { minLength: 1, maxLength: 5 }),
        (split, cuts) => {
          const paid = split.gross - split.coupon;
          // Cut what was paid into refunds by the weights `cuts`; the last takes the rest.
          const weight = cuts.reduce((a, b) => a + b, 0);
          const amounts = cuts.map((c) => (paid * BigInt(c)) / BigInt(weight));
          amounts[amounts.length - 1]! += paid - amounts.reduce((a, b) => a + b, 0n);
          const totals = new Map<string, bigint>();
          let before = 0n;
          for (const amount of amounts.filter((a) => a > 0n)) {
            const entries = refundEntries(split, before, amount);
            expect(entries.reduce((sum, e) => sum + e.cents, 0n)).toBe(0n);
            for (const e of entries) totals.set(e.account, (totals.get(e.account) ?? 0n) + e.cents);
            before += amount;
          }
          expect(totals.get('platform_receipts') ?? 0n).toBe(-paid);
          expect(totals.get('platform_coupons') ?? 0n).toBe(-split.coupon);
          expect(totals.get('platform_revenue') ?? 0n).toBe(split.commission);
          expect(totals.get('company') ?? 0n).toBe(split.companyShare);
          expect(totals.get('driver') ?? 0n).toBe(split.driverShare);
        },
      ),
      { numRuns: 2000 },
    );
  });

  it('refuses a refund above what is left of what was paid', () => {
    const split: RefundedSplit = {
      gross: 1000n,
      coupon: 200n,
      commission: 200n,
      companyShare: 300n,
      driverShare: 500n,
      companyId: 1,
      driverId: 2,
    };
    expect(() => refundEntries(split, 500n, 301n)).toThrow(/refund of 301 after 500 of 800 paid/);
    expect(adjustmentEntries({ kind: 'company', id: 1 }, -5n)).toEqual([
      { account: 'company', partyId: 1, cents: 5n },
      { account: 'platform_revenue', partyId: null, cents: -5n },
    ]);
  });
});
