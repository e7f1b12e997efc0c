CREATE TABLE "live_alerts" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"ride_id" integer NOT NULL,
	"opened_at" timestamp with time zone NOT NULL,
	"resolved_at" timestamp with time zone,
	CONSTRAINT "live_alerts_kind_check" CHECK ("live_alerts"."kind" in ('waiting', 'silent'))
);
--> statement-breakpoint
ALTER TABLE "live_alerts" ADD CONSTRAINT "live_alerts_ride_id_rides_id_fk" FOREIGN KEY ("ride_id") REFERENCES "public"."rides"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "live_alerts_open_key" ON "live_alerts" USING btree ("kind","ride_id") WHERE "live_alerts"."resolved_at" is null;--> statement-breakpoint
CREATE INDEX "rides_live_idx" ON "rides" USING btree ("created_at") WHERE "rides"."ride_status" in ('Pending', 'Accept', 'Start');