import type { LedgerEntry } from './ledger';

/** What a refund's entries are computed from: the trip's split (cents) and its parties. */
export type RefundedSplit = {
  gross: bigint;
  coupon: bigint;
  commission: bigint;
  companyShare: bigint;
  driverShare: bigint;
  companyId: number | null;
  driverId: number | null;
};

/** a × b / c rounded half up (a, b ≥ 0, c > 0). */
const scaled = (a: bigint, b: bigint, c: bigint) => (2n * a * b + c) / (2n * c);

/**
 * What a trip's refunds totalling `refunded` cents take back: each part of
 * the split in proportion to the part of what the passenger paid (gross -
 * coupon) that is refunded, rounded to the cent; the last party the split
 * gave "the rest" (the driver, else the company, else the platform) takes
 * the rest, so the parts make `refunded` plus the coupon's part exactly,
 * and a trip refunded in full takes back its whole split.
 */
function takenBack(split: RefundedSplit, refunded: bigint) {
  const paid = split.gross - split.coupon;
  const coupon = scaled(split.coupon, refunded, paid);
  const total = refunded + coupon;
  if (split.driverId !== null) {
    const commission = scaled(split.commission, refunded, paid);
    const company = scaled(split.companyShare, refunded, paid);
    return { coupon, commission, company, driver: total - commission - company };
  }
  if (split.companyId !== null) {
    const commission = scaled(split.commission, refunded, paid);
    return { coupon, commission, company: total - commission, driver: 0n };
  }
  return { coupon, commission: total, company: 0n, driver: 0n };
}

/**
 * The ledger entries of a refund of `amount` cents after `before` cents
 * already refunded (issue 48, docs/money.md "Refunds"): the platform gives
 * the passenger the money back (platform_receipts credited, card or cash),
 * and the split is reversed in proportion: the company's and the driver's
 * shares (debited: the platform owes them less), the commission (debited)
 * and the coupon the platform bore (credited). Sums to zero. Computed on
 * the cumulative refunded amount, so the rounding of one refund is made
 * good by the next and refunds making what was paid undo the split exactly.
 */
export function refundEntries(split: RefundedSplit, before: bigint, amount: bigint): LedgerEntry[] {
  const paid = split.gross - split.coupon;
  if (amount <= 0n || before < 0n || before + amount > paid) {
    throw new Error(`refund of ${amount} after ${before} of ${paid} paid`);
  }
  const was = takenBack(split, before);
  const now = takenBack(split, before + amount);
  const entries: LedgerEntry[] = [
    { account: 'platform_receipts', partyId: null, cents: -amount },
    { account: 'platform_coupons', partyId: null, cents: -(now.coupon - was.coupon) },
    { account: 'platform_revenue', partyId: null, cents: now.commission - was.commission },
    ...(split.companyId === null
      ? []
      : [
          {
            account: 'company' as const,
            partyId: split.companyId,
            cents: now.company - was.company,
          },
        ]),
    ...(split.driverId === null
      ? []
      : [{ account: 'driver' as const, partyId: split.driverId, cents: now.driver - was.driver }]),
  ];
  return entries.filter((entry) => entry.cents !== 0n);
}

/**
 * An adjustment of `amount` cents (positive: the platform owes the party
 * more) on a company's or a driver's account, borne by the platform's
 * revenue. Sums to zero.
 */
export function adjustmentEntries(
  party: { kind: 'company' | 'driver'; id: number },
  amount: bigint,
): LedgerEntry[] {
  return [
    { account: party.kind, partyId: party.id, cents: -amount },
    { account: 'platform_revenue', partyId: null, cents: amount },
  ];
}
