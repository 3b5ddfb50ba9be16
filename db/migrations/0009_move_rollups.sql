CREATE TABLE "move_driver_days" (
	"account_id" integer NOT NULL,
	"day" date NOT NULL,
	"driver_id" integer NOT NULL,
	"alpha_code" text NOT NULL,
	"finished" integer NOT NULL,
	"active_minutes" double precision NOT NULL,
	CONSTRAINT "move_driver_days_account_id_day_driver_id_alpha_code_pk" PRIMARY KEY("account_id","day","driver_id","alpha_code")
);
--> statement-breakpoint
CREATE TABLE "move_location_days" (
	"account_id" integer NOT NULL,
	"day" date NOT NULL,
	"location" text NOT NULL,
	"legs" integer NOT NULL,
	CONSTRAINT "move_location_days_account_id_day_location_pk" PRIMARY KEY("account_id","day","location")
);
--> statement-breakpoint
CREATE TABLE "move_minute_days" (
	"account_id" integer NOT NULL,
	"day" date NOT NULL,
	"measure" text NOT NULL,
	"minutes" integer NOT NULL,
	"moves" integer NOT NULL,
	CONSTRAINT "move_minute_days_account_id_day_measure_minutes_pk" PRIMARY KEY("account_id","day","measure","minutes"),
	CONSTRAINT "move_minute_days_measure_check" CHECK ("move_minute_days"."measure" IN ('accept', 'drive'))
);
--> statement-breakpoint
CREATE TABLE "move_quarters" (
	"account_id" integer NOT NULL,
	"quarter" timestamp with time zone NOT NULL,
	"moves" integer NOT NULL,
	"requested" integer NOT NULL,
	"in_progress" integer NOT NULL,
	"finished" integer NOT NULL,
	"cancelled" integer NOT NULL,
	"finished_minutes" double precision NOT NULL,
	CONSTRAINT "move_quarters_account_id_quarter_pk" PRIMARY KEY("account_id","quarter")
);
--> statement-breakpoint
CREATE TABLE "move_route_days" (
	"account_id" integer NOT NULL,
	"day" date NOT NULL,
	"from_location" text NOT NULL,
	"to_location" text NOT NULL,
	"legs" integer NOT NULL,
	CONSTRAINT "move_route_days_account_id_day_from_location_to_location_pk" PRIMARY KEY("account_id","day","from_location","to_location")
);
--> statement-breakpoint
CREATE TABLE "move_totals" (
	"account_id" integer PRIMARY KEY NOT NULL,
	"requested" integer NOT NULL,
	"in_progress" integer NOT NULL,
	"finished" integer NOT NULL,
	"cancelled" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "stay_days" (
	"account_id" integer NOT NULL,
	"day" date NOT NULL,
	"kind" text NOT NULL,
	"minutes" integer NOT NULL,
	"stays" integer NOT NULL,
	CONSTRAINT "stay_days_account_id_day_kind_minutes_pk" PRIMARY KEY("account_id","day","kind","minutes"),
	CONSTRAINT "stay_days_kind_check" CHECK ("stay_days"."kind" IN ('Door', 'Yard', 'Shop', 'Road'))
);
--> statement-breakpoint
ALTER TABLE "move_driver_days" ADD CONSTRAINT "move_driver_days_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "move_location_days" ADD CONSTRAINT "move_location_days_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "move_minute_days" ADD CONSTRAINT "move_minute_days_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "move_quarters" ADD CONSTRAINT "move_quarters_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "move_route_days" ADD CONSTRAINT "move_route_days_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "move_totals" ADD CONSTRAINT "move_totals_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stay_days" ADD CONSTRAINT "stay_days_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "move_driver_days_day_idx" ON "move_driver_days" USING btree ("day");--> statement-breakpoint
CREATE INDEX "move_location_days_day_idx" ON "move_location_days" USING btree ("day");--> statement-breakpoint
CREATE INDEX "move_minute_days_day_idx" ON "move_minute_days" USING btree ("day");--> statement-breakpoint
CREATE INDEX "move_quarters_quarter_idx" ON "move_quarters" USING btree ("quarter");--> statement-breakpoint
CREATE INDEX "move_route_days_day_idx" ON "move_route_days" USING btree ("day");--> statement-breakpoint
CREATE INDEX "stay_days_day_idx" ON "stay_days" USING btree ("day");--> statement-breakpoint
CREATE INDEX "moves_finish_time_idx" ON "moves" USING btree ("finish_time") WHERE "moves"."finish_time" IS NOT NULL AND NOT "moves"."is_cancel";--> statement-breakpoint
CREATE INDEX "moves_cancel_time_idx" ON "moves" USING btree ("cancel_time") WHERE "moves"."is_cancel";--> statement-breakpoint
CREATE INDEX "trailer_location_history_place_idx" ON "trailer_location_history" USING btree ("account_id","location","exit_time","entry_time");--> statement-breakpoint
-- The admin dashboard's figures over weeks of moves, counted as the moves change (see db/schema.ts):
-- per account (each state's moves), by the quarter hour a move was requested in (its state, and request-to-finish minutes once
-- finished) and by the UTC day it was requested on (its legs' locations, the routes of finished
-- moves, finished moves per driver, minutes to accept and to finish). Triggers keep them in the
-- same transaction as the change, a statement's changes added up at once and in key order, so
-- concurrent writers take the counts' row locks in one order. A change counts what it adds (the
-- rows after) less what it removes (the rows before).
CREATE OR REPLACE FUNCTION yardline_move_changes(gone moves[], came moves[])
RETURNS TABLE (sign integer, id integer, account_id integer, quarter timestamptz, day date, state text,
               accept_minutes float8, drive_minutes float8, move_minutes float8, driver_id integer, alpha_code text)
