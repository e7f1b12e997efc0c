import { INTEGRATION_MESSAGES, integrationVehicles } from '@cabdesk/contract';
import type { FastifyInstance } from 'fastify';
import { route } from '../../lib/route';
import { idempotent } from './idempotency';
import { refused } from './refusals';
import { upsertVehicle } from './vehicles.repository';

/** `POST vehicles`: a company's vehicles, by the marketplace's id. */
export async function integrationVehicleRoutes(app: FastifyInstance) {
  route(app, integrationVehicles, (request, reply) =>
    idempotent(app.database, request, reply, integrationVehicles, async (tx) => {
      const result = await upsertVehicle(tx, request.body, app.clock());
      if (result.kind !== 'done') throw refused(result);
      return {
        status: true as const,
        message: INTEGRATION_MESSAGES.vehicleSaved,
        data: {
          id: result.row.id,
          external_id: request.body.external_id,
          created: result.created,
          approval: result.row.approval,
        },
      };
    }),
  );
}
