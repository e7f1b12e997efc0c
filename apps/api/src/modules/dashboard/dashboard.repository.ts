import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client';

/** The four cards, read from the counters the writes keep exact (no scan of rides). */
export async function dashboardFigures(database: Database) {
  const [row] = await database.rows<{
    overall_driver: number;
    overall_company: number;
    overall_vehicle: number;
    overall_revenue: string;
  }>(sql`
    select
      (select coalesce(sum(n), 0)::int from user_counts where role = 'Driver') as overall_driver,
      (select coalesce(sum(n), 0)::int from user_counts where role = 'Company') as overall_company,
      (select coalesce(sum(n), 0)::int from vehicle_counts) as overall_vehicle,
      (select coalesce(sum(amount), 0)::text from ride_counts where ride_status = 'Complete') as overall_revenue`);
  return {
    overall_driver: row?.overall_driver ?? 0,
    overall_company: row?.overall_company ?? 0,
    overall_vehicle: row?.overall_vehicle ?? 0,
    overall_revenue: Number(row?.overall_revenue ?? 0),
  };
}
