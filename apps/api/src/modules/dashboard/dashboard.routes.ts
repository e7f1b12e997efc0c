import {
  dashboardResponseSchema,
  dashboardTrendsResponseSchema,
  paths,
  TREND_DAYS,
} from '@cabdesk/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { dashboardFigures, dashboardTrends } from './dashboard.repository';

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

  app.get(
    paths.dashboardTrends,
    { schema: { response: { 200: dashboardTrendsResponseSchema } } },
    async () => ({
      status: true,
      message: 'Dashboard trends fetched successfully.',
      data: await dashboardTrends(app.database, TREND_DAYS),
    }),
  );
};
