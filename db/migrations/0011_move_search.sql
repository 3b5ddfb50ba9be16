-- The global search over moves (the Move Status lists, GET /api/moves?q=): a trigram index finds the
-- legs whose trailer number, From or To contain the text, and the moves of the users whose alpha
-- code or name does are found through who requested and who accepted them.
CREATE INDEX "move_legs_search_idx" ON "move_legs" USING gin ("trailer_number" gin_trgm_ops,"from_location" gin_trgm_ops,"to_location" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "moves_request_user_idx" ON "moves" USING btree ("request_user_id");--> statement-breakpoint
CREATE INDEX "moves_accept_user_idx" ON "moves" USING btree ("accept_user_id");