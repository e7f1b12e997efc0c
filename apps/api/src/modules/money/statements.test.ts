import {
  commissionRuleSave,
  ledgerBalance,
  statement,
  STATEMENT_MESSAGES,
  type LedgerCause,
} from '@cabdesk/contract';
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Database } from '../../db/client';
import { createCompany, createDriver, createRide, createVehicle } from '../../../test/builders';
import { downloadCsv, signedInApp } from '../../../test/helper';
import { centsOf, textOf } from './ledger';
import { splitOf, type Split } from '../../../test/money-split';
import { splitCompletedRides } from './split';

/** An Owner's app, a company with two drivers, and a service type. */
async function office() {
  const built = await signedInApp();
  const { database } = built;
  const company = await createCompany(database, { companyName: 'Harbour Cabs' });
  const driverA = await createDriver(database, { companyId: company.id, name: 'Ana Ruiz' });
  const driverB = await createDriver(database, { companyId: company.id, name: 'Bo Chen' });
  const vehicle = await createVehicle(database, { companyId: company.id }, { service: 'Comfort' });
  return { ...built, company, driverA, driverB, serviceType: vehicle.serviceTypeId };
}
type Office = Awaited<ReturnType<typeof office>>;

/** A trip the model knows: its split (by the split code), its parties and when it completed. */
type ModelTrip = Split & { at: string; driverId: number | null };
/** A movement other than a trip (a refund, an adjustment, a payout) on one party's account. */
type ModelMove = { at: string; cause: LedgerCause; party: number; cents: bigint };

/** Completes a trip at `at` (its last update: no events) and splits it as a completing trip is. */
async function completeTrip(
  o: Office,
  trip: { at: string; driverId: number | null; gross: bigint; coupon: bigint; cash: boolean },
) {
  const ride = await createRide(o.database, {
    companyId: o.company.id,
    driverId: trip.driverId,
    serviceTypeId: o.serviceType,
    amount: textOf(trip.gross),
    couponDiscount: textOf(trip.coupon),
    paymentMethod: trip.cash ? 'cash' : 'Card',
    updatedAt: new Date(trip.at),
  });
  await o.database.db.transaction((tx) => splitCompletedRides(tx, [ride.id]));
  return ride.id;
}

/**
 * Writes a set of another cause on a party's account at `at` (as a refund,
 * an adjustment or a payout would: the party's entry and the platform's
 * against it), dated as those are, by when it is written.
 */
async function writeMove(database: Database, move: ModelMove, causeId: number) {
  const role = await database.rows<{ role: string }>(
    sql`select role from users where id = ${move.party}`,
  );
  const account = role[0]!.role === 'Company' ? 'company' : 'driver';
  await database.db.transaction(async (tx) => {
    const [set] = await tx
      .execute<{ id: string }>(
        sql`insert into ledger_sets (cause, cause_id, created_at)
          values (${move.cause}, ${causeId}, ${move.at}::timestamptz) returning id::text`,
      )
      .then((r) => (r as unknown as { rows: { id: string }[] }).rows);
    await tx.execute(
      sql`insert into ledger_entries (set_id, account, party_id, amount, created_at) values
          (${set!.id}, ${account}, ${move.party}, ${textOf(-move.cents)}, ${move.at}::timestamptz),
          (${set!.id}, 'platform_revenue', null, ${textOf(move.cents)}, ${move.at}::timestamptz)`,
    );
  });
}