LANGUAGE sql IMMUTABLE AS $$
  SELECT c.sign, c.id, c.account_id,
         date_bin('15 minutes', c.request_time, timestamptz '2000-01-01 00:00:00+00'),
         (c.request_time AT TIME ZONE 'UTC')::date,
         CASE WHEN c.is_cancel THEN 'cancelled' WHEN c.finish_time IS NOT NULL THEN 'finished'
              WHEN c.in_progress THEN 'in_progress' ELSE 'requested' END,
         date_part('epoch', c.accept_time - c.request_time) / 60,
         date_part('epoch', c.finish_time - c.accept_time) / 60,
         date_part('epoch', c.finish_time - c.request_time) / 60,
         coalesce(c.accept_user_id, 0), coalesce(c.accept_alpha_code, '')
    FROM (SELECT -1 AS sign, g.* FROM unnest(gone) AS g UNION ALL SELECT 1, n.* FROM unnest(came) AS n) AS c
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION yardline_roll_up_moves(gone moves[], came moves[], with_legs boolean) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  -- The account's totals first: an account's writers queue there before any other count.
  INSERT INTO move_totals AS t (account_id, requested, in_progress, finished, cancelled)
  SELECT * FROM (
    SELECT c.account_id,
           coalesce(sum(c.sign) FILTER (WHERE c.state = 'requested'), 0)::int AS requested,
           coalesce(sum(c.sign) FILTER (WHERE c.state = 'in_progress'), 0)::int AS in_progress,
           coalesce(sum(c.sign) FILTER (WHERE c.state = 'finished'), 0)::int AS finished,
           coalesce(sum(c.sign) FILTER (WHERE c.state = 'cancelled'), 0)::int AS cancelled
      FROM yardline_move_changes(gone, came) AS c GROUP BY 1) AS d
   WHERE (d.requested, d.in_progress, d.finished, d.cancelled) <> (0, 0, 0, 0)
   ORDER BY 1
  ON CONFLICT (account_id) DO UPDATE SET
    requested = t.requested + excluded.requested, in_progress = t.in_progress + excluded.in_progress,
    finished = t.finished + excluded.finished, cancelled = t.cancelled + excluded.cancelled;

  INSERT INTO move_quarters AS t (account_id, quarter, moves, requested, in_progress, finished, cancelled, finished_minutes)
  SELECT * FROM (
    SELECT c.account_id, c.quarter, sum(c.sign)::int AS moves,
           coalesce(sum(c.sign) FILTER (WHERE c.state = 'requested'), 0)::int AS requested,
           coalesce(sum(c.sign) FILTER (WHERE c.state = 'in_progress'), 0)::int AS in_progress,
           coalesce(sum(c.sign) FILTER (WHERE c.state = 'finished'), 0)::int AS finished,
           coalesce(sum(c.sign) FILTER (WHERE c.state = 'cancelled'), 0)::int AS cancelled,
           coalesce(sum(c.sign * c.move_minutes) FILTER (WHERE c.state = 'finished'), 0) AS finished_minutes
      FROM yardline_move_changes(gone, came) AS c GROUP BY 1, 2) AS d
   WHERE (d.moves, d.requested, d.in_progress, d.finished, d.cancelled, d.finished_minutes) <> (0, 0, 0, 0, 0, 0)
   ORDER BY 1, 2
  ON CONFLICT (account_id, quarter) DO UPDATE SET
    moves = t.moves + excluded.moves, requested = t.requested + excluded.requested,
    in_progress = t.in_progress + excluded.in_progress, finished = t.finished + excluded.finished,
    cancelled = t.cancelled + excluded.cancelled, finished_minutes = t.finished_minutes + excluded.finished_minutes;

  -- Every accepted move (cancelled later or not) took its minutes to accept; finished moves their minutes to finish.
  INSERT INTO move_minute_days AS t (account_id, day, measure, minutes, moves)
  SELECT m.account_id, m.day, m.measure, round(m.minutes)::int, sum(m.sign)::int
    FROM (SELECT c.sign, c.account_id, c.day, 'accept' AS measure, c.accept_minutes AS minutes
            FROM yardline_move_changes(gone, came) AS c WHERE c.accept_minutes IS NOT NULL
          UNION ALL
          SELECT c.sign, c.account_id, c.day, 'drive', c.drive_minutes
            FROM yardline_move_changes(gone, came) AS c WHERE c.state = 'finished' AND c.drive_minutes IS NOT NULL) AS m
   GROUP BY 1, 2, 3, 4 HAVING sum(m.sign) <> 0 ORDER BY 1, 2, 3, 4
  ON CONFLICT (account_id, day, measure, minutes) DO UPDATE SET moves = t.moves + excluded.moves;

  INSERT INTO move_driver_days AS t (account_id, day, driver_id, alpha_code, finished, active_minutes)
  SELECT * FROM (
    SELECT c.account_id, c.day, c.driver_id, c.alpha_code, sum(c.sign)::int AS finished,
           coalesce(sum(c.sign * c.drive_minutes), 0) AS active_minutes
      FROM yardline_move_changes(gone, came) AS c WHERE c.state = 'finished'
     GROUP BY 1, 2, 3, 4) AS d
   WHERE (d.finished, d.active_minutes) <> (0, 0)
   ORDER BY 1, 2, 3, 4
  ON CONFLICT (account_id, day, driver_id, alpha_code) DO UPDATE SET
    finished = t.finished + excluded.finished, active_minutes = t.active_minutes + excluded.active_minutes;

  -- The legs of moves changed (rather than added or removed: their legs come and go on their
  -- own) count at their move's account and day, and towards their routes while it is finished.
  IF with_legs THEN
    INSERT INTO move_location_days AS t (account_id, day, location, legs)
    SELECT c.account_id, c.day, e.location, sum(c.sign)::int
      FROM yardline_move_changes(gone, came) AS c JOIN move_legs AS l ON l.move_id = c.id
     CROSS JOIN LATERAL (VALUES (l.from_location), (l.to_location)) AS e(location)
     GROUP BY 1, 2, 3 HAVING sum(c.sign) <> 0 ORDER BY 1, 2, 3
    ON CONFLICT (account_id, day, location) DO UPDATE SET legs = t.legs + excluded.legs;

    INSERT INTO move_route_days AS t (account_id, day, from_location, to_location, legs)
    SELECT c.account_id, c.day, l.from_location, l.to_location, sum(c.sign)::int
      FROM yardline_move_changes(gone, came) AS c JOIN move_legs AS l ON l.move_id = c.id
     WHERE c.state = 'finished'
     GROUP BY 1, 2, 3, 4 HAVING sum(c.sign) <> 0 ORDER BY 1, 2, 3, 4
    ON CONFLICT (account_id, day, from_location, to_location) DO UPDATE SET legs = t.legs + excluded.legs;
  END IF;
