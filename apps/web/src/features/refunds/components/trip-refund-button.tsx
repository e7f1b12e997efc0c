import type { MoneyRequest } from '@cabdesk/contract';
import { useMoneyRequests, useRideSplit } from '../api/refunds';
import { refundLeft } from '../refund-left';
import { RefundButton } from './refund-button';

/** A trip has few refunds: one page has them all. */
const REFUNDS_READ = 50;

/**
 * The trip detail's Refund button for a completed trip shown elsewhere (a
 * case's outcome): up to what the passenger paid less the trip's refunds so
 * far, approved or waiting, as the server counts them (a rejected or withdrawn
 * one frees its amount). Nothing for the roles that may not refund.
 */
export function TripRefundButton({
  rideId,
  onRefunded,
}: {
  rideId: number;
  onRefunded: (refund: MoneyRequest) => void;
}) {
  const split = useRideSplit(rideId, true);
  const refunds = useMoneyRequests({ kind: 'refund', ride_id: rideId, per_page: REFUNDS_READ });
  if (!split.data || !refunds.data) return null;
  const left = refundLeft(split.data, refunds.data.data);
  return <RefundButton rideId={rideId} left={left} onRefunded={onRefunded} />;
}
