-- The audit trail an admin reads (/audit-logs, GET /api/admin/audit-logs): the acting user's id
-- beside the alpha code, sign-in events, indexes for its filters and keyset paging, trigram search,
-- and rows nobody can change or remove.
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
ALTER TABLE "audit_logs" DROP CONSTRAINT "audit_logs_action_check";--> statement-breakpoint
DROP INDEX "audit_logs_timestamp_idx";--> statement-breakpoint
ALTER TABLE "audit_logs" ADD COLUMN "user_id" integer;--> statement-breakpoint
ALTER TABLE "audit_logs" ADD COLUMN "search_text" text GENERATED ALWAYS AS (coalesce(user_alpha_code, '') || ' ' || table_name || ' ' || coalesce(record_id, '') || ' ' || coalesce(changed_fields::text, '')) STORED;--> statement-breakpoint
CREATE INDEX "audit_logs_time_idx" ON "audit_logs" USING btree ("timestamp","id");--> statement-breakpoint
CREATE INDEX "audit_logs_table_time_idx" ON "audit_logs" USING btree ("table_name","timestamp","id");--> statement-breakpoint
CREATE INDEX "audit_logs_action_time_idx" ON "audit_logs" USING btree ("action","timestamp","id");--> statement-breakpoint
CREATE INDEX "audit_logs_user_idx" ON "audit_logs" USING btree ("user_id","timestamp","id");--> statement-breakpoint
CREATE INDEX "audit_logs_search_idx" ON "audit_logs" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
ALTER TABLE "audit_logs" ADD CONSTRAINT "audit_logs_action_check" CHECK ("audit_logs"."action" IN ('CREATE', 'UPDATE', 'DELETE', 'SIGN_IN', 'SIGN_IN_FAILED', 'SIGN_OUT'));
--> statement-breakpoint
-- The acting user's id comes from the transaction-local `yardline.actor_id`, set with the alpha
-- code by app/lib/db.server.ts (withActor).
CREATE OR REPLACE FUNCTION yardline_actor_id() RETURNS integer LANGUAGE sql STABLE AS $$
  SELECT nullif(current_setting('yardline.actor_id', true), '')::integer
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION yardline_audit() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  old_row jsonb;
  new_row jsonb;
  changes jsonb := '{}'::jsonb;
  col text;
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN old_row := to_jsonb(OLD); END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN new_row := to_jsonb(NEW); END IF;
  FOR col IN SELECT jsonb_object_keys(coalesce(new_row, old_row)) LOOP
    CONTINUE WHEN col = 'updated_at';
    CONTINUE WHEN TG_OP = 'UPDATE' AND (old_row -> col) IS NOT DISTINCT FROM (new_row -> col);
    IF col = ANY (TG_ARGV) THEN
      changes := changes || jsonb_build_object(col, jsonb_build_object(
        'old', CASE WHEN old_row IS NULL THEN NULL ELSE '[redacted]' END,
        'new', CASE WHEN new_row IS NULL THEN NULL ELSE '[redacted]' END));
    ELSE
      changes := changes || jsonb_build_object(col, jsonb_build_object('old', old_row -> col, 'new', new_row -> col));
    END IF;
  END LOOP;
  IF TG_OP = 'UPDATE' AND changes = '{}'::jsonb THEN
    RETURN NULL;
  END IF;
  INSERT INTO audit_logs (user_id, user_alpha_code, table_name, record_id, action, changed_fields)
  VALUES (
    yardline_actor_id(),
    nullif(current_setting('yardline.actor', true), ''),
    TG_TABLE_NAME,
    coalesce(new_row, old_row) ->> 'id',
    CASE TG_OP WHEN 'INSERT' THEN 'CREATE' WHEN 'UPDATE' THEN 'UPDATE' ELSE 'DELETE' END,
    changes
  );
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION yardline_audit_inserts() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  changes text;
BEGIN
  SELECT string_agg(format('jsonb_build_object(%s)', pairs), ' || ')
    INTO changes
    FROM (SELECT string_agg(pair, ', ' ORDER BY attnum) AS pairs
            FROM (SELECT attnum,
                         (row_number() OVER (ORDER BY attnum) - 1) / 50 AS part,
                         format('%L, jsonb_build_object(''old'', NULL, ''new'', %s)', attname,
                                CASE WHEN attname = ANY (TG_ARGV) THEN '''[redacted]''::text'
                                     ELSE format('inserted.%I', attname) END) AS pair
                    FROM pg_attribute
                   WHERE attrelid = TG_RELID AND attnum > 0 AND NOT attisdropped AND attname <> 'updated_at') AS columns
           GROUP BY part) AS parts;
  EXECUTE format('INSERT INTO audit_logs (user_id, user_alpha_code, table_name, record_id, action, changed_fields) '
                 'SELECT $1, $2, $3, inserted.id::text, ''CREATE'', %s FROM inserted', changes)
    USING yardline_actor_id(), nullif(current_setting('yardline.actor', true), ''), TG_TABLE_NAME;
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- Append-only: no UPDATE, DELETE or TRUNCATE of the trail, whoever asks.
CREATE OR REPLACE FUNCTION yardline_audit_logs_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'audit_logs is append-only: % is not allowed', TG_OP USING ERRCODE = 'insufficient_privilege';
END
$$;
--> statement-breakpoint
CREATE TRIGGER audit_logs_append_only BEFORE UPDATE OR DELETE ON audit_logs FOR EACH ROW EXECUTE FUNCTION yardline_audit_logs_append_only();
--> statement-breakpoint
CREATE TRIGGER audit_logs_no_truncate BEFORE TRUNCATE ON audit_logs FOR EACH STATEMENT EXECUTE FUNCTION yardline_audit_logs_append_only();
