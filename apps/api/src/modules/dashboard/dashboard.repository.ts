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

const RIDE_STATUSES = ['Pending', 'Accept', 'Start', 'End', 'Complete', 'Cancel'] as const;

type TrendsRow = {
  /** [day, trips, revenue as text] per day, oldest first. */
  days: [string, number, string][];
  /** ride_status -> trips, for the statuses that have a counter row. */
  statuses: Record<string, number> | null;
  pending_companies: number;
  pending_drivers: number;
  pending_vehicles: number;
};

/**
 * Trips and revenue per day, trips by status, records waiting for approval:
 * all from counters, in one statement (each round trip to the database costs
 * more here than reading these small tables).
 */
export async function findDashboardTrends(database: Database, days: number) {
  const [row] = await database.rows<TrendsRow>(sql`
    select
      (select json_agg(json_build_array(to_char(g.day, 'YYYY-MM-DD'), t.trips, t.revenue) order by g.day)
       from generate_series(
              (now() at time zone 'UTC')::date - ${days - 1}::int,
              (now() at time zone 'UTC')::date,
              interval '1 day') as g(day)
       cross join lateral (
         select coalesce(sum(d.n), 0)::int as trips,
                coalesce(sum(d.amount) filter (where d.ride_status = 'Complete'), 0)::text as revenue
         from ride_daily d where d.day = g.day::date) t) as days,
      (select json_object_agg(ride_status, n) from ride_counts) as statuses,
      (select coalesce(sum(n), 0)::int from user_counts where role = 'Company' and approval = 'Pending') as pending_companies,
      (select coalesce(sum(n), 0)::int from user_counts where role = 'Driver' and approval = 'Pending') as pending_drivers,
      (select coalesce(sum(n), 0)::int from vehicle_counts where approval = 'Pending') as pending_vehicles`);
  return {
    days: (row?.days ?? []).map(([day, trips, revenue]) => ({
      day,
      trips,
      revenue: Number(revenue),
    })),
    by_status: RIDE_STATUSES.map((ride_status) => ({
      ride_status,
      trips: Number(row?.statuses?.[ride_status] ?? 0),
    })),
    pending: {
      companies: row?.pending_companies ?? 0,
      drivers: row?.pending_drivers ?? 0,
      vehicles: row?.pending_vehicles ?? 0,
    },
  };
}
