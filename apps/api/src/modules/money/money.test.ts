import {
  commissionRuleList,
  commissionRuleSave,
  integrationKeyCreate,
  integrationPayments,
  integrationTrips,
  ledgerBalance,
  MONEY_MESSAGES,
  moneySettingsSave,
  refundCreate,
  RIDE_MESSAGES,
  rideSplit,
} from '@cabdesk/contract';
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Database, Tx } from '../../db/client';
import { createCompany, createDriver, createUser, createVehicle } from '../../../test/builders';
import { bearer, callApi, createAdmin, signedIn, signedInApp } from '../../../test/helper';
import { rowsOf } from '../../lib/sql';
import { centsOf, textOf } from './ledger';
import { entriesOf, splitOf } from '../../../test/money-split';

/** An Owner's app and a marketplace: a passenger, two companies with a driver and vehicle each. */
async function marketplace() {
  const built = await signedInApp();
  const { database } = built;
  const made = await built.call(integrationKeyCreate, {
    name: 'Marketplace',
    scopes: ['trips:write', 'payments:write'],
  });
  const key: string = made.body.data.key;
  await createUser(database, { externalId: 'u-1', name: 'Rosa Diaz' });
  const companyA = await createCompany(database, { externalId: 'c-a' });
  const companyB = await createCompany(database, { externalId: 'c-b' });
  const driverA = await createDriver(database, { companyId: companyA.id, externalId: 'd-a' });
  const driverB = await createDriver(database, { companyId: companyB.id, externalId: 'd-b' });
  const vehicleA = await createVehicle(
    database,
    { companyId: companyA.id, externalId: 'v-a' },
    { service: 'Comfort' },
  );
  await createVehicle(database, { companyId: companyB.id, externalId: 'v-b' }, { service: 'XL' });
  const send = (endpoint: typeof integrationTrips | typeof integrationPayments, body: object) =>
    callApi(built.app, endpoint, body as Record<string, unknown>, bearer(key));
  return {
    ...built,
    send,
    companyA,
    companyB,
    driverA,
    driverB,
    comfort: vehicleA.serviceTypeId,
  };
}

/** A trip's event; `fleet` a (driver d-a, vehicle v-a, service Comfort) or b (XL). */
const event = (
  id: string,
  kind: string,
  at: string,
  fields: Record<string, unknown> = {},
  fleet: 'a' | 'b' = 'a',
) => ({
  external_id: id,
  event: kind,
  at,
  user_external_id: 'u-1',
  driver_external_id: `d-${fleet}`,
  vehicle_external_id: `v-${fleet}`,
  pickup_address: '1 Harbour Rd',
  drop_address: '9 Hill St',
  amount: '20.00',
  ...fields,
});

/** Sends a trip's created and completed events; answers its id. */
async function completeTrip(
  m: Awaited<ReturnType<typeof marketplace>>,
  id: string,
  completedAt: string,
  fields: Record<string, unknown> = {},
  fleet: 'a' | 'b' = 'a',
) {
  const created = await m.send(integrationTrips, event(id, 'created', completedAt, fields, fleet));
  expect(created.statusCode).toBe(200);
  const done = await m.send(
    integrationTrips,
    event(id, 'completed', completedAt.replace(/:00Z$/, ':30Z'), fields, fleet),
  );
  expect(done.statusCode).toBe(200);
  return done.body.data.id as number;
}

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

const unbalancedSets = (database: Database) =>
  database.rows(sql`select set_id from ledger_entries group by set_id having sum(amount) <> 0`);

