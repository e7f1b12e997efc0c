ALTER TABLE "document_expiries" ALTER COLUMN "expires_on" DROP NOT NULL;--> statement-breakpoint
-- Every Approved record's expiring document without a date is listed as "date missing".
INSERT INTO "document_expiries" ("table_name", "record_id", "document")
SELECT 'users', u."id", CASE WHEN u."role" = 'Company' THEN 'business_licence' ELSE 'driver_licence' END
FROM "users" u
WHERE u."approval" = 'Approved' AND u."deleted_at" IS NULL AND u."role" IN ('Company', 'Driver')
ON CONFLICT DO NOTHING;--> statement-breakpoint
INSERT INTO "document_expiries" ("table_name", "record_id", "document")
SELECT 'vehicles', v."id", d."document"
FROM "vehicles" v CROSS JOIN (VALUES ('registration'), ('insurance')) AS d("document")
WHERE v."approval" = 'Approved' AND v."deleted_at" IS NULL
ON CONFLICT DO NOTHING;
