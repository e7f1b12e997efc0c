CREATE TABLE "import_summaries" (
	"source" text NOT NULL,
	"import_id" text NOT NULL,
	"companies" integer DEFAULT 0 NOT NULL,
	"drivers" integer DEFAULT 0 NOT NULL,
	"passengers" integer DEFAULT 0 NOT NULL,
	"vehicles" integer DEFAULT 0 NOT NULL,
	"rejected" integer DEFAULT 0 NOT NULL,
	"notification_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "import_summaries_source_import_id_pk" PRIMARY KEY("source","import_id")
);
--> statement-breakpoint
ALTER TABLE "webhook_attempts" ADD COLUMN "response_excerpt" text;--> statement-breakpoint
ALTER TABLE "import_summaries" ADD CONSTRAINT "import_summaries_notification_id_notifications_id_fk" FOREIGN KEY ("notification_id") REFERENCES "public"."notifications"("id") ON DELETE set null ON UPDATE no action;