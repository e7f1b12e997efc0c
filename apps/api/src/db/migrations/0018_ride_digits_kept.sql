-- The trips' runs of digits (0016) were a generated column, so PostgreSQL ran
-- the regular expression over every trip written: about 250 characters each,
-- 6-8 s of the large seed's million trips (a third of writing them), where the
-- seed knows each run (a house number, a zip, a person's phone) before it
-- writes the text. They are now kept by the trigger that keeps people_search,
-- from one definition, ride_digits(); the seed writes them itself, and its test
-- checks every seeded trip against ride_digits(). Dropping the expression keeps
-- every value: nothing is rewritten.
ALTER TABLE "rides" ALTER COLUMN "digits" DROP EXPRESSION;--> statement-breakpoint
ALTER TABLE "rides" ALTER COLUMN "digits" SET DEFAULT '';--> statement-breakpoint
ALTER TABLE "rides" ALTER COLUMN "digits" SET NOT NULL;--> statement-breakpoint
CREATE FUNCTION ride_digits(pickup text, dropoff text, people text)
RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT regexp_replace(pickup || ' ' || dropoff || ' ' || people, '[^0-9]+', ' ', 'g')
$$;
--> statement-breakpoint
-- Set on every write of what they come from, and of themselves: nothing else
-- decides their values (a write of people_search = people_search recomputes both).
CREATE FUNCTION rides_set_search() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.people_search := ride_people_search(NEW.user_id, NEW.driver_id, NEW.company_id);
  NEW.digits := ride_digits(NEW.pickup_address, NEW.drop_address, NEW.people_search);
  RETURN NEW;
END $$;
--> statement-breakpoint
DROP TRIGGER rides_people_search ON rides;--> statement-breakpoint
DROP FUNCTION rides_set_people_search();--> statement-breakpoint
CREATE TRIGGER rides_search BEFORE INSERT OR UPDATE OF user_id, driver_id, company_id,
  pickup_address, drop_address, people_search, digits ON rides
  FOR EACH ROW EXECUTE FUNCTION rides_set_search();
