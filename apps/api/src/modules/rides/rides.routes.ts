import {
  DIRECTORY_MESSAGES,
  paths,
  rideListQuerySchema,
  rideListResponseSchema,
} from '@cabdesk/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { HttpError } from '../../lib/http-error';
import { findUserRole } from '../users/users.repository';
import { listRides, type RideFilter } from './rides.repository';

/** ride-list (SPEC 7); with user_id, one account's rides in its role. */
export const rideRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.database;

  app.get(
    paths.rideList,
    { schema: { querystring: rideListQuerySchema, response: { 200: rideListResponseSchema } } },
    async (request) => {
      const { user_id, search, ...page } = request.query;
      let account: RideFilter['account'];
      if (user_id !== undefined) {
        const role = await findUserRole(db, user_id);
        if (!role) throw new HttpError(404, DIRECTORY_MESSAGES.userNotFound);
        account = { id: user_id, role };
      }
      return {
        status: true,
        message: DIRECTORY_MESSAGES.ridesFetched,
        data: await listRides(db, { account, search }, page),
      };
    },
  );
};
