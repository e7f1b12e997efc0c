-- A trip search walks the trips in list order and tests each one's addresses and
-- people: the people were listed first from their trigram index and each trip
-- tested against them (a surname in 2% of people listed 5,500 of them, 7 ms of
-- 10). Each trip now carries its people's search text, so the walk tests two
-- columns of the row it reads. The trigram index stays on the addresses: a rare
-- person's trips are still found through that person (rides.repository.ts).
ALTER TABLE "rides" ADD COLUMN "people_search" text DEFAULT '' NOT NULL;--> statement-breakpoint
-- The search text of a trip's passenger, driver and company, the live ones in that
-- role (as the trip search has always matched them), one per line: a search term
-- holds no line break (the contract refuses control characters), so no term matches
-- across two people.
CREATE FUNCTION ride_people_search(passenger integer, driver integer, company integer)
RETURNS text LANGUAGE sql STABLE AS $$
  SELECT coalesce(string_agg(search, E'\n' ORDER BY id), '') FROM users
  WHERE deleted_at IS NULL AND ((id = passenger AND role = 'User')
    OR (id = driver AND role = 'Driver') OR (id = company AND role = 'Company'))
$$;
--> statement-breakpoint
-- Set on every write of the trip's people, and of the column itself: nothing else
-- decides its value (a write of people_search = people_search recomputes it).
CREATE FUNCTION rides_set_people_search() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.people_search := ride_people_search(NEW.user_id, NEW.driver_id, NEW.company_id);
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER rides_people_search BEFORE INSERT OR UPDATE OF user_id, driver_id, company_id,
  people_search ON rides FOR EACH ROW EXECUTE FUNCTION rides_set_people_search();
--> statement-breakpoint
UPDATE rides SET people_search = people_search;--> statement-breakpoint
-- users_after_update (0002) with one step more: a person renamed, given another
-- e-mail or phone, soft-deleted or restored is found by what they are now in the
-- trip search (their trips' people_search written again). A company's trips can be
-- many: a rename rewrites each of them, once.
CREATE OR REPLACE FUNCTION users_after_update() RETURNS trigger LANGUAGE plpgsql AS $$
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
  -- (touching company_id re-runs vehicles_set_search, defined in 0002).
  UPDATE vehicles v SET company_id = v.company_id
    FROM new_rows n JOIN old_rows o ON o.id = n.id
    WHERE v.company_id = n.id
      AND (n.name, n.company_name) IS DISTINCT FROM (o.name, o.company_name);
  UPDATE rides r SET people_search = r.people_search
    FROM (SELECT n.id FROM new_rows n JOIN old_rows o ON o.id = n.id
          WHERE (n.search, n.role) IS DISTINCT FROM (o.search, o.role)
             OR (n.deleted_at IS NULL) <> (o.deleted_at IS NULL)) c
    WHERE c.id IN (r.user_id, r.driver_id, r.company_id);
  RETURN NULL;
END $$;
