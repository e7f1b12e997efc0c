import { dashboard, dashboardTrends, mayReadRevenue, TREND_DAYS } from '@cabdesk/contract';
import type { FastifyInstance } from 'fastify';
import { route } from '../../lib/route';
import { sessionOf } from '../auth';
import { dashboardFigures, findDashboardTrends } from './dashboard.repository';

export async function dashboardRoutes(app: FastifyInstance) {
  route(app, dashboard, async (request) => {
    const { overall_revenue, ...figures } = await dashboardFigures(app.database);
    return {
      status: true,
      message: 'Dashboard fetched successfully.',
      data: mayReadRevenue(sessionOf(request).role) ? { ...figures, overall_revenue } : figures,
    };
  });

  route(app, dashboardTrends, async (request) => {
    const trends = await findDashboardTrends(app.database, TREND_DAYS);
    const days = mayReadRevenue(sessionOf(request).role)
      ? trends.days
      : trends.days.map(({ revenue: _revenue, ...day }) => day);
    return {
      status: true,
      message: 'Dashboard trends fetched successfully.',
      data: { ...trends, days },
    };
  });
}
