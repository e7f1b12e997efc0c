CREATE TABLE "notification_reads" (
	"notification_id" integer NOT NULL,
	"admin_id" integer NOT NULL,
	"read_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "notification_reads_admin_id_notification_id_pk" PRIMARY KEY("admin_id","notification_id")
);
--> statement-breakpoint
CREATE TABLE "notification_stream_tickets" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"session_id" integer NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "pushed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "notification_reads" ADD CONSTRAINT "notification_reads_notification_id_notifications_id_fk" FOREIGN KEY ("notification_id") REFERENCES "public"."notifications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notification_reads" ADD CONSTRAINT "notification_reads_admin_id_admins_id_fk" FOREIGN KEY ("admin_id") REFERENCES "public"."admins"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notification_stream_tickets" ADD CONSTRAINT "notification_stream_tickets_session_id_admin_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."admin_sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "notification_reads_notification_idx" ON "notification_reads" USING btree ("notification_id");--> statement-breakpoint
-- Read state becomes per administrator: a notification read before is read by every admin who could see it.
INSERT INTO "notification_reads" ("notification_id", "admin_id", "read_at")
SELECT n."id", a."id", n."read_at" FROM "notifications" n JOIN "admins" a ON n."admin_id" IS NULL OR n."admin_id" = a."id"
WHERE n."read_at" IS NOT NULL;--> statement-breakpoint
ALTER TABLE "notifications" DROP COLUMN "read_at";
