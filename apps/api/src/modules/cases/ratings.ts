import { RATING_REVIEW_DEFAULTS, type DriverRating } from '@cabdesk/contract';
import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { offsetOf, pageOf, type PageRequest } from '../../lib/paging';
import { rowsOf } from '../../lib/sql';

type FiguresRow = {
  driver_id: number;
  average: string | null;
  count: number;
  stars_1: number;
  stars_2: number;
  stars_3: number;
  stars_4: number;
  stars_5: number;
  recent_average: string | null;
};

const ratingOf = (row: FiguresRow, last: number): DriverRating => ({
  driver_id: row.driver_id,
  average: row.average === null ? null : Number(row.average),
  count: row.count,
  distribution: {
    1: row.stars_1,
    2: row.stars_2,
    3: row.stars_3,
    4: row.stars_4,
    5: row.stars_5,
  },
  recent_average: row.recent_average === null ? null : Number(row.recent_average),
  last,
});

/** The average of a driver's last `last` ratings by passengers, newest by `at`. */
const recentAverage = (driver: SQL, last: number) => sql`(
  select round(avg(x.stars), 2)::text from (
    select stars from ratings
    where rated_id = ${driver} and by = 'passenger' order by at desc, id desc limit ${last}
  ) x)`;

const figures = (last: number) => sql`
  d.id as driver_id, f.average::text as average, coalesce(f.count, 0)::int as count,
  coalesce(f.stars_1, 0)::int as stars_1, coalesce(f.stars_2, 0)::int as stars_2,
  coalesce(f.stars_3, 0)::int as stars_3, coalesce(f.stars_4, 0)::int as stars_4,
  coalesce(f.stars_5, 0)::int as stars_5, ${recentAverage(sql`d.id`, last)} as recent_average`;

/** A live driver's ratings by passengers (kept in driver_ratings by each rating's write), or null. */
export async function driverRatingOf(
  db: Db,
  driverId: number,
  last: number = RATING_REVIEW_DEFAULTS.last,
): Promise<DriverRating | null> {
  const [row] = await rowsOf<FiguresRow>(
    db,
    sql`select ${figures(last)} from users d left join driver_ratings f on f.driver_id = d.id
        where d.id = ${driverId} and d.role = 'Driver' and d.deleted_at is null`,
  );
  return row ? ratingOf(row, last) : null;
}

/**
 * The drivers to review: those whose last `last` ratings average under
 * `below` stars, the lowest first. Only drivers with ratings are read (their
 * figures' rows), each through its newest ratings (ratings_rated_idx).
 */
export async function ratingReview(
  db: Db,
  options: { below: number; last: number },
  page: PageRequest,
) {
  const { below, last } = options;
  const low = sql`
    select ${figures(last)}, d.name, d.status from driver_ratings f
    join users d on d.id = f.driver_id and d.deleted_at is null`;
  const [count] = await rowsOf<{ n: number }>(
    db,
    sql`select count(*)::int as n from (${low}) r where r.recent_average::numeric < ${below}`,
  );
  const rows = await rowsOf<FiguresRow & { name: string; status: 'Active' | 'Inactive' }>(
    db,
    sql`select * from (${low}) r where r.recent_average::numeric < ${below}
        order by r.recent_average::numeric, r.driver_id
        limit ${page.per_page} offset ${offsetOf(page)}`,
  );
  return pageOf(
    rows.map((row) => ({ ...ratingOf(row, last), name: row.name, status: row.status })),
    count!.n,
    page,
  );
}
