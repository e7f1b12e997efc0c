import type { z } from 'zod';
import type { integrationPayments } from '@cabdesk/contract';
import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { rowsOf } from '../../lib/sql';
import { lockExternalId } from './people.repository';
import type { Refusal } from './refusals';

export type PaymentInput = z.output<typeof integrationPayments.input>;

export type PaymentApplied = {
  kind: 'done';
  id: number;
  created: boolean;
  tripId: number;
  transactionId: string;
};

/**
 * Records or changes a trip's payment by the marketplace's id, in the
 * caller's transaction (a route's, or a batch import's). The payment is a
 * Sales row (`transactions`): its `external_id` is the marketplace's id
 * (decision 015) and its transaction_id the same text, the id the
 * marketplace's people know it by. A trip is paid once: another payment
 * for a paid trip is refused. Serialised per payment by an advisory lock and
 * per trip by the trip's row lock, so concurrent sends write once.
 */
export async function applyPayment(
  tx: Tx,
  payment: PaymentInput,
): Promise<Refusal | PaymentApplied> {
  const [trip] = await rowsOf<{ id: number }>(
    tx,
    sql`select id from rides where external_id = ${payment.trip_external_id} for update`,
  );
  if (!trip) return { kind: 'no-trip' };
  await lockExternalId(tx, 'payment', payment.external_id);
  const [clash] = await rowsOf<{ same_trip: boolean }>(
    tx,
    sql`select ride_id = ${trip.id} as same_trip from transactions
        where (ride_id = ${trip.id} or transaction_id = ${payment.external_id})
          and external_id is distinct from ${payment.external_id}
        limit 1`,
  );
  if (clash) return { kind: clash.same_trip ? 'trip-paid' : 'transaction-id-taken' };

  const at = new Date(payment.at).toISOString();
  const [existing] = await rowsOf<{ id: number }>(
    tx,
    sql`select id from transactions where external_id = ${payment.external_id} for update`,
  );
  if (existing) {
    await tx.execute(
      sql`update transactions set ride_id = ${trip.id}, amount = ${payment.amount},
            payment_method = ${payment.payment_method}, created_at = ${at}
          where id = ${existing.id}`,
    );
    return {
      kind: 'done',
      id: existing.id,
      created: false,
      tripId: trip.id,
      transactionId: payment.external_id,
    };
  }
  const [made] = await rowsOf<{ id: number }>(
    tx,
    sql`insert into transactions (transaction_id, external_id, ride_id, amount, payment_method, created_at)
        values (${payment.external_id}, ${payment.external_id}, ${trip.id}, ${payment.amount},
          ${payment.payment_method}, ${at})
        returning id`,
  );
  return {
    kind: 'done',
    id: made!.id,
    created: true,
    tripId: trip.id,
    transactionId: payment.external_id,
  };
}
