-- The audit log's search text holds the changed values only (old and new), not the field names and
-- JSON around them: about a third of the trigrams to index for each row a bulk upload writes.
ALTER TABLE "audit_logs" drop column "search_text";--> statement-breakpoint
ALTER TABLE "audit_logs" ADD COLUMN "search_text" text GENERATED ALWAYS AS (coalesce(user_alpha_code, '') || ' ' || table_name || ' ' || coalesce(record_id, '') || ' ' || coalesce(jsonb_path_query_array(changed_fields, '$.*.* ? (@ != null)')::text, '')) STORED;--> statement-breakpoint
CREATE INDEX "audit_logs_search_idx" ON "audit_logs" USING gin ("search_text" gin_trgm_ops);
