-- One account's trips carry their status last in the index of their order, so a
-- status filter on a passenger's, driver's or company's trips reads the index alone.
DROP INDEX "rides_user_created_idx";--> statement-breakpoint
DROP INDEX "rides_driver_created_idx";--> statement-breakpoint
DROP INDEX "rides_company_created_idx";--> statement-breakpoint
CREATE INDEX "rides_user_created_idx" ON "rides" USING btree ("user_id","created_at","id","ride_status");--> statement-breakpoint
CREATE INDEX "rides_driver_created_idx" ON "rides" USING btree ("driver_id","created_at","id","ride_status");--> statement-breakpoint
CREATE INDEX "rides_company_created_idx" ON "rides" USING btree ("company_id","created_at","id","ride_status");