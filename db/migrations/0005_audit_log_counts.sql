CREATE TABLE "audit_log_counted" (
	"one" boolean PRIMARY KEY DEFAULT true NOT NULL,
	"through" timestamp with time zone NOT NULL,
	CONSTRAINT "audit_log_counted_one" CHECK ("audit_log_counted"."one")
);
--> statement-breakpoint
CREATE TABLE "audit_log_days" (
	"day" timestamp with time zone NOT NULL,
	"table_name" text NOT NULL,
	"action" text NOT NULL,
	"rows" bigint NOT NULL,
	CONSTRAINT "audit_log_days_day_table_name_action_pk" PRIMARY KEY("day","table_name","action")
);
--> statement-breakpoint
CREATE TABLE "audit_log_hours" (
	"hour" timestamp with time zone NOT NULL,
	"table_name" text NOT NULL,
	"action" text NOT NULL,
	"rows" bigint NOT NULL,
	CONSTRAINT "audit_log_hours_hour_table_name_action_pk" PRIMARY KEY("hour","table_name","action")
);
--> statement-breakpoint
-- The audit page's cards (Total Records, Tables Affected, Action Types) over a log of millions of
-- rows: closed hours are counted per table and action once, then added up. An hour is counted
-- an hour after it closed: longer than any transaction that writes audit rows stays open (the
-- app's connections end a statement after 10 s and an idle transaction after 5 s), so every row
-- of an hour is committed when it is counted. A row written later for an hour already counted
-- (backdated, as the demo seed's synthetic rows are) is added to the counts as it is written.
-- Counting and those additions take one advisory lock, so neither misses the other's rows.
CREATE OR REPLACE FUNCTION yardline_audit_count_hours(from_hour timestamptz, to_hour timestamptz) RETURNS void LANGUAGE sql AS $$
  INSERT INTO audit_log_hours (hour, table_name, action, rows)
  SELECT date_trunc('hour', timestamp, 'UTC'), table_name, action, count(*)
    FROM audit_logs
   WHERE timestamp >= from_hour AND timestamp < to_hour
   GROUP BY 1, 2, 3
  ON CONFLICT (hour, table_name, action) DO UPDATE SET rows = audit_log_hours.rows + excluded.rows;
  INSERT INTO audit_log_days (day, table_name, action, rows)
  SELECT date_trunc('day', hour, 'UTC'), table_name, action, sum(rows)
    FROM audit_log_hours
   WHERE hour >= date_trunc('day', from_hour, 'UTC') AND hour < date_trunc('day', to_hour, 'UTC')
   GROUP BY 1, 2, 3
  ON CONFLICT (day, table_name, action) DO UPDATE SET rows = excluded.rows;
  UPDATE audit_log_counted SET through = to_hour;
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION yardline_audit_counts() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  lock_key constant bigint := 740571;
  counted timestamptz;
  due timestamptz := date_trunc('hour', clock_timestamp() - interval '1 hour', 'UTC');
BEGIN
  -- Rows older than an hour may belong to an hour already counted: add those, after any counting under way.
  IF EXISTS (SELECT 1 FROM inserted WHERE timestamp < clock_timestamp() - interval '1 hour') THEN
    PERFORM pg_advisory_xact_lock(lock_key);
    SELECT through INTO counted FROM audit_log_counted;
    INSERT INTO audit_log_hours (hour, table_name, action, rows)
    SELECT date_trunc('hour', timestamp, 'UTC'), table_name, action, count(*)
      FROM inserted WHERE timestamp < counted GROUP BY 1, 2, 3
    ON CONFLICT (hour, table_name, action) DO UPDATE SET rows = audit_log_hours.rows + excluded.rows;
    INSERT INTO audit_log_days (day, table_name, action, rows)
    SELECT date_trunc('day', timestamp, 'UTC'), table_name, action, count(*)
      FROM inserted WHERE timestamp < date_trunc('day', counted, 'UTC') GROUP BY 1, 2, 3
    ON CONFLICT (day, table_name, action) DO UPDATE SET rows = audit_log_days.rows + excluded.rows;
  END IF;
  -- The first write after an hour became due counts it (and any hours before it not yet counted).
  SELECT through INTO counted FROM audit_log_counted;
  IF counted < due AND pg_try_advisory_xact_lock(lock_key) THEN
    SELECT through INTO counted FROM audit_log_counted;
    IF counted < due THEN
      PERFORM yardline_audit_count_hours(counted, due);
    END IF;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER audit_logs_counts AFTER INSERT ON audit_logs REFERENCING NEW TABLE AS inserted FOR EACH STATEMENT EXECUTE FUNCTION yardline_audit_counts();
--> statement-breakpoint
INSERT INTO audit_log_counted (through) VALUES ('-infinity');
--> statement-breakpoint
SELECT yardline_audit_count_hours('-infinity', date_trunc('hour', clock_timestamp() - interval '1 hour', 'UTC'));
--> statement-breakpoint
-- The cards for the rows after `since` (all when null), of one table and one action (each all
-- when null): whole days and hours from the counts, the rest (the part-hour at the start, and
-- what is not counted yet) from the log itself, through its time index.
CREATE OR REPLACE FUNCTION audit_log_counts(since timestamptz, only_table text, only_action text)
RETURNS TABLE (total bigint, tables bigint, actions bigint) LANGUAGE plpgsql STABLE AS $$
#variable_conflict use_column
DECLARE
  counted_through timestamptz := (SELECT through FROM audit_log_counted);
  -- Whole hours and days from the first after `since`; the days end where the counted hours do.
  from_hour timestamptz := coalesce(date_trunc('hour', since, 'UTC') + interval '1 hour', '-infinity');
  from_day timestamptz := date_trunc('day', from_hour + interval '1 day' - interval '1 microsecond', 'UTC');
  to_day timestamptz := date_trunc('day', counted_through, 'UTC');
BEGIN
  RETURN QUERY
  SELECT coalesce(sum(part.rows), 0)::bigint, count(DISTINCT part.table_name), count(DISTINCT part.action)
    FROM (
      SELECT table_name, action, rows FROM audit_log_days
       WHERE day >= from_day AND day < to_day
      UNION ALL
      SELECT table_name, action, rows FROM audit_log_hours
       WHERE hour >= from_hour AND hour < least(from_day, counted_through)
      UNION ALL
      SELECT table_name, action, rows FROM audit_log_hours
       WHERE hour >= greatest(to_day, from_hour, from_day) AND hour < counted_through
      UNION ALL
      SELECT table_name, action, 1 FROM audit_logs
       WHERE timestamp > since AND timestamp < least(from_hour, counted_through)
      UNION ALL
      SELECT table_name, action, 1 FROM audit_logs
       WHERE timestamp >= counted_through AND (since IS NULL OR timestamp > since)
    ) AS part
   WHERE (only_table IS NULL OR part.table_name = only_table) AND (only_action IS NULL OR part.action = only_action);
END
$$;
