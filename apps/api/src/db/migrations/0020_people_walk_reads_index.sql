-- A search of the people or vehicles walks its list newest first (lib/search.ts)
-- and reads each row's search text: from the table, a heap fetch a row (1,650
-- passengers in 1.5 ms at the large scale, one connection). The list's own index
-- now carries that text as its last key, which never changes the order (the id
-- is unique), so the walk reads the index alone: 3,300 passengers in about the
-- same time, and the walks go twice as far (PEOPLE_WALK_RATIO 300,
-- SMALL_LIST_WALK_RATIO 100). A term in one passenger of 150 to 300 now fills
-- the page by the walk rather than pay the walk and the listing of all its
-- matches ("king", 834 of 228,000: 14.0 to 8.8 ms a request), and the worst
-- term, just too rare for the walk, lists half as many. Costs, for 250,000
-- people: users_created_idx 23 MB against 8, users_role_created_idx 25 against
-- 10. The newest rows are walked first, and are the ones PostgreSQL's default
-- (20% of inserts or changes) leaves unvacuumed longest: vacuumed after 1%, as
-- the trips are (0017).
DROP INDEX "users_created_idx";--> statement-breakpoint
DROP INDEX "users_role_created_idx";--> statement-breakpoint
DROP INDEX "vehicles_created_idx";--> statement-breakpoint
CREATE INDEX "users_created_idx" ON "users" USING btree ("created_at","id","search") WHERE "users"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "users_role_created_idx" ON "users" USING btree ("role","created_at","id","search") WHERE "users"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "vehicles_created_idx" ON "vehicles" USING btree ("created_at","id","search") WHERE "vehicles"."deleted_at" is null;--> statement-breakpoint
ALTER TABLE "users" SET (autovacuum_vacuum_scale_factor = 0.01, autovacuum_vacuum_insert_scale_factor = 0.01);--> statement-breakpoint
ALTER TABLE "vehicles" SET (autovacuum_vacuum_scale_factor = 0.01, autovacuum_vacuum_insert_scale_factor = 0.01);
