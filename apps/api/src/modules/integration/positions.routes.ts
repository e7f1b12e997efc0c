import { integrationPositions, LIVE_MESSAGES } from '@cabdesk/contract';
import type { FastifyInstance } from 'fastify';
import { route } from '../../lib/route';
import { recordPositions } from '../live';
import { idempotent } from './idempotency';

/** `POST positions`: drivers' fixes from the marketplace, each driver's newest kept. */
export async function integrationPositionRoutes(app: FastifyInstance) {
  route(app, integrationPositions, (request, reply) =>
    idempotent(app.database, request, reply, integrationPositions, async (tx) => ({
      status: true as const,
      message: LIVE_MESSAGES.positionsSaved,
      data: await recordPositions(tx, request.body.fixes),
    })),
  );
}
