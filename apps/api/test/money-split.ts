import type { LedgerEntry } from '../src/modules/money';

/*
 * A trip's split in plain arithmetic: what the SQL of modules/money/split.ts
 * (splitsOf, entriesOfSplit) must write, live and in the seed. The money,
 * statements and seed tests compare the rows written with these.
 */

/** What a trip's split is computed from: cents, and percents in hundredths (12.50% is 1250n). */
export type SplitInput = {
  gross: bigint;
  coupon: bigint;
  percent: bigint;
  companyPercent: bigint;
  companyId: number | null;
  driverId: number | null;
  cash: boolean;
};

export type Split = {
  gross: bigint;
  coupon: bigint;
  commission: bigint;
  companyShare: bigint;
  driverShare: bigint;
  cash: boolean;
};

/** a × b / 10000, rounded half up (a, b ≥ 0). */
const percentOf = (cents: bigint, hundredths: bigint) => (cents * hundredths + 5000n) / 10000n;

const min = (a: bigint, b: bigint) => (a < b ? a : b);

/**
 * A completed trip's split (issue 48): the platform's commission is `percent`
 * of the gross; the company's part `companyPercent` of it (never more than
 * what the commission leaves); the driver has the rest. A trip without a
 * driver leaves the rest to its company; without either, all of it to the
 * platform. The coupon (at most the gross) is the platform's: the
 * passenger paid gross - coupon. Cash is collected only by a driver.
 */
export function splitOf(input: SplitInput): Split {
  const { gross } = input;
  const coupon = min(input.coupon, gross);
  const commission =
    input.companyId === null && input.driverId === null ? gross : percentOf(gross, input.percent);
  const rest = gross - commission;
  const companyShare =
    input.companyId === null
      ? 0n
      : input.driverId === null
        ? rest
        : min(percentOf(gross, input.companyPercent), rest);
  return {
    gross,
    coupon,
    commission,
    companyShare,
    driverShare: rest - companyShare,
    cash: input.cash && input.driverId !== null,
  };
}

/**
 * The ledger entries of a split, summing to zero: what the passenger paid
 * comes in (to the platform for a card; held by the driver for cash), the
 * platform bears the coupon, and the commission, the company's and the
 * driver's shares are credited to their accounts. So a cash driver's
 * balance is their share less the cash they hold: what they owe the
 * platform (which owes the company its share) when negative.
 */
export function entriesOf(
  split: Split,
  parties: { companyId: number | null; driverId: number | null },
): LedgerEntry[] {
  const paid = split.gross - split.coupon;
  return [
    split.cash
      ? { account: 'driver_cash', partyId: parties.driverId, cents: paid }
      : { account: 'platform_receipts', partyId: null, cents: paid },
    { account: 'platform_coupons', partyId: null, cents: split.coupon },
    { account: 'platform_revenue', partyId: null, cents: -split.commission },
    { account: 'company', partyId: parties.companyId, cents: -split.companyShare },
    { account: 'driver', partyId: parties.driverId, cents: -split.driverShare },
  ].filter((entry) => entry.cents !== 0n) as LedgerEntry[];
}
