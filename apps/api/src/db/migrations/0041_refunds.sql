CREATE TABLE "ledger_balances" (
	"party_id" integer NOT NULL,
	"account" text NOT NULL,
	"amount" numeric(16, 2) DEFAULT '0' NOT NULL,
	CONSTRAINT "ledger_balances_party_id_account_pk" PRIMARY KEY("party_id","account")
);
--> statement-breakpoint
CREATE TABLE "money_daily" (
	"day" date PRIMARY KEY NOT NULL,
	"gross" numeric(16, 2) DEFAULT '0' NOT NULL,
	"coupons" numeric(16, 2) DEFAULT '0' NOT NULL,
	"commission" numeric(16, 2) DEFAULT '0' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "money_requests" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"status" text NOT NULL,
	"ride_id" integer,
	"party_id" integer,
	"amount" numeric(12, 2) NOT NULL,
	"reason" text NOT NULL,
	"threshold" numeric(12, 2) NOT NULL,
	"maker_id" integer NOT NULL,
	"approver_id" integer,
	"set_id" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"approved_at" timestamp with time zone,
	CONSTRAINT "money_requests_kind_check" CHECK (("money_requests"."kind" = 'refund' and "money_requests"."ride_id" is not null and "money_requests"."party_id" is null and "money_requests"."amount" > 0)
          or ("money_requests"."kind" = 'adjustment' and "money_requests"."party_id" is not null and "money_requests"."ride_id" is null and "money_requests"."amount" <> 0)),
	CONSTRAINT "money_requests_status_check" CHECK (("money_requests"."status" = 'pending' and "money_requests"."approver_id" is null and "money_requests"."set_id" is null and "money_requests"."approved_at" is null)
          or ("money_requests"."status" = 'approved' and "money_requests"."set_id" is not null and "money_requests"."approved_at" is not null))
);
--> statement-breakpoint
ALTER TABLE "ledger_balances" ADD CONSTRAINT "ledger_balances_party_id_users_id_fk" FOREIGN KEY ("party_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "money_requests" ADD CONSTRAINT "money_requests_ride_id_rides_id_fk" FOREIGN KEY ("ride_id") REFERENCES "public"."rides"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "money_requests" ADD CONSTRAINT "money_requests_party_id_users_id_fk" FOREIGN KEY ("party_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "money_requests" ADD CONSTRAINT "money_requests_maker_id_admins_id_fk" FOREIGN KEY ("maker_id") REFERENCES "public"."admins"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "money_requests" ADD CONSTRAINT "money_requests_approver_id_admins_id_fk" FOREIGN KEY ("approver_id") REFERENCES "public"."admins"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "money_requests" ADD CONSTRAINT "money_requests_set_id_ledger_sets_id_fk" FOREIGN KEY ("set_id") REFERENCES "public"."ledger_sets"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "money_requests_ride_idx" ON "money_requests" USING btree ("ride_id") WHERE "money_requests"."ride_id" is not null;--> statement-breakpoint
CREATE INDEX "money_requests_status_idx" ON "money_requests" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "money_requests_approved_idx" ON "money_requests" USING btree ("approved_at") WHERE "money_requests"."status" = 'approved';--> statement-breakpoint
-- Each party's balance per account, kept with every ledger entry written (entries are never
-- updated or deleted, so inserts are the only change); rows in a fixed order, so two
-- transactions moving the same parties wait for each other rather than deadlock.
CREATE FUNCTION ledger_entries_to_balances() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO ledger_balances (party_id, account, amount)
    SELECT party_id, account, sum(amount) FROM new_rows
    WHERE party_id IS NOT NULL GROUP BY 1, 2 ORDER BY 1, 2
  ON CONFLICT (party_id, account) DO UPDATE SET amount = ledger_balances.amount + excluded.amount;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER ledger_entries_balances AFTER INSERT ON ledger_entries
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION ledger_entries_to_balances();
--> statement-breakpoint
INSERT INTO ledger_balances (party_id, account, amount)
  SELECT party_id, account, sum(amount) FROM ledger_entries WHERE party_id IS NOT NULL GROUP BY 1, 2;
--> statement-breakpoint
-- A refund or adjustment is approved once and then kept as it is: the one change allowed is
-- pending -> approved (with its ledger set); nothing is deleted.
CREATE FUNCTION money_requests_approved_once() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND OLD.status = 'pending' AND NEW.status = 'approved'
     AND (NEW.kind, NEW.ride_id, NEW.party_id, NEW.amount, NEW.reason, NEW.threshold, NEW.maker_id, NEW.created_at)
         IS NOT DISTINCT FROM (OLD.kind, OLD.ride_id, OLD.party_id, OLD.amount, OLD.reason, OLD.threshold, OLD.maker_id, OLD.created_at) THEN
    RETURN NEW;
  END IF;
  RAISE EXCEPTION 'money_requests is written once: only a pending request may be approved'
    USING ERRCODE = 'restrict_violation';
END $$;
--> statement-breakpoint
CREATE TRIGGER money_requests_once BEFORE UPDATE OR DELETE ON money_requests
  FOR EACH ROW EXECUTE FUNCTION money_requests_approved_once();
--> statement-breakpoint
-- The splits of each UTC day their trips completed, summed, kept with every split written
-- (splits are never updated or deleted), for the Finance dashboard's days.
CREATE FUNCTION ride_splits_to_daily() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO money_daily (day, gross, coupons, commission)
    SELECT (completed_at AT TIME ZONE 'UTC')::date, sum(gross), sum(coupon_discount), sum(platform_commission)
    FROM new_rows GROUP BY 1 ORDER BY 1
  ON CONFLICT (day) DO UPDATE SET gross = money_daily.gross + excluded.gross,
    coupons = money_daily.coupons + excluded.coupons, commission = money_daily.commission + excluded.commission;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER ride_splits_daily AFTER INSERT ON ride_splits
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION ride_splits_to_daily();
--> statement-breakpoint
INSERT INTO money_daily (day, gross, coupons, commission)
  SELECT (completed_at AT TIME ZONE 'UTC')::date, sum(gross), sum(coupon_discount), sum(platform_commission)
  FROM ride_splits GROUP BY 1;
