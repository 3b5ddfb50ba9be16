-- Deleting a trailer keeps its moves (the legs keep the trailer number); a building has 1 to 999 doors
-- (NOT VALID: enforced on every new or changed row without failing on an older oversized one).
ALTER TABLE "buildings" DROP CONSTRAINT "buildings_door_number_check";--> statement-breakpoint
ALTER TABLE "move_legs" DROP CONSTRAINT "move_legs_trailer_id_trailers_id_fk";
--> statement-breakpoint
ALTER TABLE "move_legs" ALTER COLUMN "trailer_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "move_legs" ADD CONSTRAINT "move_legs_trailer_id_trailers_id_fk" FOREIGN KEY ("trailer_id") REFERENCES "public"."trailers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "buildings" ADD CONSTRAINT "buildings_door_number_range" CHECK ("buildings"."building_door_number" BETWEEN 1 AND 999) NOT VALID;