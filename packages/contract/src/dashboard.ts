import { z } from 'zod';
import { area, EVERY_ROLE } from './endpoint';

const dashboardSchema = z.object({
  overall_driver: z.number().int(),
  overall_vehicle: z.number().int(),
  overall_company: z.number().int(),
  /** Sum of completed rides, in dollars with cents; absent but for REVENUE_ROLES. */
  overall_revenue: z.number().optional(),
});
export type Dashboard = z.infer<typeof dashboardSchema>;

export const TREND_DAYS = 30;

/** GET dashboard-trends: what an operator looks at under the four cards. */
const dashboardTrendsSchema = z.object({
  /** The last TREND_DAYS UTC days, oldest first, every day present. */
  days: z.array(
    z.object({
      /** YYYY-MM-DD (UTC). */
      day: z.string(),
      trips: z.number().int(),
      /** Completed trips only, in dollars; absent but for REVENUE_ROLES. */
      revenue: z.number().optional(),
    }),
  ),
  /** Every ride status with its count, in SPEC order. */
  by_status: z.array(z.object({ ride_status: z.string(), trips: z.number().int() })),
  /** Records waiting for approval. */
  pending: z.object({
    companies: z.number().int(),
    drivers: z.number().int(),
    vehicles: z.number().int(),
  }),
});
export type DashboardTrends = z.infer<typeof dashboardTrendsSchema>;

// ---------------------------------------------------------------- calls

const dashboardCalls = area('Dashboard', EVERY_ROLE);

export const dashboard = dashboardCalls.get('dashboard', {
  summary: 'The four figures of the dashboard cards.',
  data: dashboardSchema,
});

export const dashboardTrends = dashboardCalls.get('dashboard-trends', {
  summary: 'Trips and revenue per day, trips per status, records waiting for approval.',
  data: dashboardTrendsSchema,
});
