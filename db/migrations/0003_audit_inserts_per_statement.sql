-- Inserts are audited once per statement: one INSERT ... SELECT over the statement's new rows writes
-- the same audit rows the row trigger wrote, one per inserted row: the acting user from
-- `yardline.actor`, the table, the row's id, CREATE, and every column but updated_at as old null
-- to new value, the columns named in the trigger's arguments redacted. A bulk upload of thousands
-- of trailers then costs one audit statement per insert statement, not a trigger call per row.
-- Updates and deletes keep the row trigger yardline_audit() of 0001_triggers.sql.
CREATE OR REPLACE FUNCTION yardline_audit_inserts() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO audit_logs (user_alpha_code, table_name, record_id, action, changed_fields)
  SELECT
    nullif(current_setting('yardline.actor', true), ''),
    TG_TABLE_NAME,
    added.new_row ->> 'id',
    'CREATE',
    (SELECT jsonb_object_agg(
              field.key,
              jsonb_build_object('old', NULL, 'new', CASE WHEN field.key = ANY (TG_ARGV) THEN to_jsonb('[redacted]'::text) ELSE field.value END))
       FROM jsonb_each(added.new_row) AS field
      WHERE field.key <> 'updated_at')
  FROM (SELECT to_jsonb(inserted) AS new_row FROM inserted) AS added;
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- Every audited table: its row trigger now for updates and deletes only, and the statement trigger
-- for inserts, with the same secret columns.
DO $$
DECLARE
  audited text;
  secrets text;
BEGIN
  FOR audited, secrets IN
    VALUES ('companies', ''), ('accounts', ''), ('users', '''password_hash'''), ('settings', ''), ('yards', ''),
           ('buildings', ''), ('trailers', ''), ('trucks', ''), ('moves', ''), ('move_legs', '')
  LOOP
    EXECUTE format('DROP TRIGGER %I ON %I', audited || '_audit', audited);
    EXECUTE format('CREATE TRIGGER %I AFTER UPDATE OR DELETE ON %I FOR EACH ROW EXECUTE FUNCTION yardline_audit(%s)',
                   audited || '_audit', audited, secrets);
    EXECUTE format('CREATE TRIGGER %I AFTER INSERT ON %I REFERENCING NEW TABLE AS inserted '
                   'FOR EACH STATEMENT EXECUTE FUNCTION yardline_audit_inserts(%s)',
                   audited || '_audit_inserts', audited, secrets);
  END LOOP;
END
$$;