/** What the model says a party's statement for [from, to] holds. */
function expected(
  trips: ModelTrip[],
  moves: ModelMove[],
  party: { kind: 'company' | 'driver'; id: number },
  from: string,
  to: string,
) {
  const start = `${from}T00:00:00.000Z`;
  const end = new Date(Date.parse(`${to}T00:00:00Z`) + 86_400_000).toISOString();
  const mine = trips.filter((t) => party.kind === 'company' || t.driverId === party.id);
  const paid = (t: ModelTrip) => (t.cash && t.driverId !== null ? t.gross - t.coupon : 0n);
  const tripMove = (t: ModelTrip) =>
    party.kind === 'company' ? t.companyShare : t.driverShare - paid(t);
  const before = (at: string) => at < start;
  const inside = (at: string) => at >= start && at < end;
  const sum = <T>(list: T[], of: (item: T) => bigint) => list.reduce((s, i) => s + of(i), 0n);
  const myMoves = moves.filter((m) => m.party === party.id);
  const period = mine.filter((t) => inside(t.at));
  const cause = (c: LedgerCause) =>
    sum(
      myMoves.filter((m) => m.cause === c && inside(m.at)),
      (m) => m.cents,
    );
  const opening =
    sum(
      mine.filter((t) => before(t.at)),
      tripMove,
    ) +
    sum(
      myMoves.filter((m) => before(m.at)),
      (m) => m.cents,
    );
  const tripsTotal = sum(period, tripMove);
  const moved = tripsTotal + cause('refund') + cause('adjustment') + cause('payout');
  return {
    opening_balance: textOf(opening),
    trips: period.length,
    gross: textOf(sum(period, (t) => t.gross)),
    coupons: textOf(sum(period, (t) => t.coupon)),
    commission: textOf(sum(period, (t) => t.commission)),
    share: textOf(sum(period, (t) => (party.kind === 'company' ? t.companyShare : t.driverShare))),
    cash_collected: textOf(sum(period, paid)),
    trips_total: textOf(tripsTotal),
    refunds: textOf(cause('refund')),
    adjustments: textOf(cause('adjustment')),
    payouts: textOf(cause('payout')),
    closing_balance: textOf(opening + moved),
    lines: { total: period.length + myMoves.filter((m) => inside(m.at)).length },
  };
}

const day = (n: number) => new Date(Date.UTC(2026, 2, 1) + n * 86_400_000).toISOString();
const dayText = (n: number) => day(n).slice(0, 10);

