-- Exact figures for the whole marketplace, kept by the writes that change them
-- (statement-level triggers over transition tables: one pass per statement, so
-- a bulk insert of a million rides updates each counter once).
-- recount_counters() rebuilds them all from scratch; tests check both agree.

-- ---------------------------------------------------------------- users
CREATE FUNCTION users_after_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO user_counts (role, status, approval, n)
    SELECT role, status, approval, count(*) FROM new_rows WHERE deleted_at IS NULL
    GROUP BY 1, 2, 3
  ON CONFLICT (role, status, approval) DO UPDATE SET n = user_counts.n + excluded.n;
  INSERT INTO user_stats (user_id) SELECT id FROM new_rows ON CONFLICT DO NOTHING;
  UPDATE user_stats s SET total_driver = s.total_driver + d.n
    FROM (SELECT company_id, count(*) AS n FROM new_rows
          WHERE role = 'Driver' AND company_id IS NOT NULL AND deleted_at IS NULL
          GROUP BY 1) d
    WHERE s.user_id = d.company_id;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION users_after_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO user_counts (role, status, approval, n)
    SELECT role, status, approval, sum(n) FROM (
      SELECT role, status, approval, -1 AS n FROM old_rows WHERE deleted_at IS NULL
      UNION ALL
      SELECT role, status, approval, 1 FROM new_rows WHERE deleted_at IS NULL
    ) d GROUP BY 1, 2, 3 HAVING sum(n) <> 0
  ON CONFLICT (role, status, approval) DO UPDATE SET n = user_counts.n + excluded.n;
  UPDATE user_stats s SET total_driver = s.total_driver + d.n
    FROM (SELECT company_id, sum(n) AS n FROM (
            SELECT company_id, -1 AS n FROM old_rows
              WHERE role = 'Driver' AND company_id IS NOT NULL AND deleted_at IS NULL
            UNION ALL
            SELECT company_id, 1 FROM new_rows
              WHERE role = 'Driver' AND company_id IS NOT NULL AND deleted_at IS NULL
          ) x GROUP BY 1 HAVING sum(n) <> 0) d
    WHERE s.user_id = d.company_id;
  -- A renamed company is found by its new name in the vehicle search
  -- (touching company_id re-runs vehicles_set_search, defined below).
  UPDATE vehicles v SET company_id = v.company_id
    FROM new_rows n JOIN old_rows o ON o.id = n.id
    WHERE v.company_id = n.id
      AND (n.name, n.company_name) IS DISTINCT FROM (o.name, o.company_name);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION users_after_delete() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO user_counts (role, status, approval, n)
    SELECT role, status, approval, -count(*) FROM old_rows WHERE deleted_at IS NULL
    GROUP BY 1, 2, 3
  ON CONFLICT (role, status, approval) DO UPDATE SET n = user_counts.n + excluded.n;
  UPDATE user_stats s SET total_driver = s.total_driver - d.n
    FROM (SELECT company_id, count(*) AS n FROM old_rows
          WHERE role = 'Driver' AND company_id IS NOT NULL AND deleted_at IS NULL
          GROUP BY 1) d
    WHERE s.user_id = d.company_id;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER users_counters_insert AFTER INSERT ON users
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION users_after_insert();
--> statement-breakpoint
CREATE TRIGGER users_counters_update AFTER UPDATE ON users
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION users_after_update();
--> statement-breakpoint
CREATE TRIGGER users_counters_delete AFTER DELETE ON users
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION users_after_delete();
--> statement-breakpoint

-- ---------------------------------------------------------------- vehicles
-- The search text of a vehicle: plate, company, brand, model, types.
CREATE FUNCTION vehicles_set_search() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.search := lower(concat_ws(' ',
    NEW.license_number,
    (SELECT concat_ws(' ', company_name, name) FROM users WHERE id = NEW.company_id),
    (SELECT name FROM brands WHERE id = NEW.brand_id),
    (SELECT name FROM models WHERE id = NEW.model_id),
    (SELECT title FROM service_types WHERE id = NEW.service_type_id),
    (SELECT title FROM vehicle_types WHERE id = NEW.vehicle_type_id)));
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER vehicles_search BEFORE INSERT OR UPDATE OF license_number, company_id, brand_id,
  model_id, service_type_id, vehicle_type_id ON vehicles
  FOR EACH ROW EXECUTE FUNCTION vehicles_set_search();
