CREATE TABLE "bank_details" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"iban" text NOT NULL,
	"bic" text NOT NULL,
	"holder" text NOT NULL,
	"admin_id" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payout_batches" (
	"id" serial PRIMARY KEY NOT NULL,
	"period_end" date NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"minimum" numeric(12, 2) NOT NULL,
	"total" numeric(12, 2) NOT NULL,
	"drafted_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"approved_by" integer,
	"approved_at" timestamp with time zone,
	"exported_at" timestamp with time zone,
	"marked_by" integer,
	"marked_at" timestamp with time zone,
	"reference" text,
	CONSTRAINT "payout_batches_status_check" CHECK ("payout_batches"."status" in ('draft', 'discarded', 'approved', 'exported', 'paid', 'failed'))
);
--> statement-breakpoint
CREATE TABLE "payout_items" (
	"batch_id" integer NOT NULL,
	"party_id" integer NOT NULL,
	"state" text NOT NULL,
	"amount" numeric(12, 2) NOT NULL,
	"iban" text,
	"bic" text,
	"holder" text,
	CONSTRAINT "payout_items_batch_id_party_id_pk" PRIMARY KEY("batch_id","party_id"),
	CONSTRAINT "payout_items_state_check" CHECK ("payout_items"."state" in ('pay', 'blocked', 'owing'))
);
--> statement-breakpoint
ALTER TABLE "ledger_entries" DROP CONSTRAINT "ledger_entries_account_check";--> statement-breakpoint
ALTER TABLE "bank_details" ADD CONSTRAINT "bank_details_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bank_details" ADD CONSTRAINT "bank_details_admin_id_admins_id_fk" FOREIGN KEY ("admin_id") REFERENCES "public"."admins"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payout_batches" ADD CONSTRAINT "payout_batches_drafted_by_admins_id_fk" FOREIGN KEY ("drafted_by") REFERENCES "public"."admins"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payout_batches" ADD CONSTRAINT "payout_batches_approved_by_admins_id_fk" FOREIGN KEY ("approved_by") REFERENCES "public"."admins"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payout_batches" ADD CONSTRAINT "payout_batches_marked_by_admins_id_fk" FOREIGN KEY ("marked_by") REFERENCES "public"."admins"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payout_items" ADD CONSTRAINT "payout_items_batch_id_payout_batches_id_fk" FOREIGN KEY ("batch_id") REFERENCES "public"."payout_batches"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payout_items" ADD CONSTRAINT "payout_items_party_id_users_id_fk" FOREIGN KEY ("party_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "payout_batches_one_draft" ON "payout_batches" USING btree ("status") WHERE "payout_batches"."status" = 'draft';--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_account_check" CHECK (("ledger_entries"."account" in ('platform_receipts', 'platform_revenue', 'platform_coupons', 'payouts_in_transit', 'platform_paid_out') and "ledger_entries"."party_id" is null)
          or ("ledger_entries"."account" in ('company', 'driver', 'driver_cash') and "ledger_entries"."party_id" is not null));