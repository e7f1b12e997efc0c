import {
  DIRECTORY_MESSAGES,
  paths,
  RIDE_MESSAGES,
  rideCancelBodySchema,
  rideCancelResponseSchema,
  rideDetailQuerySchema,
  rideDetailResponseSchema,
  rideListQuerySchema,
  rideListResponseSchema,
} from '@cabdesk/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { HttpError } from '../../lib/http-error';
import { cancelRide, findRide, findRideAccount, listRides } from './rides.repository';

/** ride-list and ride-detail (SPEC 7), and ride-cancel (issue 5). */
export const rideRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.database;

  app.get(
    paths.rideList,
    { schema: { querystring: rideListQuerySchema, response: { 200: rideListResponseSchema } } },
    async (request) => {
      const { user_id, search, ...page } = request.query;
      const account = user_id === undefined ? undefined : await findRideAccount(db, user_id);
      if (account === null) throw new HttpError(404, DIRECTORY_MESSAGES.userNotFound);
      return {
        status: true,
        message: DIRECTORY_MESSAGES.ridesFetched,
        data: await listRides(db, { account, search }, page),
      };
    },
  );

  app.get(
    paths.rideDetail,
    {
      schema: { querystring: rideDetailQuerySchema, response: { 200: rideDetailResponseSchema } },
    },
    async (request) => {
      const ride = await findRide(db, request.query.ride_id);
      if (!ride) throw new HttpError(404, RIDE_MESSAGES.rideNotFound);
      return { status: true, message: RIDE_MESSAGES.rideFetched, data: ride };
    },
  );

  app.post(
    paths.rideCancel,
    { schema: { body: rideCancelBodySchema, response: { 200: rideCancelResponseSchema } } },
    async (request) => {
      const { ride_id, reason } = request.body;
      const ride = await db.transaction(async (tx) => {
        await cancelRide(tx, request, ride_id, reason);
        return findRide(tx, ride_id);
      });
      if (!ride) throw new HttpError(404, RIDE_MESSAGES.rideNotFound);
      return { status: true, message: RIDE_MESSAGES.rideCancelled, data: ride };
    },
  );
};
