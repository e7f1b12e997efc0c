import {
  LIVE_MESSAGES,
  liveAlerts,
  liveDrivers,
  RIDE_MESSAGES,
  rideRoute,
} from '@cabdesk/contract';
import type { FastifyInstance } from 'fastify';
import { HttpError } from '../../lib/http-error';
import { route } from '../../lib/route';
import { openAlerts } from './alerts';
import { liveDriversOf } from './positions.repository';
import { rideRouteOf } from './routes.repository';

/** `GET live-drivers`, `GET ride-route` and `GET live-alerts`: the live map, a trip's replay, what is wrong now. */
export async function liveRoutes(app: FastifyInstance) {
  route(app, liveDrivers, async (request) => ({
    status: true as const,
    message: LIVE_MESSAGES.driversFetched,
    data: await liveDriversOf(app.database.db, request.query),
  }));

  route(app, rideRoute, async (request) => {
    const found = await rideRouteOf(app.database.db, request.query.ride_id);
    if (!found) throw new HttpError(404, RIDE_MESSAGES.rideNotFound);
    return { status: true as const, message: LIVE_MESSAGES.routeFetched, data: found };
  });

  route(app, liveAlerts, async () => ({
    status: true as const,
    message: LIVE_MESSAGES.alertsFetched,
    data: await openAlerts(app.database.db),
  }));
}
