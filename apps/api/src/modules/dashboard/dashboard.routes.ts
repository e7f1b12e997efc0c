import { dashboardResponseSchema, paths } from '@cabdesk/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { dashboardFigures } from './dashboard.repository';

export const dashboardRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    paths.dashboard,
    { schema: { response: { 200: dashboardResponseSchema } } },
    async () => ({
      status: true,
      message: 'Dashboard fetched successfully.',
      data: await dashboardFigures(app.database),
    }),
  );
};
