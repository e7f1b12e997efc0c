ALTER TABLE "live_alerts" DROP CONSTRAINT "live_alerts_kind_check";--> statement-breakpoint
ALTER TABLE "rides" ADD COLUMN "pickup_lat" double precision;--> statement-breakpoint
ALTER TABLE "rides" ADD COLUMN "pickup_lng" double precision;--> statement-breakpoint
ALTER TABLE "rides" ADD COLUMN "drop_lat" double precision;--> statement-breakpoint
ALTER TABLE "rides" ADD COLUMN "drop_lng" double precision;--> statement-breakpoint
ALTER TABLE "live_alerts" ADD CONSTRAINT "live_alerts_kind_check" CHECK ("live_alerts"."kind" in ('waiting', 'silent', 'overdue'));