--> statement-breakpoint
CREATE FUNCTION vehicles_counters_delta(d_approval approval, d_company integer, d_n bigint)
RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO vehicle_counts (approval, n) VALUES (d_approval, d_n)
  ON CONFLICT (approval) DO UPDATE SET n = vehicle_counts.n + excluded.n;
  UPDATE user_stats SET total_vehicle = total_vehicle + d_n WHERE user_id = d_company;
END $$;
--> statement-breakpoint
CREATE FUNCTION vehicles_after_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM vehicles_counters_delta(approval, company_id, count(*))
      FROM new_rows WHERE deleted_at IS NULL GROUP BY approval, company_id;
  ELSIF TG_OP = 'UPDATE' THEN
    PERFORM vehicles_counters_delta(approval, company_id, sum(n))
      FROM (SELECT approval, company_id, -1 AS n FROM old_rows WHERE deleted_at IS NULL
            UNION ALL
            SELECT approval, company_id, 1 FROM new_rows WHERE deleted_at IS NULL) d
      GROUP BY approval, company_id HAVING sum(n) <> 0;
  ELSE
    PERFORM vehicles_counters_delta(approval, company_id, -count(*))
      FROM old_rows WHERE deleted_at IS NULL GROUP BY approval, company_id;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER vehicles_counters_insert AFTER INSERT ON vehicles
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION vehicles_after_change();
--> statement-breakpoint
CREATE TRIGGER vehicles_counters_update AFTER UPDATE ON vehicles
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION vehicles_after_change();
--> statement-breakpoint
CREATE TRIGGER vehicles_counters_delete AFTER DELETE ON vehicles
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION vehicles_after_change();
--> statement-breakpoint

-- ---------------------------------------------------------------- rides
-- ride_counts per status (count and amount); user_stats per passenger, driver
-- and company (rides, and revenue of completed rides).
CREATE FUNCTION rides_after_change() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  cols constant text := 'ride_status, user_id, driver_id, company_id, amount';
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
    UPDATE user_stats s SET ride_count = s.ride_count + x.n, revenue = s.revenue + x.revenue
    FROM (SELECT who, sum(sign) AS n,
                 coalesce(sum(sign * amount) FILTER (WHERE ride_status = 'Complete'), 0) AS revenue
          FROM (SELECT user_id AS who, ride_status, amount, sign FROM d
                UNION ALL SELECT driver_id, ride_status, amount, sign FROM d WHERE driver_id IS NOT NULL
                UNION ALL SELECT company_id, ride_status, amount, sign FROM d WHERE company_id IS NOT NULL) w
          GROUP BY who) x
    WHERE s.user_id = x.who AND (x.n <> 0 OR x.revenue <> 0)
  $q$, delta);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER rides_counters_insert AFTER INSERT ON rides
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION rides_after_change();
--> statement-breakpoint
CREATE TRIGGER rides_counters_update AFTER UPDATE ON rides
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION rides_after_change();
--> statement-breakpoint
CREATE TRIGGER rides_counters_delete AFTER DELETE ON rides
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION rides_after_change();
--> statement-breakpoint

-- ---------------------------------------------------------------- row counts of whole tables
CREATE FUNCTION table_counts_after_change() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE delta bigint;
BEGIN
  IF TG_OP = 'INSERT' THEN
    SELECT count(*) INTO delta FROM new_rows;
  ELSE
    SELECT -count(*) INTO delta FROM old_rows;
  END IF;
  INSERT INTO table_counts (table_name, n) VALUES (TG_TABLE_NAME, delta)
  ON CONFLICT (table_name) DO UPDATE SET n = table_counts.n + excluded.n;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER transactions_count_insert AFTER INSERT ON transactions
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION table_counts_after_change();
--> statement-breakpoint
CREATE TRIGGER transactions_count_delete AFTER DELETE ON transactions
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION table_counts_after_change();
--> statement-breakpoint

-- ---------------------------------------------------------------- full recount
CREATE FUNCTION recount_counters() RETURNS void LANGUAGE plpgsql AS $$
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
  DELETE FROM table_counts WHERE table_name = 'transactions';
  INSERT INTO table_counts (table_name, n) SELECT 'transactions', count(*) FROM transactions;
  INSERT INTO user_stats (user_id) SELECT id FROM users ON CONFLICT DO NOTHING;
  UPDATE user_stats s SET
    ride_count = coalesce(r.n, 0), revenue = coalesce(r.revenue, 0),
    total_driver = coalesce(d.n, 0), total_vehicle = coalesce(v.n, 0)
  FROM users u
  LEFT JOIN (SELECT who, count(*) AS n,
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
