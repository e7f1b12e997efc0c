import {
  DIRECTORY_MESSAGES,
  paths,
  vehicleDetailQuerySchema,
  vehicleDetailResponseSchema,
  vehicleListQuerySchema,
  vehicleListResponseSchema,
} from '@cabdesk/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { HttpError } from '../../lib/http-error';
import { findUserRole } from '../users/users.repository';
import { findVehicle, listVehicles } from './vehicles.repository';

/** vehicle-list and vehicle-detail (SPEC 7). */
export const vehicleRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.database;

  app.get(
    paths.vehicleList,
    {
      schema: { querystring: vehicleListQuerySchema, response: { 200: vehicleListResponseSchema } },
    },
    async (request) => {
      const { company_id, approval, search, ...page } = request.query;
      if (company_id !== undefined && (await findUserRole(db, company_id)) !== 'Company') {
        throw new HttpError(404, DIRECTORY_MESSAGES.companyNotFound);
      }
      return {
        status: true,
        message: DIRECTORY_MESSAGES.vehiclesFetched,
        data: await listVehicles(db, { companyId: company_id, approval, search }, page),
      };
    },
  );

  app.get(
    paths.vehicleDetail,
    {
      schema: {
        querystring: vehicleDetailQuerySchema,
        response: { 200: vehicleDetailResponseSchema },
      },
    },
    async (request) => {
      const vehicle = await findVehicle(db, request.query.vehicle_id);
      if (!vehicle) throw new HttpError(404, DIRECTORY_MESSAGES.vehicleNotFound);
      return { status: true, message: DIRECTORY_MESSAGES.vehicleFetched, data: vehicle };
    },
  );
};
