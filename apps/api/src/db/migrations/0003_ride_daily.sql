CREATE TABLE "ride_daily" (
	"day" date NOT NULL,
	"ride_status" "ride_status" NOT NULL,
	"n" bigint DEFAULT 0 NOT NULL,
	"amount" numeric(16, 2) DEFAULT '0' NOT NULL,
	CONSTRAINT "ride_daily_day_ride_status_pk" PRIMARY KEY("day","ride_status")
);
--> statement-breakpoint
ALTER TABLE "user_stats" ADD COLUMN "completed_count" integer DEFAULT 0 NOT NULL;
--> statement-breakpoint
-- Rides per day for the dashboard trend, kept by the same statement-level
-- trigger as the other ride counters (see 0002).
CREATE OR REPLACE FUNCTION rides_after_change() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  cols constant text := 'ride_status, user_id, driver_id, company_id, amount, created_at';
  delta text;
BEGIN
  delta := CASE TG_OP
    WHEN 'INSERT' THEN format('SELECT %s, 1 AS sign FROM new_rows', cols)
    WHEN 'DELETE' THEN format('SELECT %s, -1 AS sign FROM old_rows', cols)
    ELSE format('SELECT %1$s, -1 AS sign FROM old_rows UNION ALL SELECT %1$s, 1 FROM new_rows', cols)
  END;

  EXECUTE format($q$
    WITH d AS (%s)
    INSERT INTO ride_counts (ride_status, n, amount)
      SELECT ride_status, sum(sign), sum(sign * amount) FROM d GROUP BY 1
    ON CONFLICT (ride_status) DO UPDATE
      SET n = ride_counts.n + excluded.n, amount = ride_counts.amount + excluded.amount
  $q$, delta);

  EXECUTE format($q$
    WITH d AS (%s)
    UPDATE user_stats s SET ride_count = s.ride_count + x.n,
      completed_count = s.completed_count + x.completed, revenue = s.revenue + x.revenue
    FROM (SELECT who, sum(sign) AS n,
                 coalesce(sum(sign) FILTER (WHERE ride_status = 'Complete'), 0) AS completed,
                 coalesce(sum(sign * amount) FILTER (WHERE ride_status = 'Complete'), 0) AS revenue
          FROM (SELECT user_id AS who, ride_status, amount, sign FROM d
                UNION ALL SELECT driver_id, ride_status, amount, sign FROM d WHERE driver_id IS NOT NULL
                UNION ALL SELECT company_id, ride_status, amount, sign FROM d WHERE company_id IS NOT NULL) w
          GROUP BY who) x
    WHERE s.user_id = x.who AND (x.n <> 0 OR x.completed <> 0 OR x.revenue <> 0)
  $q$, delta);
  EXECUTE format($q$
    WITH d AS (%s)
    INSERT INTO ride_daily (day, ride_status, n, amount)
      SELECT (created_at AT TIME ZONE 'UTC')::date, ride_status, sum(sign), sum(sign * amount)
      FROM d GROUP BY 1, 2
    ON CONFLICT (day, ride_status) DO UPDATE
      SET n = ride_daily.n + excluded.n, amount = ride_daily.amount + excluded.amount
  $q$, delta);

  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION recount_counters() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM user_counts;
  INSERT INTO user_counts (role, status, approval, n)
    SELECT role, status, approval, count(*) FROM users WHERE deleted_at IS NULL GROUP BY 1, 2, 3;
  DELETE FROM vehicle_counts;
  INSERT INTO vehicle_counts (approval, n)
    SELECT approval, count(*) FROM vehicles WHERE deleted_at IS NULL GROUP BY 1;
  DELETE FROM ride_counts;
  INSERT INTO ride_counts (ride_status, n, amount)
    SELECT ride_status, count(*), sum(amount) FROM rides GROUP BY 1;
  DELETE FROM ride_daily;
  INSERT INTO ride_daily (day, ride_status, n, amount)
    SELECT (created_at AT TIME ZONE 'UTC')::date, ride_status, count(*), sum(amount) FROM rides GROUP BY 1, 2;
  DELETE FROM table_counts WHERE table_name = 'transactions';
  INSERT INTO table_counts (table_name, n) SELECT 'transactions', count(*) FROM transactions;
  INSERT INTO user_stats (user_id) SELECT id FROM users ON CONFLICT DO NOTHING;
  UPDATE user_stats s SET
    ride_count = coalesce(r.n, 0), completed_count = coalesce(r.completed, 0),
    revenue = coalesce(r.revenue, 0),
    total_driver = coalesce(d.n, 0), total_vehicle = coalesce(v.n, 0)
  FROM users u
  LEFT JOIN (SELECT who, count(*) AS n, count(*) FILTER (WHERE ride_status = 'Complete') AS completed,
                    coalesce(sum(amount) FILTER (WHERE ride_status = 'Complete'), 0) AS revenue
             FROM (SELECT user_id AS who, ride_status, amount FROM rides
                   UNION ALL SELECT driver_id, ride_status, amount FROM rides WHERE driver_id IS NOT NULL
                   UNION ALL SELECT company_id, ride_status, amount FROM rides WHERE company_id IS NOT NULL) x
             GROUP BY who) r ON r.who = u.id
  LEFT JOIN (SELECT company_id, count(*) AS n FROM users
             WHERE role = 'Driver' AND deleted_at IS NULL AND company_id IS NOT NULL GROUP BY 1) d
    ON d.company_id = u.id
  LEFT JOIN (SELECT company_id, count(*) AS n FROM vehicles WHERE deleted_at IS NULL GROUP BY 1) v
    ON v.company_id = u.id
  WHERE s.user_id = u.id;
END $$;
--> statement-breakpoint
INSERT INTO ride_daily (day, ride_status, n, amount)
  SELECT (created_at AT TIME ZONE 'UTC')::date, ride_status, count(*), sum(amount) FROM rides GROUP BY 1, 2;
--> statement-breakpoint
UPDATE user_stats s SET completed_count = r.n
FROM (SELECT who, count(*) AS n
      FROM (SELECT user_id AS who FROM rides WHERE ride_status = 'Complete'
            UNION ALL SELECT driver_id FROM rides WHERE ride_status = 'Complete' AND driver_id IS NOT NULL
            UNION ALL SELECT company_id FROM rides WHERE ride_status = 'Complete' AND company_id IS NOT NULL) w
      GROUP BY who) r
WHERE s.user_id = r.who;
