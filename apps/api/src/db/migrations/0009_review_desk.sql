-- The review desk (issue 19): decisions with reasons, who and when; an Active status for
-- vehicles; document expiry dates and what the daily check did; internal notes; and the
-- review queue's partial indexes (Pending rows, oldest first, per table).
CREATE TABLE "document_expiries" (
	"table_name" text NOT NULL,
	"record_id" integer NOT NULL,
	"document" text NOT NULL,
	"expires_on" date NOT NULL,
	"reminded_days" smallint,
	"expired_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "document_expiries_table_name_record_id_document_pk" PRIMARY KEY("table_name","record_id","document"),
	CONSTRAINT "document_expiries_table_check" CHECK ("document_expiries"."table_name" in ('users', 'vehicles')),
	CONSTRAINT "document_expiries_reminded_check" CHECK ("document_expiries"."reminded_days" in (30, 7, 1))
);
--> statement-breakpoint
CREATE TABLE "notes" (
	"id" serial PRIMARY KEY NOT NULL,
	"table_name" text NOT NULL,
	"record_id" integer NOT NULL,
	"admin_id" integer,
	"text" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "notes_table_check" CHECK ("notes"."table_name" in ('users', 'vehicles', 'rides'))
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "approval_reason" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "approval_decided_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "approval_decided_by" integer;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "status_reason" text;--> statement-breakpoint
ALTER TABLE "vehicles" ADD COLUMN "approval_reason" text;--> statement-breakpoint
ALTER TABLE "vehicles" ADD COLUMN "approval_decided_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "vehicles" ADD COLUMN "approval_decided_by" integer;--> statement-breakpoint
ALTER TABLE "vehicles" ADD COLUMN "status" "active_status" DEFAULT 'Active' NOT NULL;--> statement-breakpoint
ALTER TABLE "vehicles" ADD COLUMN "status_reason" text;--> statement-breakpoint
ALTER TABLE "notes" ADD CONSTRAINT "notes_admin_id_admins_id_fk" FOREIGN KEY ("admin_id") REFERENCES "public"."admins"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "document_expiries_expires_idx" ON "document_expiries" USING btree ("expires_on","table_name","record_id");--> statement-breakpoint
CREATE INDEX "notes_record_idx" ON "notes" USING btree ("table_name","record_id","created_at","id");--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_approval_decided_by_admins_id_fk" FOREIGN KEY ("approval_decided_by") REFERENCES "public"."admins"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vehicles" ADD CONSTRAINT "vehicles_approval_decided_by_admins_id_fk" FOREIGN KEY ("approval_decided_by") REFERENCES "public"."admins"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "users_pending_idx" ON "users" USING btree ("role","created_at","id") WHERE "users"."approval" = 'Pending' and "users"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "vehicles_pending_idx" ON "vehicles" USING btree ("created_at","id") WHERE "vehicles"."approval" = 'Pending' and "vehicles"."deleted_at" is null;