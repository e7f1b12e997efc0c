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
CREATE TABLE "ride_route_points" (
	"ride_id" integer NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"lat" double precision NOT NULL,
	"lng" double precision NOT NULL,
	CONSTRAINT "ride_route_points_ride_id_at_pk" PRIMARY KEY("ride_id","at")
);
--> statement-breakpoint
CREATE TABLE "ride_routes" (
	"ride_id" integer PRIMARY KEY NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"path" text NOT NULL,
	"seconds" integer[] NOT NULL
);
--> statement-breakpoint
ALTER TABLE "driver_positions" ADD CONSTRAINT "driver_positions_driver_id_users_id_fk" FOREIGN KEY ("driver_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ride_route_points" ADD CONSTRAINT "ride_route_points_ride_id_rides_id_fk" FOREIGN KEY ("ride_id") REFERENCES "public"."rides"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ride_routes" ADD CONSTRAINT "ride_routes_ride_id_rides_id_fk" FOREIGN KEY ("ride_id") REFERENCES "public"."rides"("id") ON DELETE no action ON UPDATE no action;