-- A plate is searched as typed, whatever its separators: "lwn2992" finds
-- "LWN-2992" (issue 45). The vehicles' search text (0002) also holds the plate's
-- letters and digits alone, so the one plain condition on it (lib/search.ts,
-- docs/decisions/013) finds a plate typed without them, and a term typed with
-- other separators is also matched by its letters and digits (plateOf).
CREATE OR REPLACE FUNCTION vehicles_set_search() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.search := lower(concat_ws(' ',
    NEW.license_number,
    nullif(regexp_replace(NEW.license_number, '[^[:alnum:]]+', '', 'g'), NEW.license_number),
    (SELECT concat_ws(' ', company_name, name) FROM users WHERE id = NEW.company_id),
    (SELECT name FROM brands WHERE id = NEW.brand_id),
    (SELECT name FROM models WHERE id = NEW.model_id),
    (SELECT title FROM service_types WHERE id = NEW.service_type_id),
    (SELECT title FROM vehicle_types WHERE id = NEW.vehicle_type_id)));
  RETURN NEW;
END $$;
--> statement-breakpoint
-- The vehicles written before: the trigger runs again on a write of the plate.
UPDATE vehicles SET license_number = license_number
  WHERE license_number ~ '[^[:alnum:]]';
--> statement-breakpoint
-- Notifications that stay trusted (issue 45): what each announces, which an
-- administrator may mute, and whose action it was, never unread for them.
ALTER TABLE "admins" ADD COLUMN "muted_notification_kinds" text[] DEFAULT '{}' NOT NULL;--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "kind" text;--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "author_id" integer;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_author_id_admins_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."admins"("id") ON DELETE set null ON UPDATE no action;