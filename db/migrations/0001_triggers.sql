-- Audit trail, updated_at bookkeeping and the active flag of move legs.
-- These live in the database so that no code path can skip them.

-- The acting user's alpha code is read from the transaction-local setting `yardline.actor`,
-- which app/lib/db.server.ts (withActor) sets at the start of every write transaction.
-- Columns named in the trigger's arguments are secrets: their changes are recorded as redacted.
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
  INSERT INTO audit_logs (user_alpha_code, table_name, record_id, action, changed_fields)
  VALUES (
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
CREATE TRIGGER companies_audit AFTER INSERT OR UPDATE OR DELETE ON companies FOR EACH ROW EXECUTE FUNCTION yardline_audit();
--> statement-breakpoint
CREATE TRIGGER accounts_audit AFTER INSERT OR UPDATE OR DELETE ON accounts FOR EACH ROW EXECUTE FUNCTION yardline_audit();
--> statement-breakpoint
CREATE TRIGGER users_audit AFTER INSERT OR UPDATE OR DELETE ON users FOR EACH ROW EXECUTE FUNCTION yardline_audit('password_hash');
--> statement-breakpoint
CREATE TRIGGER settings_audit AFTER INSERT OR UPDATE OR DELETE ON settings FOR EACH ROW EXECUTE FUNCTION yardline_audit();
--> statement-breakpoint
CREATE TRIGGER yards_audit AFTER INSERT OR UPDATE OR DELETE ON yards FOR EACH ROW EXECUTE FUNCTION yardline_audit();
--> statement-breakpoint
CREATE TRIGGER buildings_audit AFTER INSERT OR UPDATE OR DELETE ON buildings FOR EACH ROW EXECUTE FUNCTION yardline_audit();
--> statement-breakpoint
CREATE TRIGGER trailers_audit AFTER INSERT OR UPDATE OR DELETE ON trailers FOR EACH ROW EXECUTE FUNCTION yardline_audit();
--> statement-breakpoint
CREATE TRIGGER trucks_audit AFTER INSERT OR UPDATE OR DELETE ON trucks FOR EACH ROW EXECUTE FUNCTION yardline_audit();
--> statement-breakpoint
CREATE TRIGGER moves_audit AFTER INSERT OR UPDATE OR DELETE ON moves FOR EACH ROW EXECUTE FUNCTION yardline_audit();
--> statement-breakpoint
CREATE TRIGGER move_legs_audit AFTER INSERT OR UPDATE OR DELETE ON move_legs FOR EACH ROW EXECUTE FUNCTION yardline_audit();
--> statement-breakpoint

CREATE OR REPLACE FUNCTION yardline_touch_updated_at() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.updated_at := now();
  RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE TRIGGER companies_touch BEFORE UPDATE ON companies FOR EACH ROW EXECUTE FUNCTION yardline_touch_updated_at();
--> statement-breakpoint
CREATE TRIGGER accounts_touch BEFORE UPDATE ON accounts FOR EACH ROW EXECUTE FUNCTION yardline_touch_updated_at();
--> statement-breakpoint
CREATE TRIGGER users_touch BEFORE UPDATE ON users FOR EACH ROW EXECUTE FUNCTION yardline_touch_updated_at();
--> statement-breakpoint
CREATE TRIGGER settings_touch BEFORE UPDATE ON settings FOR EACH ROW EXECUTE FUNCTION yardline_touch_updated_at();
--> statement-breakpoint
CREATE TRIGGER yards_touch BEFORE UPDATE ON yards FOR EACH ROW EXECUTE FUNCTION yardline_touch_updated_at();
--> statement-breakpoint
CREATE TRIGGER buildings_touch BEFORE UPDATE ON buildings FOR EACH ROW EXECUTE FUNCTION yardline_touch_updated_at();
--> statement-breakpoint
CREATE TRIGGER trailers_touch BEFORE UPDATE ON trailers FOR EACH ROW EXECUTE FUNCTION yardline_touch_updated_at();
--> statement-breakpoint
CREATE TRIGGER trucks_touch BEFORE UPDATE ON trucks FOR EACH ROW EXECUTE FUNCTION yardline_touch_updated_at();
--> statement-breakpoint

-- A leg is active while its move is requested or in progress. The partial unique index
-- move_legs_one_active_move_per_trailer then refuses a trailer in two active moves.
CREATE OR REPLACE FUNCTION yardline_move_leg_active() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.active := EXISTS (
    SELECT 1 FROM moves m WHERE m.id = NEW.move_id AND m.finish_time IS NULL AND NOT m.is_cancel
  );
  RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE TRIGGER move_legs_active BEFORE INSERT ON move_legs FOR EACH ROW EXECUTE FUNCTION yardline_move_leg_active();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION yardline_move_ended() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE move_legs SET active = false WHERE move_id = NEW.id AND active;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER moves_end_legs AFTER UPDATE OF finish_time, is_cancel ON moves FOR EACH ROW
  WHEN (NEW.finish_time IS NOT NULL OR NEW.is_cancel) EXECUTE FUNCTION yardline_move_ended();
--> statement-breakpoint

INSERT INTO settings (id, timeout_hours) VALUES (1, 4) ON CONFLICT (id) DO NOTHING;
