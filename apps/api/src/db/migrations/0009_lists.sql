CREATE TABLE "transaction_daily" (
	"day" date NOT NULL,
	"payment_method" text NOT NULL,
	"n" bigint DEFAULT 0 NOT NULL,
	"amount" numeric(16, 2) DEFAULT '0' NOT NULL,
	CONSTRAINT "transaction_daily_day_payment_method_pk" PRIMARY KEY("day","payment_method")
);
--> statement-breakpoint
-- The account's role beside its totals, so each role's list sorts by them from an index.
ALTER TABLE "user_stats" ADD COLUMN "role" "role";--> statement-breakpoint
UPDATE "user_stats" s SET "role" = u."role" FROM "users" u WHERE u."id" = s."user_id";--> statement-breakpoint
ALTER TABLE "user_stats" ALTER COLUMN "role" SET NOT NULL;--> statement-breakpoint
CREATE INDEX "coupons_title_idx" ON "coupons" USING btree (lower("title"),"id") WHERE "coupons"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "coupons_discount_idx" ON "coupons" USING btree ("discount","id") WHERE "coupons"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "faqs_updated_idx" ON "faqs" USING btree ("updated_at","id") WHERE "faqs"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "faqs_question_idx" ON "faqs" USING btree (lower("question"),"id") WHERE "faqs"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "rides_amount_idx" ON "rides" USING btree ("amount","id");--> statement-breakpoint
CREATE INDEX "rides_user_amount_idx" ON "rides" USING btree ("user_id","amount","id");--> statement-breakpoint
CREATE INDEX "rides_driver_amount_idx" ON "rides" USING btree ("driver_id","amount","id");--> statement-breakpoint
CREATE INDEX "rides_company_amount_idx" ON "rides" USING btree ("company_id","amount","id");--> statement-breakpoint
CREATE INDEX "rides_status_amount_idx" ON "rides" USING btree ("ride_status","amount","id");--> statement-breakpoint
CREATE INDEX "transactions_amount_idx" ON "transactions" USING btree ("amount","id");--> statement-breakpoint
CREATE INDEX "user_stats_role_rides_idx" ON "user_stats" USING btree ("role","ride_count","user_id");--> statement-breakpoint
CREATE INDEX "user_stats_company_vehicles_idx" ON "user_stats" USING btree ("total_vehicle","user_id") WHERE "user_stats"."role" = 'Company';--> statement-breakpoint
CREATE INDEX "user_stats_company_drivers_idx" ON "user_stats" USING btree ("total_driver","user_id") WHERE "user_stats"."role" = 'Company';--> statement-breakpoint
CREATE INDEX "users_name_idx" ON "users" USING btree (lower("name"),"id") WHERE "users"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "users_role_name_idx" ON "users" USING btree ("role",lower("name"),"id") WHERE "users"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "users_company_name_idx" ON "users" USING btree (lower("company_name"),"id") WHERE "users"."deleted_at" is null and "users"."role" = 'Company';--> statement-breakpoint
CREATE INDEX "users_driver_dob_idx" ON "users" USING btree ("dob","id") WHERE "users"."deleted_at" is null and "users"."role" = 'Driver';--> statement-breakpoint
CREATE INDEX "vehicles_service_type_created_idx" ON "vehicles" USING btree ("service_type_id","created_at","id") WHERE "vehicles"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "vehicles_vehicle_type_created_idx" ON "vehicles" USING btree ("vehicle_type_id","created_at","id") WHERE "vehicles"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "vehicles_plate_idx" ON "vehicles" USING btree (lower("license_number"),"id") WHERE "vehicles"."deleted_at" is null;--> statement-breakpoint
-- Sorts and filters of the lists (issue 18). user_stats rows carry the role (0002's
-- trigger, with the role added).
CREATE OR REPLACE FUNCTION users_after_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO user_counts (role, status, approval, n)
    SELECT role, status, approval, count(*) FROM new_rows WHERE deleted_at IS NULL
    GROUP BY 1, 2, 3
  ON CONFLICT (role, status, approval) DO UPDATE SET n = user_counts.n + excluded.n;
  INSERT INTO user_stats (user_id, role) SELECT id, role FROM new_rows ON CONFLICT DO NOTHING;
  UPDATE user_stats s SET total_driver = s.total_driver + d.n
    FROM (SELECT company_id, count(*) AS n FROM new_rows
          WHERE role = 'Driver' AND company_id IS NOT NULL AND deleted_at IS NULL
          GROUP BY 1) d
    WHERE s.user_id = d.company_id;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- Payments per UTC day and method, kept like the ride counters (0002, 0003):
-- the sales total of a date range adds up days, not payments.
CREATE FUNCTION transactions_daily_after_change() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  cols constant text := 'created_at, payment_method, amount';
  delta text;
BEGIN
  delta := CASE TG_OP
    WHEN 'INSERT' THEN format('SELECT %s, 1 AS sign FROM new_rows', cols)
    WHEN 'DELETE' THEN format('SELECT %s, -1 AS sign FROM old_rows', cols)
    ELSE format('SELECT %1$s, -1 AS sign FROM old_rows UNION ALL SELECT %1$s, 1 FROM new_rows', cols)
  END;
  EXECUTE format($q$
    WITH d AS (%s)
    INSERT INTO transaction_daily (day, payment_method, n, amount)
      SELECT (created_at AT TIME ZONE 'UTC')::date, payment_method, sum(sign), sum(sign * amount)
      FROM d GROUP BY 1, 2
    ON CONFLICT (day, payment_method) DO UPDATE
      SET n = transaction_daily.n + excluded.n, amount = transaction_daily.amount + excluded.amount
  $q$, delta);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER transactions_daily_insert AFTER INSERT ON transactions
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION transactions_daily_after_change();
--> statement-breakpoint
CREATE TRIGGER transactions_daily_update AFTER UPDATE ON transactions
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION transactions_daily_after_change();
--> statement-breakpoint
CREATE TRIGGER transactions_daily_delete AFTER DELETE ON transactions
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION transactions_daily_after_change();
--> statement-breakpoint
INSERT INTO transaction_daily (day, payment_method, n, amount)
  SELECT (created_at AT TIME ZONE 'UTC')::date, payment_method, count(*), sum(amount)
  FROM transactions GROUP BY 1, 2;
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
  DELETE FROM transaction_daily;
  INSERT INTO transaction_daily (day, payment_method, n, amount)
    SELECT (created_at AT TIME ZONE 'UTC')::date, payment_method, count(*), sum(amount)
    FROM transactions GROUP BY 1, 2;
  DELETE FROM table_counts WHERE table_name = 'transactions';
  INSERT INTO table_counts (table_name, n) SELECT 'transactions', count(*) FROM transactions;
  INSERT INTO user_stats (user_id, role) SELECT id, role FROM users ON CONFLICT DO NOTHING;
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
