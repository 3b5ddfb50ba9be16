CREATE INDEX "moves_request_time_idx" ON "moves" USING btree ("request_time");--> statement-breakpoint
CREATE INDEX "trailer_location_history_open_idx" ON "trailer_location_history" USING btree ("entry_time") WHERE "trailer_location_history"."exit_time" IS NULL;--> statement-breakpoint
CREATE INDEX "trailer_location_history_open_account_idx" ON "trailer_location_history" USING btree ("account_id","entry_time") WHERE "trailer_location_history"."exit_time" IS NULL;--> statement-breakpoint
CREATE INDEX "trailer_location_history_exit_idx" ON "trailer_location_history" USING btree ("exit_time");