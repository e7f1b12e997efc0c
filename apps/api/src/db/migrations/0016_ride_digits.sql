-- A phone fragment (a term of digits alone) was matched by the trip walk against
-- both text columns of every trip it read (3,300 trips, and 6,600 more for most
-- fragments: 28-60 ms p97.5 at a million trips under ten connections, floor
-- alone). Such a term can only match inside a run of digits, so matching it
-- against the runs alone is the same answer; kept by PostgreSQL from the columns
-- they come from (people_search is kept by triggers, migration 0015), ~65 bytes a
-- trip. The list's own index carries them, so that walk reads no table page:
-- 9,900 trips in 2.8-3.4 ms against 6.3-7.4 (the index 101 MB against 30 at a
-- million trips). Adding the column rewrites the trips once.
DROP INDEX "rides_created_idx";--> statement-breakpoint
ALTER TABLE "rides" ADD COLUMN "digits" text GENERATED ALWAYS AS (regexp_replace("rides"."pickup_address" || ' ' || "rides"."drop_address" || ' ' || "rides"."people_search", '[^0-9]+', ' ', 'g')) STORED;--> statement-breakpoint
CREATE INDEX "rides_created_idx" ON "rides" USING btree ("created_at","id","digits");