describe('statement', () => {
  it('over random trips, coupons, cash and card payments, refunds, adjustments and payouts: every statement reconciles to the cent, and consecutive ones make the whole', async () => {
    const o = await office();
    const trips: ModelTrip[] = [];
    const moves: ModelMove[] = [];
    let ruleDay = 0;
    const parties = [
      { kind: 'company' as const, id: o.company.id },
      { kind: 'driver' as const, id: o.driverA.id },
      { kind: 'driver' as const, id: o.driverB.id },
    ];
    // A moment in the 61 days from March 1, 2026: a day, and a time in it (its first and last ms too).
    const momentArb = fc.record({
      day: fc.integer({ min: 0, max: 60 }),
      ms: fc.oneof(
        fc.constant(0),
        fc.constant(86_399_999),
        fc.integer({ min: 0, max: 86_399_999 }),
      ),
    });
    const at = (m: { day: number; ms: number }) =>
      new Date(Date.parse(day(m.day)) + m.ms).toISOString();
    const tripArb = fc.record({
      when: momentArb,
      driver: fc.constantFrom('a', 'b', 'none'),
      cents: fc.integer({ min: 0, max: 900_00 }),
      couponShare: fc.integer({ min: 0, max: 100 }),
      cash: fc.boolean(),
    });
    const moveArb = fc.record({
      when: momentArb,
      cause: fc.constantFrom<LedgerCause>('refund', 'adjustment', 'payout'),
      party: fc.integer({ min: 0, max: 2 }),
      cents: fc.integer({ min: -500_00, max: 500_00 }).filter((c) => c !== 0),
    });
    const periodArb = fc
      .tuple(fc.integer({ min: 0, max: 60 }), fc.integer({ min: 0, max: 60 }))
      .map(([a, b]) => (a <= b ? [a, b] : [b, a]) as [number, number]);

    await fc.assert(
      fc.asyncProperty(
        fc.record({
          percent: fc.integer({ min: 0, max: 6_000 }),
          company: fc.integer({ min: 0, max: 4_000 }),
        }),
        fc.array(tripArb, { maxLength: 5 }),
        fc.array(moveArb, { maxLength: 3 }),
        periodArb,
        fc.integer({ min: 0, max: 2 }),
        async (rule, newTrips, newMoves, [first, last], who) => {
          // A rule that holds for this run's trips (each run's starts a day after the last's).
          ruleDay += 1;
          const saved = await o.call(commissionRuleSave, {
            service_type: o.serviceType,
            percent: (rule.percent / 100).toFixed(2),
            company_percent: (rule.company / 100).toFixed(2),
            from: new Date(Date.UTC(2020, 0, ruleDay)).toISOString().slice(0, 10),
          });
          expect(saved.statusCode).toBe(200);
          for (const t of newTrips) {
            const driverId =
              t.driver === 'a' ? o.driverA.id : t.driver === 'b' ? o.driverB.id : null;
            const gross = BigInt(t.cents);
            const coupon = (gross * BigInt(t.couponShare)) / 100n;
            const trip = { at: at(t.when), driverId, gross, coupon, cash: t.cash };
            await completeTrip(o, trip);
            // The split code says what the trip's split is.
            const split = splitOf({
              gross,
              coupon,
              percent: BigInt(rule.percent),
              companyPercent: BigInt(rule.company),
              companyId: o.company.id,
              driverId,
              cash: t.cash,
            });
            trips.push({ ...trip, ...split, cash: split.cash });
          }
          for (const m of newMoves) {
            const move = {
              at: at(m.when),
              cause: m.cause,
              party: parties[m.party]!.id,
              cents: BigInt(m.cents),
            };
            moves.push(move);
            await writeMove(o.database, move, moves.length);
          }

          const party = parties[who]!;
          const query = {
            [party.kind === 'company' ? 'company_id' : 'driver_id']: party.id,
            per_page: 100,
          };
          const ask = async (a: number, b: number) => {
            const res = await o.call(statement, { ...query, from: dayText(a), to: dayText(b) });
            expect(res.statusCode).toBe(200);
            return res.body.data;
          };
          const whole = await ask(first, last);
          expect(whole).toMatchObject(expected(trips, moves, party, dayText(first), dayText(last)));
          // The lines make the movement, to the cent.
          const lineSum = whole.lines.data.reduce(
            (s: bigint, l: { amount: string }) => s + centsOf(l.amount),
            0n,
          );
          expect(lineSum).toBe(centsOf(whole.closing_balance) - centsOf(whole.opening_balance));
          // Two consecutive statements make the one over both periods.
          if (last > first) {
            const mid = first + Math.floor((last - first) / 2);
            const [one, two] = [await ask(first, mid), await ask(mid + 1, last)];
            expect(two.opening_balance).toBe(one.closing_balance);
            expect(two.closing_balance).toBe(whole.closing_balance);
            expect(one.opening_balance).toBe(whole.opening_balance);
            for (const field of [
              'gross',
              'coupons',
              'commission',
              'share',
              'cash_collected',
              'trips_total',
              'refunds',
              'adjustments',
              'payouts',
            ]) {
              expect(textOf(centsOf(one[field]) + centsOf(two[field]))).toBe(whole[field]);
            }
            expect(one.trips + two.trips).toBe(whole.trips);
          }
          // A statement up to the last day with a movement closes on the balance now.
          const now = await ask(0, 60);
          const balance = await o.call(ledgerBalance, query);
          expect(now.closing_balance).toBe(balance.body.data.balance);
        },
      ),
      { numRuns: 15 },
    );
    // Fifteen runs of a few dozen calls each: more than the default 30 s on a busy machine.
  }, 180_000);

  it('shows a trip’s split on its line, pages the lines, and exports them all as CSV, audited', async () => {
    const o = await office();
    await o.call(commissionRuleSave, {
      service_type: o.serviceType,
      percent: '20',
      company_percent: '10',
      from: '2026-01-01',
    });
    const first = await completeTrip(o, {
      at: '2026-03-02T09:00:00.000Z',
      driverId: o.driverA.id,
      gross: 18_40n,
      coupon: 2_00n,
      cash: false,
    });
    await completeTrip(o, {
      at: '2026-03-03T10:00:00.000Z',
      driverId: o.driverA.id,
      gross: 10_00n,
      coupon: 0n,
      cash: true,
    });
    await writeMove(
      o.database,
      { at: '2026-03-04T08:00:00.000Z', cause: 'adjustment', party: o.driverA.id, cents: -1_50n },
      7,
    );
    const query = { driver_id: o.driverA.id, from: '2026-03-01', to: '2026-03-31' };
    const page1 = await o.call(statement, { ...query, per_page: 2 });
    expect(page1.statusCode).toBe(200);
    expect(page1.body.data).toMatchObject({
      party: { kind: 'driver', id: o.driverA.id, name: 'Ana Ruiz' },
      opening_balance: '0.00',
      trips: 2,
      gross: '28.40',
      coupons: '2.00',
      commission: '5.68',
      share: '19.88',
      cash_collected: '10.00',
      trips_total: '9.88',
      adjustments: '-1.50',
      closing_balance: '8.38',
      lines: { total: 3, last_page: 2, current_page: 1 },
    });
    expect(page1.body.data.lines.data[0]).toEqual({
      at: '2026-03-02T09:00:00.000Z',
      kind: 'ride_split',
      set_id: expect.any(Number),
      reference: first,
      ride_id: first,
      gross: '18.40',
      coupon_discount: '2.00',
      platform_commission: '3.68',
      share: '12.88',
      cash_collected: '0.00',
      amount: '12.88',
    });
    const page2 = await o.call(statement, { ...query, per_page: 2, page: 2 });
    expect(page2.body.data.lines.data).toEqual([
      expect.objectContaining({ kind: 'adjustment', reference: 7, ride_id: null, amount: '-1.50' }),
    ]);

    const csv = await downloadCsv(o.app, o.token, statement, query);
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-disposition']).toBe(
      'attachment; filename="statement_2026-03-01_to_2026-03-31.csv"',
    );
    expect(csv.rows).toEqual([
      [
        'Date',
        'Kind',
        'Trip ID',
        'Reference',
        'Gross',
        'Coupon',
        'Commission',
        'Share',
        'Cash collected',
        'Amount',
      ],
      [
        '2026-03-02T09:00:00.000Z',
        'ride_split',
        String(first),
        String(first),
        '18.4',
        '2',
        '3.68',
        '12.88',
        '0',
        '12.88',
      ],
      [
        '2026-03-03T10:00:00.000Z',
        'ride_split',
        String(first + 1),
        String(first + 1),
        '10',
        '0',
        '2',
        '7',
        '10',
        '-3',
      ],
      ['2026-03-04T08:00:00.000Z', 'adjustment', '', '7', '', '', '', '', '', '-1.5'],
    ]);
    const [audited] = await o.database.rows<{ action: string; table_name: string; after: unknown }>(
      sql`select action, table_name, after from audit_log where action = 'export'`,
    );
    expect(audited).toMatchObject({
      action: 'export',
      table_name: 'statement',
      after: { list: 'statement', filters: { ...query } },
    });
  });

  it('refuses bad input with 400 on its field, and an unknown party with 404', async () => {
    const o = await office();
    const bad = async (query: Record<string, unknown>, field: string, message: string) => {
      const res = await o.call(statement, query);
      expect(res.statusCode).toBe(400);
      expect(res.body.data.errors[field]).toBe(message);
    };
    const c = { company_id: o.company.id };
    await bad(
      { from: '2026-03-01', to: '2026-03-31' },
      'company_id',
      STATEMENT_MESSAGES.partyMissing,
    );
    await bad(
      { ...c, driver_id: o.driverA.id, from: '2026-03-01', to: '2026-03-31' },
      'driver_id',
      STATEMENT_MESSAGES.onePartyOnly,
    );
    await bad({ ...c, to: '2026-03-31' }, 'from', STATEMENT_MESSAGES.fromMissing);
    await bad({ ...c, from: '2026-03-01' }, 'to', STATEMENT_MESSAGES.toMissing);
    await bad(
      { ...c, from: '2026-02-30', to: '2026-03-31' },
      'from',
      STATEMENT_MESSAGES.fromInvalid,
    );
    await bad({ ...c, from: '2026-03-01', to: 'March' }, 'to', STATEMENT_MESSAGES.toInvalid);
    await bad({ ...c, from: '2026-03-31', to: '2026-03-01' }, 'to', STATEMENT_MESSAGES.order);
    await bad({ ...c, from: '2025-01-01', to: '2026-01-02' }, 'to', STATEMENT_MESSAGES.tooLong);
    // A leap year's 366 days are one statement.
    const year = await o.call(statement, { ...c, from: '2024-01-01', to: '2024-12-31' });
    expect(year.statusCode).toBe(200);
    const unknown = await o.call(statement, {
      driver_id: o.company.id,
      from: '2026-03-01',
      to: '2026-03-31',
    });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.body.message).toBe(STATEMENT_MESSAGES.noParty);
  });
});