describe('commission rules', () => {
  it('saves a rule and an override, lists them latest first and filtered, and audits each', async () => {
    const m = await marketplace();
    const saved = await m.call(commissionRuleSave, {
      service_type: m.comfort,
      percent: '15',
      from: '2026-01-01',
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.body).toMatchObject({
      message: MONEY_MESSAGES.ruleSaved,
      data: {
        service_type: m.comfort,
        service_type_title: 'Comfort',
        company_id: null,
        percent: '15.00',
        company_percent: '0.00',
        from: '2026-01-01',
      },
    });
    const override = await m.call(commissionRuleSave, {
      service_type: m.comfort,
      company_id: m.companyA.id,
      percent: 12.5,
      company_percent: '30',
      from: '2026-02-01',
    });
    expect(override.statusCode).toBe(200);
    expect(override.body.data).toMatchObject({
      company_id: m.companyA.id,
      company_name: m.companyA.companyName,
      percent: '12.50',
      company_percent: '30.00',
    });

    const all = await m.call(commissionRuleList, { page: 1 });
    expect(all.body.data.total).toBe(2);
    expect(all.body.data.data.map((r: { from: string }) => r.from)).toEqual([
      '2026-02-01',
      '2026-01-01',
    ]);
    const ofCompany = await m.call(commissionRuleList, { company_id: m.companyA.id });
    expect(ofCompany.body.data.data.map((r: { id: number }) => r.id)).toEqual([
      override.body.data.id,
    ]);
    const audited = await m.database.rows<{ n: number }>(
      sql`select count(*)::int as n from audit_log where table_name = 'commission_rules' and action = 'create'`,
    );
    expect(audited[0]!.n).toBe(2);
  });

  it('refuses the same service type, company and day again with 409, and writes nothing', async () => {
    const m = await marketplace();
    const rule = { service_type: m.comfort, percent: '10', from: '2026-03-01' };
    expect((await m.call(commissionRuleSave, rule)).statusCode).toBe(200);
    const again = await m.call(commissionRuleSave, { ...rule, percent: '11' });
    expect(again.statusCode).toBe(409);
    expect(again.body).toMatchObject({
      status: false,
      message: MONEY_MESSAGES.ruleTaken,
      data: { errors: { from: MONEY_MESSAGES.ruleTaken } },
    });
    // A company's override on the same day is another rule.
    const override = await m.call(commissionRuleSave, { ...rule, company_id: m.companyA.id });
    expect(override.statusCode).toBe(200);
    expect((await m.call(commissionRuleList, {})).body.data.total).toBe(2);
  });

  it.each([
    [
      { service_type: '', percent: '10', from: '2026-03-01' },
      'service_type',
      MONEY_MESSAGES.serviceTypeMissing,
    ],
    [
      { service_type: 'COMFORT', percent: '10', from: '2026-03-01' },
      'service_type',
      'Must be a whole number.',
    ],
    [{ percent: '100.5', from: '2026-03-01' }, 'percent', MONEY_MESSAGES.percentInvalid],
    [{ percent: '-1', from: '2026-03-01' }, 'percent', MONEY_MESSAGES.percentInvalid],
    [{ percent: '10.123', from: '2026-03-01' }, 'percent', MONEY_MESSAGES.percentInvalid],
    [
      { percent: '60', company_percent: '41', from: '2026-03-01' },
      'company_percent',
      MONEY_MESSAGES.percentsOver,
    ],
    [{ percent: '10', from: '2026-02-30' }, 'from', MONEY_MESSAGES.fromInvalid],
    [{ percent: '10' }, 'from', MONEY_MESSAGES.fromInvalid],
  ])('refuses %j with 400 on its field and writes nothing', async (body, field, message) => {
    const m = await marketplace();
    const res = await m.call(commissionRuleSave, { service_type: m.comfort, ...body });
    expect(res.statusCode).toBe(400);
    expect(res.body.data.errors[field]).toBe(message);
    expect((await m.call(commissionRuleList, {})).body.data.total).toBe(0);
  });

  it('refuses an unknown service type or company with 400 on its field', async () => {
    const m = await marketplace();
    const type = await m.call(commissionRuleSave, {
      service_type: 9999,
      percent: 1,
      from: '2026-03-01',
    });
    expect(type.statusCode).toBe(400);
    expect(type.body.data.errors).toEqual({ service_type: MONEY_MESSAGES.serviceTypeUnknown });
    const company = await m.call(commissionRuleSave, {
      service_type: m.comfort,
      company_id: m.driverA.id,
      percent: 1,
      from: '2026-03-01',
    });
    expect(company.statusCode).toBe(400);
    expect(company.body.data.errors).toEqual({ company_id: MONEY_MESSAGES.companyUnknown });
    expect((await m.call(commissionRuleList, {})).body.data.total).toBe(0);
  });

  it('lets Finance save rules and keeps Operators and Support out', async () => {
    const m = await marketplace();
    const asRole = async (role: 'Finance' | 'Operator' | 'Support') => {
      const credentials = {
        email: `${role.toLowerCase()}@cabdesk.test`,
        password: 'correct horse battery',
      };
      await createAdmin(m.database, credentials, role);
      return (await signedIn(m.app, credentials)).call;
    };
    const rule = { service_type: m.comfort, percent: '10', from: '2026-03-01' };
    expect((await (await asRole('Finance'))(commissionRuleSave, rule)).statusCode).toBe(200);
    expect((await (await asRole('Operator'))(commissionRuleSave, rule)).statusCode).toBe(403);
    expect((await (await asRole('Support'))(rideSplit, { ride_id: 1 })).statusCode).toBe(403);
  });
});

describe('the split of a completed trip', () => {
  it('is computed from the service type’s rule when the trip completes, card paid', async () => {
    const m = await marketplace();
    await m.call(commissionRuleSave, {
      service_type: m.comfort,
      percent: '20',
      company_percent: '30',
      from: '2026-01-01',
    });
    const id = await completeTrip(m, 't-1', '2026-03-02T09:00:00Z', {
      amount: '18.40',
      coupon_discount: '2.00',
      payment_method: 'Card',
    });
    const res = await m.call(rideSplit, { ride_id: id });
    expect(res.statusCode).toBe(200);
    expect(res.body.data).toMatchObject({
      gross: '18.40',
      coupon_discount: '2.00',
      platform_commission: '3.68',
      company_share: '5.52',
      driver_share: '9.20',
      cash_collected: false,
      percent: '20.00',
      company_percent: '30.00',
      completed_at: '2026-03-02T09:00:30.000Z',
    });
    // The card's money came to the platform: what the passenger paid, less the coupon it bears.
    const entries = await m.database.rows<{ account: string; amount: string }>(
      sql`select account, amount::text from ledger_entries order by id`,
    );
    expect(entries).toEqual([
      { account: 'platform_receipts', amount: '16.40' },
      { account: 'platform_coupons', amount: '2.00' },
      { account: 'platform_revenue', amount: '-3.68' },
      { account: 'company', amount: '-5.52' },
      { account: 'driver', amount: '-9.20' },
    ]);
    const driver = await m.call(ledgerBalance, { driver_id: m.driverA.id });
    expect(driver.body.data).toMatchObject({ balance: '9.20', cash_held: '0.00' });
    const company = await m.call(ledgerBalance, { company_id: m.companyA.id });
    expect(company.body.data).toMatchObject({ balance: '5.52' });
  });

  it('a cash trip: the driver holds the fare and owes the platform, which owes the company', async () => {
    const m = await marketplace();
    await m.call(commissionRuleSave, {
      service_type: m.comfort,
      percent: '20',
      company_percent: '30',
      from: '2026-01-01',
    });
    const id = await completeTrip(m, 't-1', '2026-03-02T09:00:00Z', { amount: '30.00' });
    // The payment arrives before the completion: its method says cash.
    const otherId = await (async () => {
      await m.send(
        integrationTrips,
        event('t-2', 'created', '2026-03-02T10:00:00Z', { amount: '10.00' }),
      );
      const paid = await m.send(integrationPayments, {
        external_id: 'p-2',
        trip_external_id: 't-2',
        amount: '10.00',
        payment_method: 'Cash',
        at: '2026-03-02T10:05:00Z',
      });
      expect(paid.statusCode).toBe(200);
      const done = await m.send(
        integrationTrips,
        event('t-2', 'completed', '2026-03-02T10:10:00Z', { amount: '10.00' }),
      );
      return done.body.data.id as number;
    })();
    expect((await m.call(rideSplit, { ride_id: id })).body.data.cash_collected).toBe(false);
    expect((await m.call(rideSplit, { ride_id: otherId })).body.data).toMatchObject({
      gross: '10.00',
      platform_commission: '2.00',
      company_share: '3.00',
      driver_share: '5.00',
      cash_collected: true,
    });
    // Trip 1 (card): the driver is owed 15.00; trip 2 (cash, 10.00 held): owes 5.00 of it back.
    const driver = await m.call(ledgerBalance, { driver_id: m.driverA.id });
    expect(driver.body.data).toEqual({
      company_id: null,
      driver_id: m.driverA.id,
      balance: '10.00',
      cash_held: '10.00',
    });
    const company = await m.call(ledgerBalance, { company_id: m.companyA.id });
    expect(company.body.data.balance).toBe('12.00');
  });

  it('takes the company’s override before the service type’s rule, and a later rule only after its day', async () => {
    const m = await marketplace();
    const save = (body: Record<string, unknown>) => m.call(commissionRuleSave, body);
    await save({ service_type: m.comfort, percent: '10', from: '2026-01-01' });
    await save({ service_type: m.comfort, percent: '30', from: '2026-03-10' });
    await save({
      service_type: m.comfort,
      company_id: m.companyB.id,
      percent: '5',
      from: '2026-01-01',
    });
    const xl = (
      await m.database.rows<{ id: number }>(sql`select id from service_types where title = 'XL'`)
    )[0]!.id;
    await save({ service_type: xl, company_id: m.companyB.id, percent: '25', from: '2026-01-01' });

    const before = await completeTrip(m, 't-1', '2026-03-09T23:59:00Z');
    const onTheDay = await completeTrip(m, 't-2', '2026-03-10T00:00:00Z');
    const companyB = await completeTrip(m, 't-3', '2026-03-11T09:00:00Z', {}, 'b');
    const commission = async (id: number) =>
      (await m.call(rideSplit, { ride_id: id })).body.data.platform_commission;
    expect(await commission(before)).toBe('2.00');
    expect(await commission(onTheDay)).toBe('6.00');
    expect(await commission(companyB)).toBe('5.00');
    // Saving a rule later does not change a split already made.
    await save({ service_type: m.comfort, percent: '50', from: '2026-03-01' });
    expect(await commission(before)).toBe('2.00');
  });

  it('is 0% with no rule, and is computed once: events after completion change nothing', async () => {
    const m = await marketplace();
    const id = await completeTrip(m, 't-1', '2026-03-02T09:00:00Z', { amount: '12.00' });
    expect((await m.call(rideSplit, { ride_id: id })).body.data).toMatchObject({
      rule_id: null,
      platform_commission: '0.00',
      company_share: '0.00',
      driver_share: '12.00',
    });
    await m.call(commissionRuleSave, {
      service_type: m.comfort,
      percent: '50',
      from: '2026-01-01',
    });
    await m.send(
      integrationTrips,
      event('t-1', 'completed', '2026-03-02T09:00:30Z', { amount: '12.00' }),
    );
    await m.send(
      integrationTrips,
      event('t-1', 'completed', '2026-03-02T09:01:00Z', { amount: '99.00' }),
    );
    expect((await m.call(rideSplit, { ride_id: id })).body.data.gross).toBe('12.00');
    const sets = await m.database.rows<{ n: number }>(
      sql`select count(*)::int as n from ledger_sets`,
    );
    expect(sets[0]!.n).toBe(1);
  });

  it('answers 404 for an unknown trip and for one not completed, with a clear message', async () => {
    const m = await marketplace();
    expect((await m.call(rideSplit, { ride_id: 9999 })).body).toMatchObject({
      status: false,
      message: RIDE_MESSAGES.rideNotFound,
    });
    const started = await m.send(integrationTrips, event('t-1', 'started', '2026-03-02T09:00:00Z'));
    const res = await m.call(rideSplit, { ride_id: started.body.data.id });
    expect(res.statusCode).toBe(404);
    expect(res.body.message).toBe(MONEY_MESSAGES.noSplit);
    expect((await m.call(ledgerBalance, { driver_id: m.companyA.id })).statusCode).toBe(404);
    const both = await m.call(ledgerBalance, {
      driver_id: m.driverA.id,
      company_id: m.companyA.id,
    });
    expect(both.statusCode).toBe(400);
    expect(both.body.data.errors).toEqual({ driver_id: MONEY_MESSAGES.onePartyOnly });
  });

  it('refuses a coupon above the fare', async () => {
    const m = await marketplace();
    const res = await m.send(
      integrationTrips,
      event('t-1', 'completed', '2026-03-02T09:00:00Z', {
        amount: '5.00',
        coupon_discount: '6.00',
      }),
    );
    expect(res.statusCode).toBe(400);
    expect(res.body.data.errors).toEqual({
      coupon_discount: 'coupon_discount may be at most amount.',
    });
  });
});

describe('the ledger', () => {
  it('refuses a set that does not sum to zero, and any change or deletion of an entry', async () => {
    const m = await marketplace();
    await completeTrip(m, 't-1', '2026-03-02T09:00:00Z');
    const unbalanced = m.database.db.transaction(async (tx) => {
      const [set] = await rowsOf<{ id: number }>(
        tx,
        sql`insert into ledger_sets (cause, cause_id) values ('adjustment', 1) returning id::int`,
      );
      await tx.execute(
        sql`insert into ledger_entries (set_id, account, amount) values (${set!.id}, 'platform_revenue', 1)`,
      );
    });
    expect(await refusal(unbalanced)).toMatch(/sums to 1.00, not zero/);
    for (const change of [
      sql`update ledger_entries set amount = amount * 2`,
      sql`delete from ledger_entries`,
      sql`update ledger_sets set cause_id = 2`,
      sql`delete from ride_splits`,
    ]) {
      expect(await refusal(m.database.db.execute(change))).toMatch(/is written once/);
    }
    expect(await unbalancedSets(m.database)).toEqual([]);
  });

  it('refuses a set written by two inserts, even when together they sum to zero, and a set added to later', async () => {
    const m = await marketplace();
    const newSet = async (tx: Tx) => {
      const [set] = await rowsOf<{ id: number }>(
        tx,
        sql`insert into ledger_sets (cause, cause_id) values ('adjustment', 1) returning id::int`,
      );
      return set!.id;
    };
    const entry = (setId: number, account: string, amount: string) =>
      sql`(${setId}, ${account}, ${m.driverA.id}, ${amount})`;
    const insert = (tx: Tx, ...rows: ReturnType<typeof entry>[]) =>
      tx.execute(
        sql`insert into ledger_entries (set_id, account, party_id, amount)
            values ${sql.join(rows, sql`, `)}`,
      );
    // Half a set, then its other half: the sum at commit would be zero, the first insert is not.
    const halves = m.database.db.transaction(async (tx) => {
      const id = await newSet(tx);
      await insert(tx, entry(id, 'driver', '5.00'));
      await insert(tx, entry(id, 'driver_cash', '-5.00'));
    });
    expect(await refusal(halves)).toMatch(/sums to 5.00, not zero/);
    // Two inserts each summing to zero, into one set.
    const twice = m.database.db.transaction(async (tx) => {
      const id = await newSet(tx);
      await insert(tx, entry(id, 'driver', '5.00'), entry(id, 'driver_cash', '-5.00'));
      await insert(tx, entry(id, 'driver', '2.00'), entry(id, 'driver_cash', '-2.00'));
    });
    expect(await refusal(twice)).toMatch(/has entries written by another statement/);
    // A set written and committed, added to by a later transaction.
    let written = 0;
    await m.database.db.transaction(async (tx) => {
      written = await newSet(tx);
      await insert(tx, entry(written, 'driver', '1.00'), entry(written, 'driver_cash', '-1.00'));
    });
    const later = m.database.db.transaction((tx) =>
      insert(tx, entry(written, 'driver', '3.00'), entry(written, 'driver_cash', '-3.00')),
    );
    expect(await refusal(later)).toMatch(/has entries written by another statement/);
    // One insert of two sets, one of them unbalanced: refused whole.
    const mixed = m.database.db.transaction(async (tx) => {
      const good = await newSet(tx);
      const bad = await newSet(tx);
      await insert(
        tx,
        entry(good, 'driver', '4.00'),
        entry(good, 'driver_cash', '-4.00'),
        entry(bad, 'driver', '4.00'),
        entry(bad, 'driver_cash', '-3.99'),
      );
    });
    expect(await refusal(mixed)).toMatch(/sums to 0.01, not zero/);
    const entries = await m.database.rows<{ set_id: string; n: number }>(
      sql`select set_id::text, count(*)::int as n from ledger_entries
          where set_id = ${written} group by set_id`,
    );
    expect(entries).toEqual([{ set_id: String(written), n: 2 }]);
    expect(await unbalancedSets(m.database)).toEqual([]);
  });

  it('over random trips, coupons, cash and card payments and refunds: sets sum to zero, shares to what was paid, balances to their entries', async () => {
    const m = await marketplace();
    // Every refund approved by its maker: two approvers are refunds.test.ts's.
    await m.call(moneySettingsSave, { approval_threshold: '9999999' });
    let trip = 0;
    const tripArb = fc.record({
      fleet: fc.constantFrom('a' as const, 'b' as const),
      cents: fc.integer({ min: 0, max: 5_000_00 }),
      couponShare: fc.integer({ min: 0, max: 100 }),
      pay: fc.constantFrom('Cash', 'Card', 'cash', 'Wallet', 'payment', 'none'),
      day: fc.integer({ min: 1, max: 28 }),
      // Refunds of the trip, each a share of what the passenger paid (all of it at most).
      refunds: fc.array(fc.integer({ min: 1, max: 100 }), { maxLength: 3 }),
    });
    const ruleArb = fc.record({
      percent: fc.integer({ min: 0, max: 10_000 }),
      company: fc.integer({ min: 0, max: 10_000 }),
      override: fc.boolean(),
      day: fc.integer({ min: 1, max: 28 }),
    });
    await fc.assert(
      fc.asyncProperty(
        fc.array(ruleArb, { maxLength: 2 }),
        fc.array(tripArb, { minLength: 1, maxLength: 4 }),
        async (rules, trips) => {
          for (const rule of rules) {
            const percent = Math.min(rule.percent, 10_000);
            const company = Math.min(rule.company, 10_000 - percent);
            await m.call(commissionRuleSave, {
              service_type: m.comfort,
              ...(rule.override ? { company_id: m.companyA.id } : {}),
              percent: (percent / 100).toFixed(2),
              company_percent: (company / 100).toFixed(2),
              from: `2026-04-${String(rule.day).padStart(2, '0')}`,
            });
          }
          for (const t of trips) {
            trip += 1;
            const amount = textOf(BigInt(t.cents));
            const coupon = textOf((BigInt(t.cents) * BigInt(t.couponShare)) / 100n);
            const fields: Record<string, unknown> = { amount, coupon_discount: coupon };
            if (t.pay !== 'payment' && t.pay !== 'none') fields.payment_method = t.pay;
            const at = `2026-04-${String(t.day).padStart(2, '0')}T12:00:00Z`;
            const id = `p-${trip}`;
            await m.send(integrationTrips, event(id, 'created', at, fields, t.fleet));
            if (t.pay === 'payment') {
              await m.send(integrationPayments, {
                external_id: `pay-${trip}`,
                trip_external_id: id,
                amount,
                payment_method: trip % 2 === 0 ? 'Cash' : 'Card',
                at,
              });
            }
            const done = await m.send(
              integrationTrips,
              event(id, 'completed', at.replace('12:00', '12:30'), fields, t.fleet),
            );
            expect(done.statusCode).toBe(200);
            const paid = BigInt(t.cents) - (BigInt(t.cents) * BigInt(t.couponShare)) / 100n;
            let refunded = 0n;
            for (const share of t.refunds) {
              const amount = (paid * BigInt(share)) / 100n;
              if (amount === 0n || refunded + amount > paid) continue;
              const refund = await m.call(refundCreate, {
                ride_id: done.body.data.id,
                amount: textOf(amount),
                reason: 'Property',
              });
              expect(refund.body.data?.status).toBe('approved');
              refunded += amount;
            }
          }
          expect(await unbalancedSets(m.database)).toEqual([]);
          // Every split: commission, company and driver shares make the gross; the platform's
          // part (commission less the coupon it bears) with the others makes what was paid.
          const splits = await m.database.rows<Record<string, string>>(
            sql`select s.ride_id, s.gross::text, s.coupon_discount::text, s.platform_commission::text,
                s.company_share::text, s.driver_share::text, r.amount::text as fare,
                (select coalesce(sum(amount), 0)::text from ledger_entries e
                 where e.set_id = s.set_id and e.account in ('platform_receipts', 'driver_cash')) as paid,
                (select coalesce(sum(q.amount), 0)::text from money_requests q
                 where q.ride_id = s.ride_id) as refunded,
                (select coalesce(sum(e.amount), 0)::text from money_requests q
                 join ledger_entries e on e.set_id = q.set_id
                 where q.ride_id = s.ride_id and e.account = 'platform_receipts') as paid_back
              from ride_splits s join rides r on r.id = s.ride_id`,
          );
          // Every trip completed, each split once.
          expect(splits.length).toBe(trip);
          for (const s of splits) {
            const [gross, coupon, commission, company, driver] = [
              s.gross!,
              s.coupon_discount!,
              s.platform_commission!,
              s.company_share!,
              s.driver_share!,
            ].map(centsOf) as [bigint, bigint, bigint, bigint, bigint];
            expect(gross).toBe(centsOf(s.fare!));
            expect(commission + company + driver).toBe(gross);
            expect(commission - coupon + company + driver).toBe(gross - coupon);
            expect(centsOf(s.paid!)).toBe(gross - coupon);
            // Refunds give back at most what was paid, from the platform's receipts.
            expect(centsOf(s.refunded!) <= gross - coupon).toBe(true);
            expect(centsOf(s.paid_back!)).toBe(-centsOf(s.refunded!));
          }
          // Balances are the sums of their entries.
          for (const party of [
            { driver_id: m.driverA.id, id: m.driverA.id, accounts: ['driver', 'driver_cash'] },
            { driver_id: m.driverB.id, id: m.driverB.id, accounts: ['driver', 'driver_cash'] },
            { company_id: m.companyA.id, id: m.companyA.id, accounts: ['company'] },
            { company_id: m.companyB.id, id: m.companyB.id, accounts: ['company'] },
          ]) {
            const { id, accounts, ...query } = party;
            const [sum] = await m.database.rows<{ s: string }>(
              sql`select coalesce(sum(amount), 0)::text as s from ledger_entries
                where party_id = ${id} and account in (${sql.join(
                  accounts.map((a) => sql`${a}`),
                  sql`, `,
                )})`,
            );
            const answered = (await m.call(ledgerBalance, query)).body.data.balance;
            expect(centsOf(answered)).toBe(-centsOf(sum!.s));
          }
        },
      ),
      { numRuns: 12 },
    );
  }, 180_000);

  it('splits any fare exactly (pure): shares make the gross, entries sum to zero', () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: 0n, max: 999_999_999_999n }),
        fc.bigInt({ min: 0n, max: 999_999_999_999n }),
        fc.bigInt({ min: 0n, max: 10_000n }),
        fc.bigInt({ min: 0n, max: 10_000n }),
        fc.option(fc.integer({ min: 1, max: 9 }), { nil: null }),
        fc.option(fc.integer({ min: 10, max: 19 }), { nil: null }),
        fc.boolean(),
        (gross, coupon, percent, companyPercent, companyId, driverId, cash) => {
          const split = splitOf({
            gross,
            coupon,
            percent,
            companyPercent: companyPercent > 10_000n - percent ? 10_000n - percent : companyPercent,
            companyId,
            driverId,
            cash,
          });
          expect(split.commission + split.companyShare + split.driverShare).toBe(gross);
          for (const share of [
            split.commission,
            split.companyShare,
            split.driverShare,
            split.coupon,
          ]) {
            expect(share >= 0n).toBe(true);
          }
          if (companyId === null) expect(split.companyShare).toBe(0n);
          if (driverId === null) expect(split.driverShare).toBe(0n);
          const entries = entriesOf(split, { companyId, driverId });
          expect(entries.reduce((sum, e) => sum + e.cents, 0n)).toBe(0n);
          expect(
            entries.every(
              (e) =>
                e.cents !== 0n &&
                (e.partyId !== null) === ['company', 'driver', 'driver_cash'].includes(e.account),
            ),
          ).toBe(true);
        },
      ),
      { numRuns: 2000 },
    );
  });
});
