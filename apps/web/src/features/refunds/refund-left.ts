import type { MoneyRequest, RideSplit } from '@cabdesk/contract';

type Refund = Pick<MoneyRequest, 'status' | 'amount'>;

/** The sum of these refunds' amounts. */
export const refundTotal = (refunds: readonly Refund[]) =>
  refunds.reduce((sum, r) => sum + Number(r.amount), 0);

/**
 * What is left to refund of a trip, as the server counts it: what the
 * passenger paid less its refunds approved or waiting; a rejected or
 * withdrawn one frees its amount.
 */
export function refundLeft(
  split: Pick<RideSplit, 'gross' | 'coupon_discount'>,
  refunds: readonly Refund[],
): number {
  const paid = Number(split.gross) - Number(split.coupon_discount);
  const held = refundTotal(
    refunds.filter((r) => r.status === 'approved' || r.status === 'pending'),
  );
  return Math.round((paid - held) * 100) / 100;
}
