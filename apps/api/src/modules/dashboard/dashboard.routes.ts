import { dashboard, dashboardTrends, TREND_DAYS } from '@cabdesk/contract';
import type { FastifyInstance } from 'fastify';
import { route } from '../../lib/route';
import { dashboardFigures, findDashboardTrends } from './dashboard.repository';

export async function dashboardRoutes(app: FastifyInstance) {
  route(app, dashboard, async () => ({
    status: true,
    message: 'Dashboard fetched successfully.',
    data: await dashboardFigures(app.database),
  }));

  route(app, dashboardTrends, async () => ({
    status: true,
    message: 'Dashboard trends fetched successfully.',
    data: await findDashboardTrends(app.database, TREND_DAYS),
  }));
}
