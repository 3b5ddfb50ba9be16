-- A yard's last entry (yards.entry_time, the Yards tab's "Last entry"): the latest time a trailer
-- entered it. Every way a trailer gets somewhere writes a trailer_location_history entry (Add
-- Trailer, Update Trailer, a finished move, bulk upload, the seed), so the entry's insert keeps the
-- yard's time, here, whatever wrote it. Only a trailer entering the yard counts: an entry at a door,
-- the Shop, the Road or another account's yard of the same name leaves it alone, and a backdated
-- entry never moves it back.
CREATE OR REPLACE FUNCTION yardline_yard_last_entry() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE yards AS y
     SET entry_time = entered.latest
    FROM (SELECT account_id, location, max(entry_time) AS latest FROM new_rows GROUP BY account_id, location) AS entered
   WHERE y.account_id = entered.account_id
     AND y.name = entered.location
     AND (y.entry_time IS NULL OR y.entry_time < entered.latest);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER trailer_location_history_yard_entry AFTER INSERT ON trailer_location_history REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION yardline_yard_last_entry();
--> statement-breakpoint

-- The last entry is bookkeeping, not an edit of the yard: it neither moves the yard's updated_at
-- nor writes an audit row. Any other change of a yard still does both.
DROP TRIGGER yards_touch ON yards;
--> statement-breakpoint
CREATE TRIGGER yards_touch BEFORE UPDATE ON yards FOR EACH ROW
  WHEN ((to_jsonb(OLD) - 'entry_time' - 'updated_at') IS DISTINCT FROM (to_jsonb(NEW) - 'entry_time' - 'updated_at'))
  EXECUTE FUNCTION yardline_touch_updated_at();
--> statement-breakpoint
DROP TRIGGER yards_audit ON yards;
--> statement-breakpoint
CREATE TRIGGER yards_audit AFTER DELETE ON yards FOR EACH ROW EXECUTE FUNCTION yardline_audit();
--> statement-breakpoint
CREATE TRIGGER yards_audit_updates AFTER UPDATE ON yards FOR EACH ROW
  WHEN ((to_jsonb(OLD) - 'entry_time' - 'updated_at') IS DISTINCT FROM (to_jsonb(NEW) - 'entry_time' - 'updated_at'))
  EXECUTE FUNCTION yardline_audit();
