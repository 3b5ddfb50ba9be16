CREATE TABLE "trailer_counts" (
	"account_id" integer NOT NULL,
	"location" text NOT NULL,
	"red_tagged" boolean NOT NULL,
	"yellow_tagged" boolean NOT NULL,
	"in_shop" boolean NOT NULL,
	"is_loaded" boolean NOT NULL,
	"is_tray" boolean NOT NULL,
	"trailers" integer NOT NULL,
	CONSTRAINT "trailer_counts_pk" PRIMARY KEY("account_id","location","red_tagged","yellow_tagged","in_shop","is_loaded","is_tray")
);
--> statement-breakpoint
ALTER TABLE "trailer_counts" ADD CONSTRAINT "trailer_counts_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "trailers_account_location_lower_idx" ON "trailers" USING btree ("account_id",lower("trailer_location"));--> statement-breakpoint
CREATE INDEX "trailers_search_idx" ON "trailers" USING gin ((coalesce("trailer_number", '') || ' ' || coalesce("trailer_location", '') || ' ' || coalesce("license_plate", '') || ' ' || coalesce("company_owner", '') || ' ' || coalesce("load_number", '') || ' ' || coalesce("last_user", '') || ' ' || coalesce("tagged_description", '') || ' ' || coalesce("type", '')) gin_trgm_ops);--> statement-breakpoint

-- The trailers of each account counted by location and by the flags the dashboard's filters read,
-- kept by the statements that change trailers: each adds what it inserted and takes away what it
-- deleted, an update both (a change of location or flags moves a trailer from one count to
-- another; other changes leave the counts alone). The groups are written in one order, so two
-- statements counting the same groups queue rather than deadlock.
CREATE OR REPLACE FUNCTION yardline_trailer_counts() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO trailer_counts AS c (account_id, location, red_tagged, yellow_tagged, in_shop, is_loaded, is_tray, trailers)
    SELECT account_id, trailer_location, red_tagged, yellow_tagged, in_shop, is_loaded, is_tray, count(*)
      FROM new_rows GROUP BY 1, 2, 3, 4, 5, 6, 7 ORDER BY 1, 2, 3, 4, 5, 6, 7
    ON CONFLICT ON CONSTRAINT trailer_counts_pk DO UPDATE SET trailers = c.trailers + excluded.trailers;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO trailer_counts AS c (account_id, location, red_tagged, yellow_tagged, in_shop, is_loaded, is_tray, trailers)
    SELECT account_id, trailer_location, red_tagged, yellow_tagged, in_shop, is_loaded, is_tray, -count(*)
      FROM old_rows GROUP BY 1, 2, 3, 4, 5, 6, 7 ORDER BY 1, 2, 3, 4, 5, 6, 7
    ON CONFLICT ON CONSTRAINT trailer_counts_pk DO UPDATE SET trailers = c.trailers + excluded.trailers;
  ELSE
    INSERT INTO trailer_counts AS c (account_id, location, red_tagged, yellow_tagged, in_shop, is_loaded, is_tray, trailers)
    SELECT account_id, trailer_location, red_tagged, yellow_tagged, in_shop, is_loaded, is_tray, sum(change)
      FROM (SELECT account_id, trailer_location, red_tagged, yellow_tagged, in_shop, is_loaded, is_tray, 1 AS change FROM new_rows
            UNION ALL
            SELECT account_id, trailer_location, red_tagged, yellow_tagged, in_shop, is_loaded, is_tray, -1 FROM old_rows) AS changes
     GROUP BY 1, 2, 3, 4, 5, 6, 7 HAVING sum(change) <> 0 ORDER BY 1, 2, 3, 4, 5, 6, 7
    ON CONFLICT ON CONSTRAINT trailer_counts_pk DO UPDATE SET trailers = c.trailers + excluded.trailers;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION yardline_trailer_counts_truncate() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM trailer_counts;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER trailers_counts_insert AFTER INSERT ON trailers REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION yardline_trailer_counts();
--> statement-breakpoint
CREATE TRIGGER trailers_counts_update AFTER UPDATE ON trailers REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION yardline_trailer_counts();
--> statement-breakpoint
CREATE TRIGGER trailers_counts_delete AFTER DELETE ON trailers REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION yardline_trailer_counts();
--> statement-breakpoint
CREATE TRIGGER trailers_counts_truncate AFTER TRUNCATE ON trailers
  FOR EACH STATEMENT EXECUTE FUNCTION yardline_trailer_counts_truncate();
--> statement-breakpoint
-- Counts are never left behind: they are kept also by writes that turn the other triggers off
-- (session_replication_role = replica, as the benchmarks' bulk inserts run).
ALTER TABLE trailers ENABLE ALWAYS TRIGGER trailers_counts_insert;
--> statement-breakpoint
ALTER TABLE trailers ENABLE ALWAYS TRIGGER trailers_counts_update;
--> statement-breakpoint
ALTER TABLE trailers ENABLE ALWAYS TRIGGER trailers_counts_delete;
--> statement-breakpoint
ALTER TABLE trailers ENABLE ALWAYS TRIGGER trailers_counts_truncate;
--> statement-breakpoint
INSERT INTO trailer_counts (account_id, location, red_tagged, yellow_tagged, in_shop, is_loaded, is_tray, trailers)
SELECT account_id, trailer_location, red_tagged, yellow_tagged, in_shop, is_loaded, is_tray, count(*)
  FROM trailers GROUP BY 1, 2, 3, 4, 5, 6, 7;
