import {
  DIRECTORY_MESSAGES,
  RIDE_MESSAGES,
  rideCancel,
  rideDetail,
  rideList,
} from '@cabdesk/contract';
import type { FastifyInstance } from 'fastify';
import { HttpError } from '../../lib/http-error';
import { route } from '../../lib/route';
import { cancelRide, findRide, findRideAccount, listRides } from './rides.repository';

/** ride-list and ride-detail (SPEC 7), and ride-cancel (issue 5). */
export async function rideRoutes(app: FastifyInstance) {
  const { db } = app.database;

  route(app, rideList, async (request) => {
    const { user_id, search, ...page } = request.query;
    const account = user_id === undefined ? undefined : await findRideAccount(db, user_id);
    if (account === null) throw new HttpError(404, DIRECTORY_MESSAGES.userNotFound);
    return {
      status: true,
      message: DIRECTORY_MESSAGES.ridesFetched,
      data: await listRides(db, { account, search }, page),
    };
  });

  route(app, rideDetail, async (request) => {
    const ride = await findRide(db, request.query.ride_id);
    if (!ride) throw new HttpError(404, RIDE_MESSAGES.rideNotFound);
    return { status: true, message: RIDE_MESSAGES.rideFetched, data: ride };
  });

  route(app, rideCancel, async (request) => {
    const { ride_id, reason } = request.body;
    const ride = await db.transaction(async (tx) => {
      const result = await cancelRide(tx, request, ride_id, reason);
      if (result.kind === 'missing') throw new HttpError(404, RIDE_MESSAGES.rideNotFound);
      if (result.kind === 'not-cancellable') {
        throw new HttpError(409, RIDE_MESSAGES.notCancellable(result.status));
      }
      return findRide(tx, ride_id);
    });
    if (!ride) throw new HttpError(404, RIDE_MESSAGES.rideNotFound);
    return { status: true, message: RIDE_MESSAGES.rideCancelled, data: ride };
  });
}
