CREATE TABLE "driver_positions" (
	"driver_id" integer PRIMARY KEY NOT NULL,
	"lat" double precision NOT NULL,
	"lng" double precision NOT NULL,
	"heading" real,
	"speed" real,
	"state" text NOT NULL,
	"at" timestamp with time zone NOT NULL,
	CONSTRAINT "driver_positions_state_check" CHECK ("driver_positions"."state" in ('offline', 'available', 'on_trip'))
);
--> statement-breakpoint
ALTER TABLE "driver_positions" ADD CONSTRAINT "driver_positions_driver_id_users_id_fk" FOREIGN KEY ("driver_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;