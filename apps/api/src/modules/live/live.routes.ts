import { LIVE_MESSAGES, liveDrivers } from '@cabdesk/contract';
import type { FastifyInstance } from 'fastify';
import { route } from '../../lib/route';
import { liveDriversOf } from './positions.repository';

/** `GET live-drivers`: each driver's latest position, for the live map. */
export async function liveRoutes(app: FastifyInstance) {
  route(app, liveDrivers, async (request) => ({
    status: true as const,
    message: LIVE_MESSAGES.driversFetched,
    data: await liveDriversOf(app.database.db, request.query),
  }));
}
