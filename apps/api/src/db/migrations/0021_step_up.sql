-- A session that gave its password and a code again (step-up) may change its
-- second factor until this time.
ALTER TABLE "admin_sessions" ADD COLUMN "step_up_until" timestamp with time zone;