END $$;
--> statement-breakpoint
-- Legs added, changed or removed while their move stays: their locations, and their routes if
-- the move is finished. When something changes, the legs' accounts' totals are locked first (in
-- account order), as every other writer of the counts does.
CREATE OR REPLACE FUNCTION yardline_leg_changes(gone move_legs[], came move_legs[])
RETURNS TABLE (sign integer, account_id integer, day date, from_location text, to_location text, finished boolean)
LANGUAGE sql STABLE AS $$
  SELECT c.sign, m.account_id, (m.request_time AT TIME ZONE 'UTC')::date, c.from_location, c.to_location,
         NOT m.is_cancel AND m.finish_time IS NOT NULL
    FROM (SELECT -1 AS sign, g.* FROM unnest(gone) AS g UNION ALL SELECT 1, n.* FROM unnest(came) AS n) AS c
    JOIN moves AS m ON m.id = c.move_id
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION yardline_roll_up_legs(gone move_legs[], came move_legs[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF NOT EXISTS (SELECT 1 FROM yardline_leg_changes(gone, came) AS c
                  GROUP BY c.account_id, c.day, c.from_location, c.to_location, c.finished HAVING sum(c.sign) <> 0) THEN
    RETURN;
  END IF;
  PERFORM 1 FROM move_totals AS t WHERE t.account_id IN (SELECT c.account_id FROM yardline_leg_changes(gone, came) AS c)
    ORDER BY t.account_id FOR UPDATE;

  INSERT INTO move_location_days AS t (account_id, day, location, legs)
  SELECT c.account_id, c.day, e.location, sum(c.sign)::int
    FROM yardline_leg_changes(gone, came) AS c CROSS JOIN LATERAL (VALUES (c.from_location), (c.to_location)) AS e(location)
   GROUP BY 1, 2, 3 HAVING sum(c.sign) <> 0 ORDER BY 1, 2, 3
  ON CONFLICT (account_id, day, location) DO UPDATE SET legs = t.legs + excluded.legs;

  INSERT INTO move_route_days AS t (account_id, day, from_location, to_location, legs)
  SELECT c.account_id, c.day, c.from_location, c.to_location, sum(c.sign)::int
    FROM yardline_leg_changes(gone, came) AS c WHERE c.finished
   GROUP BY 1, 2, 3, 4 HAVING sum(c.sign) <> 0 ORDER BY 1, 2, 3, 4
  ON CONFLICT (account_id, day, from_location, to_location) DO UPDATE SET legs = t.legs + excluded.legs;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION yardline_moves_rolled_up() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM yardline_roll_up_moves('{}', (SELECT array_agg(n::moves) FROM new_rows AS n), false);
  ELSIF TG_OP = 'UPDATE' THEN
    PERFORM yardline_roll_up_moves((SELECT array_agg(o::moves) FROM old_rows AS o), (SELECT array_agg(n::moves) FROM new_rows AS n), true);
  ELSE
    PERFORM yardline_roll_up_moves((SELECT array_agg(o::moves) FROM old_rows AS o), '{}', false);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- A move removed takes its legs with it: they are counted out while the move is still there to
-- say where they belonged (its account's totals locked first, as every writer of the counts does).
CREATE OR REPLACE FUNCTION yardline_move_legs_leaving() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM 1 FROM move_totals WHERE account_id = OLD.account_id FOR UPDATE;
  PERFORM yardline_roll_up_legs(ARRAY(SELECT l FROM move_legs AS l WHERE l.move_id = OLD.id), '{}');
  RETURN OLD;
END $$;
--> statement-breakpoint
-- Legs whose move is gone (removed with it, counted out above) no longer join a move and count nothing.
CREATE OR REPLACE FUNCTION yardline_legs_rolled_up() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM yardline_roll_up_legs('{}', (SELECT array_agg(n::move_legs) FROM new_rows AS n));
  ELSIF TG_OP = 'UPDATE' THEN
    PERFORM yardline_roll_up_legs((SELECT array_agg(o::move_legs) FROM old_rows AS o), (SELECT array_agg(n::move_legs) FROM new_rows AS n));
  ELSE
    PERFORM yardline_roll_up_legs((SELECT array_agg(o::move_legs) FROM old_rows AS o), '{}');
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- Counted afresh from the moves and legs (the migration's first count; the tests compare it with what the triggers kept).
CREATE OR REPLACE FUNCTION yardline_recount_moves() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM move_totals; DELETE FROM move_quarters; DELETE FROM move_minute_days; DELETE FROM move_driver_days;
  DELETE FROM move_route_days; DELETE FROM move_location_days;
  PERFORM yardline_roll_up_moves('{}', ARRAY(SELECT m FROM moves AS m), true);
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION yardline_moves_emptied() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM yardline_recount_moves();
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER yardline_moves_added AFTER INSERT ON moves REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION yardline_moves_rolled_up();--> statement-breakpoint
CREATE TRIGGER yardline_moves_changed AFTER UPDATE ON moves REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION yardline_moves_rolled_up();--> statement-breakpoint
CREATE TRIGGER yardline_moves_removed AFTER DELETE ON moves REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION yardline_moves_rolled_up();--> statement-breakpoint
CREATE TRIGGER yardline_moves_legs_leaving BEFORE DELETE ON moves
  FOR EACH ROW EXECUTE FUNCTION yardline_move_legs_leaving();--> statement-breakpoint
CREATE TRIGGER yardline_moves_truncated AFTER TRUNCATE ON moves
  FOR EACH STATEMENT EXECUTE FUNCTION yardline_moves_emptied();--> statement-breakpoint
CREATE OR REPLACE FUNCTION yardline_legs_emptied() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM move_location_days;
  DELETE FROM move_route_days;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER yardline_legs_truncated AFTER TRUNCATE ON move_legs
  FOR EACH STATEMENT EXECUTE FUNCTION yardline_legs_emptied();--> statement-breakpoint
CREATE TRIGGER yardline_legs_added AFTER INSERT ON move_legs REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION yardline_legs_rolled_up();--> statement-breakpoint
CREATE TRIGGER yardline_legs_changed AFTER UPDATE ON move_legs REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION yardline_legs_rolled_up();--> statement-breakpoint
CREATE TRIGGER yardline_legs_removed AFTER DELETE ON move_legs REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION yardline_legs_rolled_up();--> statement-breakpoint
SELECT yardline_recount_moves();
--> statement-breakpoint
-- Trailers' stays that ended, counted by the UTC day they ended, the kind of location and their
-- length: to the minute under an hour, to five minutes under a day, to the hour beyond (the
-- precision the dashboard shows them with). The kind is the location's when the stay is counted:
-- Road, Shop, one of the account's yards, else a door.
CREATE OR REPLACE FUNCTION yardline_stay_minutes(minutes float8) RETURNS integer LANGUAGE sql IMMUTABLE AS $$
  SELECT (CASE WHEN minutes < 60 THEN round(minutes)
               WHEN minutes < 1440 THEN round(minutes / 5) * 5
               ELSE round(minutes / 60) * 60 END)::int
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION yardline_roll_up_stays(gone trailer_location_history[], came trailer_location_history[]) RETURNS void LANGUAGE sql AS $$
  INSERT INTO stay_days AS t (account_id, day, kind, minutes, stays)
  SELECT s.account_id, s.day, s.kind, s.minutes, sum(s.sign)::int
    FROM (SELECT c.sign, c.account_id, (c.exit_time AT TIME ZONE 'UTC')::date AS day,
                 CASE WHEN c.location = 'Road' THEN 'Road' WHEN c.location = 'Shop' THEN 'Shop'
                      WHEN EXISTS (SELECT 1 FROM yards AS y WHERE y.account_id = c.account_id AND y.name = c.location) THEN 'Yard'
                      ELSE 'Door' END AS kind,
                 yardline_stay_minutes(date_part('epoch', c.exit_time - c.entry_time) / 60) AS minutes
            FROM (SELECT -1 AS sign, g.* FROM unnest(gone) AS g UNION ALL SELECT 1, n.* FROM unnest(came) AS n) AS c
           WHERE c.exit_time IS NOT NULL) AS s
   GROUP BY 1, 2, 3, 4 HAVING sum(s.sign) <> 0 ORDER BY 1, 2, 3, 4
  ON CONFLICT (account_id, day, kind, minutes) DO UPDATE SET stays = t.stays + excluded.stays;
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION yardline_stays_rolled_up() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM yardline_roll_up_stays('{}', (SELECT array_agg(n::trailer_location_history) FROM new_rows AS n WHERE n.exit_time IS NOT NULL));
  ELSIF TG_OP = 'UPDATE' THEN
    PERFORM yardline_roll_up_stays((SELECT array_agg(o::trailer_location_history) FROM old_rows AS o WHERE o.exit_time IS NOT NULL),
                                   (SELECT array_agg(n::trailer_location_history) FROM new_rows AS n WHERE n.exit_time IS NOT NULL));
  ELSE
    PERFORM yardline_roll_up_stays((SELECT array_agg(o::trailer_location_history) FROM old_rows AS o WHERE o.exit_time IS NOT NULL), '{}');
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION yardline_recount_stays() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM stay_days;
  PERFORM yardline_roll_up_stays('{}', ARRAY(SELECT h FROM trailer_location_history AS h WHERE h.exit_time IS NOT NULL));
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION yardline_stays_emptied() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM stay_days;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER yardline_stays_added AFTER INSERT ON trailer_location_history REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION yardline_stays_rolled_up();--> statement-breakpoint
CREATE TRIGGER yardline_stays_changed AFTER UPDATE ON trailer_location_history REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION yardline_stays_rolled_up();--> statement-breakpoint
CREATE TRIGGER yardline_stays_removed AFTER DELETE ON trailer_location_history REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION yardline_stays_rolled_up();--> statement-breakpoint
CREATE TRIGGER yardline_stays_truncated AFTER TRUNCATE ON trailer_location_history
  FOR EACH STATEMENT EXECUTE FUNCTION yardline_stays_emptied();--> statement-breakpoint
SELECT yardline_recount_stays();
