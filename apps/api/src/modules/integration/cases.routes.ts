import {
  CASE_MESSAGES,
  INTEGRATION_MESSAGES,
  integrationCases,
  integrationRatings,
} from '@cabdesk/contract';
import type { FastifyInstance } from 'fastify';
import { onField } from '../../lib/http-error';
import { route } from '../../lib/route';
import { takeCase, takeRating, type IntakeRefusal } from '../cases';
import { idempotent } from './idempotency';

/** The answer of a case or rating the integration API could not take. */
function intakeRefused(refusal: IntakeRefusal) {
  switch (refusal.kind) {
    case 'no-trip':
      return onField(422, 'trip_external_id', INTEGRATION_MESSAGES.noTrip);
    case 'no-reporter':
      return onField(422, 'reporter_external_id', CASE_MESSAGES.noReporter);
    case 'kind-differs':
      return onField(409, 'external_id', CASE_MESSAGES.externalIdTaken);
    case 'no-rated':
      return onField(422, 'by', INTEGRATION_MESSAGES.noDriver);
  }
}

/** `POST cases` and `POST ratings` of the integration API (scope cases:write). */
export async function integrationCaseRoutes(app: FastifyInstance) {
  route(app, integrationCases, (request, reply) =>
    idempotent(app.database, request, reply, integrationCases, async (tx) => {
      const result = await takeCase(tx, request.body, app.clock());
      if (result.kind !== 'done') throw intakeRefused(result);
      return {
        status: true as const,
        message: CASE_MESSAGES.caseSaved,
        data: {
          id: result.id,
          external_id: request.body.external_id,
          created: result.created,
          status: result.status,
        },
      };
    }),
  );

  route(app, integrationRatings, (request, reply) =>
    idempotent(app.database, request, reply, integrationRatings, async (tx) => {
      const result = await takeRating(tx, request.body, app.clock());
      if (result.kind !== 'done') throw intakeRefused(result);
      return {
        status: true as const,
        message: CASE_MESSAGES.ratingSaved,
        data: {
          id: result.id,
          trip_external_id: request.body.trip_external_id,
          created: result.created,
          case_id: result.caseId,
        },
      };
    }),
  );
}
