import {
  INTEGRATION_MESSAGES,
  integrationEvents,
  integrationPayments,
  integrationTrips,
} from '@cabdesk/contract';
import type { FastifyInstance } from 'fastify';
import { isUniqueViolation } from '../../lib/pg-errors';
import { route } from '../../lib/route';
import { eventFeed } from './events.repository';
import { idempotent } from './idempotency';
import { applyPayment } from './payments.repository';
import { onField } from '../../lib/http-error';
import { refused } from './refusals';
import { integrationKeyOf } from './request-key';
import { applyTripEvent } from './trips.repository';

/** `POST trips`, `POST payments` and `GET events`: trips and their payments in, the events out. */
export async function integrationTripRoutes(app: FastifyInstance) {
  route(app, integrationTrips, (request, reply) =>
    idempotent(app.database, request, reply, integrationTrips, async (tx) => {
      const result = await applyTripEvent(
        tx,
        { keyId: integrationKeyOf(request).id },
        request.body,
      );
      if (result.kind !== 'done') throw refused(result);
      return {
        status: true as const,
        message: INTEGRATION_MESSAGES.tripSaved,
        data: {
          id: result.id,
          external_id: request.body.external_id,
          created: result.created,
          recorded: result.recorded,
          ride_status: result.rideStatus,
        },
      };
    }),
  );

  route(app, integrationPayments, async (request, reply) => {
    try {
      return await idempotent(app.database, request, reply, integrationPayments, async (tx) => {
        const result = await applyPayment(tx, request.body);
        if (result.kind !== 'done') throw refused(result);
        return {
          status: true as const,
          message: INTEGRATION_MESSAGES.paymentSaved,
          data: {
            id: result.id,
            external_id: request.body.external_id,
            created: result.created,
            trip_id: result.tripId,
            transaction_id: result.transactionId,
          },
        };
      });
    } catch (error) {
      // A desk-made payment took the same transaction id between the check and the insert.
      if (isUniqueViolation(error, 'transactions_transaction_id_key')) {
        throw onField(409, 'external_id', INTEGRATION_MESSAGES.transactionIdTaken);
      }
      throw error;
    }
  });

  route(app, integrationEvents, async (request) => ({
    status: true as const,
    message: INTEGRATION_MESSAGES.eventsFetched,
    data: await eventFeed(app.database.db, request.query.after ?? 0, request.query.limit),
  }));
}
