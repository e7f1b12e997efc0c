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

/** Trips and revenue per day, trips by status, records waiting for approval: all from counters. */
export async function dashboardTrends(database: Database, days: number) {
  const daily = await database.rows<{ day: string; trips: number; revenue: string }>(sql`
    select to_char(g.day, 'YYYY-MM-DD') as day,
           coalesce(sum(d.n), 0)::int as trips,
           coalesce(sum(d.amount) filter (where d.ride_status = 'Complete'), 0)::text as revenue
    from generate_series(
           (now() at time zone 'UTC')::date - ${days - 1}::int,
           (now() at time zone 'UTC')::date,
           interval '1 day') as g(day)
    left join ride_daily d on d.day = g.day::date
    group by g.day
    order by g.day`);
  const statuses = await database.rows<{ ride_status: string; trips: number }>(
    sql`select ride_status, n::int as trips from ride_counts`,
  );
  const [pending] = await database.rows<{
    companies: number;
    drivers: number;
    vehicles: number;
  }>(sql`
    select
      (select coalesce(sum(n), 0)::int from user_counts where role = 'Company' and approval = 'Pending') as companies,
      (select coalesce(sum(n), 0)::int from user_counts where role = 'Driver' and approval = 'Pending') as drivers,
      (select coalesce(sum(n), 0)::int from vehicle_counts where approval = 'Pending') as vehicles`);
  const byStatus = new Map(statuses.map((s) => [s.ride_status, s.trips]));
  return {
    days: daily.map((d) => ({ day: d.day, trips: d.trips, revenue: Number(d.revenue) })),
    by_status: RIDE_STATUSES.map((ride_status) => ({
      ride_status,
      trips: byStatus.get(ride_status) ?? 0,
    })),
    pending: pending ?? { companies: 0, drivers: 0, vehicles: 0 },
  };
}
