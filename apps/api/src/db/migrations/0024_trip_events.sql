CREATE TABLE "ride_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"ride_id" integer NOT NULL,
	"event" text NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"key_id" integer,
	"admin_id" integer,
	"reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ride_events_event_check" CHECK ("ride_events"."event" in ('created', 'accepted', 'started', 'ended', 'completed', 'cancelled'))
);
--> statement-breakpoint
ALTER TABLE "rides" ADD COLUMN "external_id" text;--> statement-breakpoint
ALTER TABLE "transactions" ADD COLUMN "external_id" text;--> statement-breakpoint
ALTER TABLE "ride_events" ADD CONSTRAINT "ride_events_ride_id_rides_id_fk" FOREIGN KEY ("ride_id") REFERENCES "public"."rides"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ride_events" ADD CONSTRAINT "ride_events_key_id_integration_keys_id_fk" FOREIGN KEY ("key_id") REFERENCES "public"."integration_keys"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ride_events" ADD CONSTRAINT "ride_events_admin_id_admins_id_fk" FOREIGN KEY ("admin_id") REFERENCES "public"."admins"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "ride_events_ride_at_event_key" ON "ride_events" USING btree ("ride_id","at","event");--> statement-breakpoint
CREATE UNIQUE INDEX "rides_external_id_key" ON "rides" USING btree ("external_id") WHERE "rides"."external_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "transactions_external_id_key" ON "transactions" USING btree ("external_id") WHERE "transactions"."external_id" is not null;--> statement-breakpoint
CREATE INDEX "webhook_events_feed_idx" ON "webhook_events" USING btree ("txid","id") WHERE "webhook_events"."webhook_id" is null;