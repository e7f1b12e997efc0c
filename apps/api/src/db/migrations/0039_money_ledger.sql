CREATE TABLE "commission_rules" (
	"id" serial PRIMARY KEY NOT NULL,
	"service_type_id" integer NOT NULL,
	"company_id" integer,
	"percent" numeric(5, 2) NOT NULL,
	"company_percent" numeric(5, 2) DEFAULT '0' NOT NULL,
	"starts_on" date NOT NULL,
	"admin_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "commission_rules_percent_check" CHECK ("commission_rules"."percent" between 0 and 100 and "commission_rules"."company_percent" between 0 and 100
          and "commission_rules"."percent" + "commission_rules"."company_percent" <= 100)
);
--> statement-breakpoint
CREATE TABLE "ledger_entries" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"set_id" bigint NOT NULL,
	"account" text NOT NULL,
	"party_id" integer,
	"amount" numeric(12, 2) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ledger_entries_account_check" CHECK (("ledger_entries"."account" in ('platform_receipts', 'platform_revenue', 'platform_coupons') and "ledger_entries"."party_id" is null)
          or ("ledger_entries"."account" in ('company', 'driver', 'driver_cash') and "ledger_entries"."party_id" is not null)),
	CONSTRAINT "ledger_entries_amount_check" CHECK ("ledger_entries"."amount" <> 0)
);
--> statement-breakpoint
CREATE TABLE "ledger_sets" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"cause" text NOT NULL,
	"cause_id" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ledger_sets_cause_check" CHECK ("ledger_sets"."cause" in ('ride_split', 'refund', 'adjustment', 'payout'))
);
--> statement-breakpoint
CREATE TABLE "ride_splits" (
	"ride_id" integer PRIMARY KEY NOT NULL,
	"rule_id" integer,
	"percent" numeric(5, 2) NOT NULL,
	"company_percent" numeric(5, 2) NOT NULL,
	"gross" numeric(12, 2) NOT NULL,
	"coupon_discount" numeric(12, 2) NOT NULL,
	"platform_commission" numeric(12, 2) NOT NULL,
	"company_share" numeric(12, 2) NOT NULL,
	"driver_share" numeric(12, 2) NOT NULL,
	"cash_collected" boolean NOT NULL,
	"company_id" integer,
	"driver_id" integer,
	"completed_at" timestamp with time zone NOT NULL,
	"set_id" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ride_splits_sum_check" CHECK ("ride_splits"."platform_commission" + "ride_splits"."company_share" + "ride_splits"."driver_share" = "ride_splits"."gross"
          and "ride_splits"."coupon_discount" between 0 and "ride_splits"."gross")
);
--> statement-breakpoint
ALTER TABLE "rides" ADD COLUMN "coupon_discount" numeric(12, 2) DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "rides" ADD COLUMN "payment_method" text;--> statement-breakpoint
ALTER TABLE "commission_rules" ADD CONSTRAINT "commission_rules_service_type_id_service_types_id_fk" FOREIGN KEY ("service_type_id") REFERENCES "public"."service_types"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "commission_rules" ADD CONSTRAINT "commission_rules_company_id_users_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "commission_rules" ADD CONSTRAINT "commission_rules_admin_id_admins_id_fk" FOREIGN KEY ("admin_id") REFERENCES "public"."admins"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_set_id_ledger_sets_id_fk" FOREIGN KEY ("set_id") REFERENCES "public"."ledger_sets"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_party_id_users_id_fk" FOREIGN KEY ("party_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ride_splits" ADD CONSTRAINT "ride_splits_ride_id_rides_id_fk" FOREIGN KEY ("ride_id") REFERENCES "public"."rides"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ride_splits" ADD CONSTRAINT "ride_splits_rule_id_commission_rules_id_fk" FOREIGN KEY ("rule_id") REFERENCES "public"."commission_rules"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ride_splits" ADD CONSTRAINT "ride_splits_company_id_users_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ride_splits" ADD CONSTRAINT "ride_splits_driver_id_users_id_fk" FOREIGN KEY ("driver_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ride_splits" ADD CONSTRAINT "ride_splits_set_id_ledger_sets_id_fk" FOREIGN KEY ("set_id") REFERENCES "public"."ledger_sets"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "commission_rules_key" ON "commission_rules" USING btree ("service_type_id",coalesce("company_id", 0),"starts_on");--> statement-breakpoint
CREATE INDEX "ledger_entries_set_idx" ON "ledger_entries" USING btree ("set_id");--> statement-breakpoint
CREATE INDEX "ledger_entries_party_idx" ON "ledger_entries" USING btree ("party_id","account","created_at") WHERE "ledger_entries"."party_id" is not null;--> statement-breakpoint
CREATE INDEX "ledger_sets_cause_idx" ON "ledger_sets" USING btree ("cause","cause_id");--> statement-breakpoint
ALTER TABLE "rides" ADD CONSTRAINT "rides_coupon_discount_check" CHECK ("rides"."coupon_discount" >= 0);--> statement-breakpoint
-- Each ledger set sums to zero, checked when its transaction commits (after every entry of it is written).
CREATE FUNCTION ledger_set_balanced() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  total numeric;
BEGIN
  SELECT sum(amount) INTO total FROM ledger_entries WHERE set_id = NEW.set_id;
  IF total <> 0 THEN
    RAISE EXCEPTION 'ledger set % sums to %, not zero', NEW.set_id, total
      USING ERRCODE = 'check_violation', CONSTRAINT = 'ledger_entries_balanced';
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER ledger_entries_balanced AFTER INSERT ON ledger_entries
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION ledger_set_balanced();
--> statement-breakpoint
-- The ledger and the splits are written once: a correction is a new set.
CREATE FUNCTION ledger_written_once() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION '% is written once: a correction is a new ledger set', TG_TABLE_NAME
    USING ERRCODE = 'restrict_violation';
END $$;
--> statement-breakpoint
CREATE TRIGGER ledger_entries_once BEFORE UPDATE OR DELETE ON ledger_entries
  FOR EACH ROW EXECUTE FUNCTION ledger_written_once();
--> statement-breakpoint
CREATE TRIGGER ledger_sets_once BEFORE UPDATE OR DELETE ON ledger_sets
  FOR EACH ROW EXECUTE FUNCTION ledger_written_once();
--> statement-breakpoint
CREATE TRIGGER ride_splits_once BEFORE UPDATE OR DELETE ON ride_splits
  FOR EACH ROW EXECUTE FUNCTION ledger_written_once();
