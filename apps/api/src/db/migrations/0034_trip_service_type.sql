-- The service type a trip asked for (issue 45): what a Pending trip, with no
-- vehicle yet, shows. Trips written before keep none; their vehicle's shows.
ALTER TABLE "rides" ADD COLUMN "service_type_id" integer;--> statement-breakpoint
ALTER TABLE "rides" ADD CONSTRAINT "rides_service_type_id_service_types_id_fk" FOREIGN KEY ("service_type_id") REFERENCES "public"."service_types"("id") ON DELETE no action ON UPDATE no action;