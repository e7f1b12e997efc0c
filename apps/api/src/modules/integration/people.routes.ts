import { INTEGRATION_MESSAGES, integrationPeople } from '@cabdesk/contract';
import type { FastifyInstance } from 'fastify';
import { isUniqueViolation } from '../../lib/pg-errors';
import { route } from '../../lib/route';
import { idempotent } from './idempotency';
import { onField } from '../../lib/http-error';
import { refused } from './refusals';
import { upsertPerson } from './people.repository';

/** `POST people`: passengers, drivers and companies, by the marketplace's id. */
export async function integrationPeopleRoutes(app: FastifyInstance) {
  route(app, integrationPeople, async (request, reply) => {
    try {
      return await idempotent(app.database, request, reply, integrationPeople, async (tx) => {
        const result = await upsertPerson(tx, request.body, app.clock());
        if (result.kind !== 'done') throw refused(result);
        const { row, created } = result;
        return {
          status: true as const,
          message: INTEGRATION_MESSAGES.personSaved,
          data: {
            id: row.id,
            external_id: request.body.external_id,
            created,
            user_type: row.role,
            approval: row.approval,
            status: row.status,
          },
        };
      });
    } catch (error) {
      if (isUniqueViolation(error, 'users_role_email_key')) {
        throw onField(409, 'email', INTEGRATION_MESSAGES.emailTaken);
      }
      throw error;
    }
  });
}
