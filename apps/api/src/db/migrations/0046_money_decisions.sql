ALTER TABLE "money_requests" DROP CONSTRAINT "money_requests_status_check";--> statement-breakpoint
ALTER TABLE "money_requests" ADD COLUMN "decided_by" integer;--> statement-breakpoint
ALTER TABLE "money_requests" ADD COLUMN "decided_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "money_requests" ADD COLUMN "decision_reason" text;--> statement-breakpoint
ALTER TABLE "money_requests" ADD CONSTRAINT "money_requests_decided_by_admins_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."admins"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "money_requests" ADD CONSTRAINT "money_requests_status_check" CHECK (("money_requests"."status" = 'pending' and "money_requests"."approver_id" is null and "money_requests"."set_id" is null and "money_requests"."approved_at" is null
            and "money_requests"."decided_by" is null and "money_requests"."decided_at" is null)
          or ("money_requests"."status" = 'approved' and "money_requests"."set_id" is not null and "money_requests"."approved_at" is not null)
          or ("money_requests"."status" = 'rejected' and "money_requests"."approver_id" is null and "money_requests"."set_id" is null and "money_requests"."approved_at" is null
              and "money_requests"."decided_by" is not null and "money_requests"."decided_at" is not null and "money_requests"."decision_reason" is not null)
          or ("money_requests"."status" = 'withdrawn' and "money_requests"."approver_id" is null and "money_requests"."set_id" is null and "money_requests"."approved_at" is null
              and "money_requests"."decided_by" is not null and "money_requests"."decided_at" is not null));--> statement-breakpoint
-- A waiting refund or adjustment is decided once: approved (with its ledger set), rejected by
-- a second administrator or withdrawn by its maker (who, when and why in decided_by, decided_at,
-- decision_reason, the only columns besides status that change then); once decided it is kept
-- as it is, and nothing is deleted.
CREATE OR REPLACE FUNCTION money_requests_approved_once() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND OLD.status = 'pending'
     AND (NEW.kind, NEW.ride_id, NEW.party_id, NEW.amount, NEW.reason, NEW.threshold, NEW.maker_id, NEW.created_at)
         IS NOT DISTINCT FROM (OLD.kind, OLD.ride_id, OLD.party_id, OLD.amount, OLD.reason, OLD.threshold, OLD.maker_id, OLD.created_at) THEN
    IF NEW.status = 'approved'
       AND (NEW.decided_by, NEW.decided_at, NEW.decision_reason) IS NOT DISTINCT FROM (OLD.decided_by, OLD.decided_at, OLD.decision_reason) THEN
      RETURN NEW;
    END IF;
    IF NEW.status IN ('rejected', 'withdrawn')
       AND (NEW.approver_id, NEW.set_id, NEW.approved_at) IS NOT DISTINCT FROM (OLD.approver_id, OLD.set_id, OLD.approved_at) THEN
      RETURN NEW;
    END IF;
  END IF;
  RAISE EXCEPTION 'money_requests is written once: only a pending request may be approved, rejected or withdrawn'
    USING ERRCODE = 'restrict_violation';
END $$;
