-- Coupon codes in one case (issue 45): capitals, as a customer reads them off a
-- flyer; the API upper-cases what it is given (coupon-add, coupon-update).
-- Uniqueness was already case-blind: coupons_code_key (0001) is unique on
-- lower(coupon_code) among live coupons, so no two live codes can differ only
-- by case and upper-casing them cannot collide. Deleted coupons may share a
-- code in any case (the index leaves them out); they are upper-cased too, so
-- the history and the exports read the same, and they still collide with nothing.
-- updated_at is left alone: no one edited these coupons.
UPDATE "coupons" SET "coupon_code" = upper("coupon_code") WHERE "coupon_code" <> upper("coupon_code");--> statement-breakpoint
ALTER TABLE "coupons" ADD CONSTRAINT "coupons_code_upper_check" CHECK ("coupons"."coupon_code" = upper("coupons"."coupon_code"));
