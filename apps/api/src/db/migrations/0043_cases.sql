CREATE TABLE "case_activities" (
	"id" serial PRIMARY KEY NOT NULL,
	"case_id" integer NOT NULL,
	"kind" text NOT NULL,
	"text" text,
	"admin_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "case_deadlines" (
	"type" text PRIMARY KEY NOT NULL,
	"acknowledge_minutes" integer NOT NULL,
	"resolve_minutes" integer NOT NULL,
	"admin_id" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "case_deadlines_minutes_check" CHECK ("case_deadlines"."acknowledge_minutes" > 0 and "case_deadlines"."resolve_minutes" > "case_deadlines"."acknowledge_minutes")
);
--> statement-breakpoint
CREATE TABLE "cases" (
	"id" serial PRIMARY KEY NOT NULL,
	"external_id" text,
	"kind" text NOT NULL,
	"complaint_type" text,
	"status" text DEFAULT 'New' NOT NULL,
	"ride_id" integer,
	"driver_id" integer,
	"passenger_id" integer,
	"reported_by" text,
	"rating_id" integer,
	"text" text,
	"lat" double precision,
	"lng" double precision,
	"reported_at" timestamp with time zone NOT NULL,
	"acknowledge_due_at" timestamp with time zone NOT NULL,
	"resolve_due_at" timestamp with time zone NOT NULL,
	"due_at" timestamp with time zone,
	"acknowledged_at" timestamp with time zone,
	"closed_at" timestamp with time zone,
	"escalated_at" timestamp with time zone,
	"assignee_id" integer,
	"outcome" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "cases_kind_check" CHECK ("cases"."kind" in ('sos', 'complaint', 'rating')),
	CONSTRAINT "cases_status_check" CHECK ("cases"."status" in ('New', 'Acknowledged', 'In progress', 'Resolved', 'False alarm')),
	CONSTRAINT "cases_outcome_check" CHECK ("cases"."outcome" in ('no_action', 'warning', 'driver_deactivated', 'refund')),
	CONSTRAINT "cases_reported_by_check" CHECK ("cases"."reported_by" in ('passenger', 'driver'))
);
--> statement-breakpoint
CREATE TABLE "driver_ratings" (
	"driver_id" integer PRIMARY KEY NOT NULL,
	"count" integer DEFAULT 0 NOT NULL,
	"sum" integer DEFAULT 0 NOT NULL,
	"stars_1" integer DEFAULT 0 NOT NULL,
	"stars_2" integer DEFAULT 0 NOT NULL,
	"stars_3" integer DEFAULT 0 NOT NULL,
	"stars_4" integer DEFAULT 0 NOT NULL,
	"stars_5" integer DEFAULT 0 NOT NULL,
	"average" numeric(3, 2)
);
--> statement-breakpoint
CREATE TABLE "ratings" (
	"id" serial PRIMARY KEY NOT NULL,
	"ride_id" integer NOT NULL,
	"by" text NOT NULL,
	"stars" smallint NOT NULL,
	"comment" text,
	"rated_id" integer,
	"at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ratings_by_check" CHECK ("ratings"."by" in ('passenger', 'driver')),
	CONSTRAINT "ratings_stars_check" CHECK ("ratings"."stars" between 1 and 5)
);
--> statement-breakpoint
ALTER TABLE "case_activities" ADD CONSTRAINT "case_activities_case_id_cases_id_fk" FOREIGN KEY ("case_id") REFERENCES "public"."cases"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "case_activities" ADD CONSTRAINT "case_activities_admin_id_admins_id_fk" FOREIGN KEY ("admin_id") REFERENCES "public"."admins"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "case_deadlines" ADD CONSTRAINT "case_deadlines_admin_id_admins_id_fk" FOREIGN KEY ("admin_id") REFERENCES "public"."admins"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cases" ADD CONSTRAINT "cases_ride_id_rides_id_fk" FOREIGN KEY ("ride_id") REFERENCES "public"."rides"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cases" ADD CONSTRAINT "cases_driver_id_users_id_fk" FOREIGN KEY ("driver_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cases" ADD CONSTRAINT "cases_passenger_id_users_id_fk" FOREIGN KEY ("passenger_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cases" ADD CONSTRAINT "cases_rating_id_ratings_id_fk" FOREIGN KEY ("rating_id") REFERENCES "public"."ratings"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cases" ADD CONSTRAINT "cases_assignee_id_admins_id_fk" FOREIGN KEY ("assignee_id") REFERENCES "public"."admins"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "driver_ratings" ADD CONSTRAINT "driver_ratings_driver_id_users_id_fk" FOREIGN KEY ("driver_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ratings" ADD CONSTRAINT "ratings_ride_id_rides_id_fk" FOREIGN KEY ("ride_id") REFERENCES "public"."rides"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ratings" ADD CONSTRAINT "ratings_rated_id_users_id_fk" FOREIGN KEY ("rated_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "case_activities_case_idx" ON "case_activities" USING btree ("case_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "cases_external_id_key" ON "cases" USING btree ("external_id") WHERE "cases"."external_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "cases_rating_key" ON "cases" USING btree ("rating_id") WHERE "cases"."rating_id" is not null;--> statement-breakpoint
CREATE INDEX "cases_desk_idx" ON "cases" USING btree (("kind" = 'sos' and "due_at" is not null) desc,"due_at","id");--> statement-breakpoint
CREATE INDEX "cases_open_idx" ON "cases" USING btree ("kind") WHERE "cases"."due_at" is not null;--> statement-breakpoint
CREATE INDEX "cases_escalation_idx" ON "cases" USING btree ("acknowledge_due_at") WHERE "cases"."kind" = 'sos' and "cases"."status" = 'New' and "cases"."escalated_at" is null;--> statement-breakpoint
CREATE INDEX "cases_assignee_idx" ON "cases" USING btree ("assignee_id");--> statement-breakpoint
CREATE INDEX "cases_driver_idx" ON "cases" USING btree ("driver_id","created_at");--> statement-breakpoint
CREATE INDEX "cases_passenger_idx" ON "cases" USING btree ("passenger_id","created_at");--> statement-breakpoint
CREATE INDEX "driver_ratings_average_idx" ON "driver_ratings" USING btree ("average","driver_id");--> statement-breakpoint
CREATE UNIQUE INDEX "ratings_ride_by_key" ON "ratings" USING btree ("ride_id","by");--> statement-breakpoint
CREATE INDEX "ratings_rated_idx" ON "ratings" USING btree ("rated_id","by","at");