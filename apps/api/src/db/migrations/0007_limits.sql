CREATE TABLE "login_throttles" (
	"key" text PRIMARY KEY NOT NULL,
	"level" double precision NOT NULL,
	"last_failure_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "otp_waits" (
	"key" text PRIMARY KEY NOT NULL,
	"wait_seconds" integer NOT NULL,
	"next_code_at" timestamp with time zone NOT NULL,
	"last_wrong_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
-- Counters have no expiry to carry over: every client starts a fresh window.
DELETE FROM "rate_limits";--> statement-breakpoint
ALTER TABLE "rate_limits" ADD COLUMN "expires_at" timestamp with time zone NOT NULL;