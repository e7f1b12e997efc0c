-- FAQ entries are "faq" in every layer but the wire (SPEC 7's support-* calls and "supports" table value).
ALTER TABLE "supports" RENAME TO "faqs";--> statement-breakpoint
ALTER INDEX "supports_created_idx" RENAME TO "faqs_created_idx";--> statement-breakpoint
ALTER TABLE "faqs" RENAME CONSTRAINT "supports_pkey" TO "faqs_pkey";--> statement-breakpoint
ALTER SEQUENCE "supports_id_seq" RENAME TO "faqs_id_seq";
