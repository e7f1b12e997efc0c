-- Integration keys (stored hashed) and the answers of their idempotent writes; the
-- marketplace's own ids of people and vehicles that came in through the integration
-- API, unique per kind (decision 015). The new columns are null everywhere, so adding
-- them rewrites nothing and the partial indexes start empty.
CREATE TABLE "integration_keys" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"key_hash" text NOT NULL,
	"prefix" text NOT NULL,
	"scopes" text[] NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_used_at" timestamp with time zone,
	"revoked_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "integration_requests" (
	"key_id" integer NOT NULL,
	"idempotency_key" text NOT NULL,
	"request_hash" text NOT NULL,
	"status_code" smallint NOT NULL,
	"response" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "integration_requests_key_id_idempotency_key_pk" PRIMARY KEY("key_id","idempotency_key")
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "external_id" text;--> statement-breakpoint
ALTER TABLE "vehicles" ADD COLUMN "external_id" text;--> statement-breakpoint
ALTER TABLE "integration_keys" ADD CONSTRAINT "integration_keys_created_by_admins_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."admins"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "integration_requests" ADD CONSTRAINT "integration_requests_key_id_integration_keys_id_fk" FOREIGN KEY ("key_id") REFERENCES "public"."integration_keys"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "integration_keys_key_hash_key" ON "integration_keys" USING btree ("key_hash");--> statement-breakpoint
CREATE INDEX "integration_requests_created_idx" ON "integration_requests" USING btree ("created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "users_role_external_id_key" ON "users" USING btree ("role","external_id") WHERE "users"."external_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "vehicles_external_id_key" ON "vehicles" USING btree ("external_id") WHERE "vehicles"."external_id" is not null;