CREATE TABLE "accounts" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"account_name" text NOT NULL,
	"location" text NOT NULL,
	"yard_count" integer DEFAULT 0 NOT NULL,
	"building_count" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "accounts_yard_count_check" CHECK ("accounts"."yard_count" >= 0),
	CONSTRAINT "accounts_building_count_check" CHECK ("accounts"."building_count" >= 0)
);
--> statement-breakpoint
CREATE TABLE "audit_logs" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"timestamp" timestamp with time zone DEFAULT now() NOT NULL,
	"user_alpha_code" text,
	"table_name" text NOT NULL,
	"record_id" text,
	"action" text NOT NULL,
	"changed_fields" jsonb,
	CONSTRAINT "audit_logs_action_check" CHECK ("audit_logs"."action" IN ('CREATE', 'UPDATE', 'DELETE'))
);
--> statement-breakpoint
CREATE TABLE "buildings" (
	"id" serial PRIMARY KEY NOT NULL,
	"account_id" integer NOT NULL,
	"building_name" text NOT NULL,
	"building_door_number" integer NOT NULL,
	"location" text,
	"address" text,
	"city" text,
	"state" text,
	"zip_code" text,
	"description" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "buildings_door_number_check" CHECK ("buildings"."building_door_number" >= 0)
);
--> statement-breakpoint
CREATE TABLE "companies" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "login_attempts" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"email" text NOT NULL,
	"ip_address" text,
	"succeeded" boolean NOT NULL,
	"attempted_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "move_legs" (
	"id" serial PRIMARY KEY NOT NULL,
	"move_id" integer NOT NULL,
	"leg_number" smallint NOT NULL,
	"from_location" text NOT NULL,
	"to_location" text NOT NULL,
	"trailer_id" integer NOT NULL,
	"trailer_number" text NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	CONSTRAINT "move_legs_leg_number_check" CHECK ("move_legs"."leg_number" BETWEEN 1 AND 3),
	CONSTRAINT "move_legs_from_differs_from_to" CHECK ("move_legs"."from_location" <> "move_legs"."to_location")
);
--> statement-breakpoint
CREATE TABLE "moves" (
	"id" serial PRIMARY KEY NOT NULL,
	"account_id" integer NOT NULL,
	"request_user_id" integer,
	"move_type" text NOT NULL,
	"in_progress" boolean DEFAULT false NOT NULL,
	"accept_user_id" integer,
	"accept_alpha_code" text,
	"accept_time" timestamp with time zone,
	"finish_time" timestamp with time zone,
	"is_cancel" boolean DEFAULT false NOT NULL,
	"cancel_time" timestamp with time zone,
	"cancel_user_id" integer,
	"request_time" timestamp with time zone DEFAULT now() NOT NULL,
	"elapse_time" interval,
	CONSTRAINT "moves_type_check" CHECK ("moves"."move_type" IN ('single', 'shuttle', 'triangle')),
	CONSTRAINT "moves_finished_or_cancelled" CHECK (NOT ("moves"."is_cancel" AND "moves"."finish_time" IS NOT NULL))
);
--> statement-breakpoint
CREATE TABLE "sessions" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"token_hash" text NOT NULL,
	"csrf_secret" text NOT NULL,
	"user_agent" text,
	"ip_address" text,
	"login_time" timestamp with time zone DEFAULT now() NOT NULL,
	"last_activity" timestamp with time zone DEFAULT now() NOT NULL,
	"ended_at" timestamp with time zone,
	"end_reason" text,
	CONSTRAINT "sessions_end_reason_check" CHECK ("sessions"."end_reason" IS NULL OR "sessions"."end_reason" IN ('logout', 'timeout', 'replaced', 'deactivated'))
);
--> statement-breakpoint
CREATE TABLE "settings" (
	"id" smallint PRIMARY KEY DEFAULT 1 NOT NULL,
	"timeout_hours" numeric(5, 2) DEFAULT 4 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "settings_single_row" CHECK ("settings"."id" = 1),
	CONSTRAINT "settings_timeout_hours_range" CHECK ("settings"."timeout_hours" BETWEEN 0.01 AND 24)
);
--> statement-breakpoint
CREATE TABLE "trailer_assignments" (
	"id" serial PRIMARY KEY NOT NULL,
	"trailer_id" integer NOT NULL,
	"assigned_user_id" integer,
	"assigned_alpha_code" text,
	"assigned_by_alpha_code" text,
	"assigned_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "trailer_location_history" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"trailer_id" integer NOT NULL,
	"account_id" integer NOT NULL,
	"location" text NOT NULL,
	"entry_time" timestamp with time zone DEFAULT now() NOT NULL,
	"exit_time" timestamp with time zone,
	"user_alpha_code" text,
	CONSTRAINT "trailer_location_history_exit_after_entry" CHECK ("trailer_location_history"."exit_time" IS NULL OR "trailer_location_history"."exit_time" >= "trailer_location_history"."entry_time")
);
--> statement-breakpoint
CREATE TABLE "trailers" (
	"id" serial PRIMARY KEY NOT NULL,
	"account_id" integer NOT NULL,
	"company_owner" text NOT NULL,
	"trailer_number" text NOT NULL,
	"trailer_location" text NOT NULL,
	"type" text,
	"license_state" text,
	"license_plate" text,
	"is_loaded" boolean DEFAULT false NOT NULL,
	"load_number" text,
	"is_tray" boolean DEFAULT false NOT NULL,
	"tray_count" integer DEFAULT 0 NOT NULL,
	"red_tagged" boolean DEFAULT false NOT NULL,
	"yellow_tagged" boolean DEFAULT false NOT NULL,
	"in_shop" boolean DEFAULT false NOT NULL,
	"tagged_description" text,
	"user_id" integer,
	"last_user" text,
	"last_inspection" date,
	"next_inspection" date,
	"last_maintenance" date,
	"next_maintenance" date,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "trailers_load_type_exclusive" CHECK (NOT ("trailers"."is_loaded" AND "trailers"."is_tray")),
	CONSTRAINT "trailers_tray_count_check" CHECK ("trailers"."tray_count" >= 0)
);
--> statement-breakpoint
CREATE TABLE "truck_location_history" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"truck_id" integer NOT NULL,
	"account_id" integer NOT NULL,
	"location" text NOT NULL,
	"entry_time" timestamp with time zone DEFAULT now() NOT NULL,
	"exit_time" timestamp with time zone,
	"user_alpha_code" text,
	CONSTRAINT "truck_location_history_exit_after_entry" CHECK ("truck_location_history"."exit_time" IS NULL OR "truck_location_history"."exit_time" >= "truck_location_history"."entry_time")
);
--> statement-breakpoint
CREATE TABLE "trucks" (
	"id" serial PRIMARY KEY NOT NULL,
	"account_id" integer NOT NULL,
	"assigned_user_id" integer,
	"truck_number" text NOT NULL,
	"truck_location" text NOT NULL,
	"type" text NOT NULL,
	"license_plate" text NOT NULL,
	"license_state" text NOT NULL,
	"year" integer NOT NULL,
	"make" text NOT NULL,
	"model" text NOT NULL,
	"vin" text,
	"red_tagged" boolean DEFAULT false NOT NULL,
	"yellow_tagged" boolean DEFAULT false NOT NULL,
	"in_shop" boolean DEFAULT false NOT NULL,
	"tagged_description" text,
	"last_user" text,
	"last_inspection" date,
	"next_inspection" date,
	"last_maintenance" date,
	"next_maintenance" date,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" serial PRIMARY KEY NOT NULL,
	"account_id" integer,
	"alpha_code" text,
	"email" text NOT NULL,
	"password_hash" text NOT NULL,
	"driver_number" integer,
	"first_name" text,
	"last_name" text,
	"is_admin" boolean DEFAULT false NOT NULL,
	"is_super_manager" boolean DEFAULT false NOT NULL,
	"is_account_manager" boolean DEFAULT false NOT NULL,
	"is_manager" boolean DEFAULT false NOT NULL,
	"is_yard_driver" boolean DEFAULT false NOT NULL,
	"is_road_driver" boolean DEFAULT false NOT NULL,
	"is_mechanic" boolean DEFAULT false NOT NULL,
	"is_security" boolean DEFAULT false NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"first_login" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "users_email_lowercase" CHECK ("users"."email" = lower("users"."email")),
	CONSTRAINT "users_alpha_code_uppercase" CHECK ("users"."alpha_code" = upper("users"."alpha_code")),
	CONSTRAINT "users_exactly_one_role" CHECK (("users"."is_admin"::int + "users"."is_super_manager"::int + "users"."is_account_manager"::int + "users"."is_manager"::int
        + "users"."is_yard_driver"::int + "users"."is_road_driver"::int + "users"."is_mechanic"::int + "users"."is_security"::int) = 1),
	CONSTRAINT "users_account_unless_admin" CHECK ("users"."is_admin" OR "users"."account_id" IS NOT NULL)
);
--> statement-breakpoint
CREATE TABLE "yards" (
	"id" serial PRIMARY KEY NOT NULL,
	"account_id" integer NOT NULL,
	"name" text NOT NULL,
	"parking_location" text,
	"parking_spots" boolean DEFAULT false NOT NULL,
	"entry_time" timestamp with time zone,
	"address" text,
	"city" text,
	"state" text,
	"zip_code" text,
	"description" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "accounts" ADD CONSTRAINT "accounts_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "buildings" ADD CONSTRAINT "buildings_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "move_legs" ADD CONSTRAINT "move_legs_move_id_moves_id_fk" FOREIGN KEY ("move_id") REFERENCES "public"."moves"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "move_legs" ADD CONSTRAINT "move_legs_trailer_id_trailers_id_fk" FOREIGN KEY ("trailer_id") REFERENCES "public"."trailers"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "moves" ADD CONSTRAINT "moves_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "moves" ADD CONSTRAINT "moves_request_user_id_users_id_fk" FOREIGN KEY ("request_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "moves" ADD CONSTRAINT "moves_accept_user_id_users_id_fk" FOREIGN KEY ("accept_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "moves" ADD CONSTRAINT "moves_cancel_user_id_users_id_fk" FOREIGN KEY ("cancel_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trailer_assignments" ADD CONSTRAINT "trailer_assignments_trailer_id_trailers_id_fk" FOREIGN KEY ("trailer_id") REFERENCES "public"."trailers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trailer_assignments" ADD CONSTRAINT "trailer_assignments_assigned_user_id_users_id_fk" FOREIGN KEY ("assigned_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trailer_location_history" ADD CONSTRAINT "trailer_location_history_trailer_id_trailers_id_fk" FOREIGN KEY ("trailer_id") REFERENCES "public"."trailers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trailer_location_history" ADD CONSTRAINT "trailer_location_history_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trailers" ADD CONSTRAINT "trailers_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trailers" ADD CONSTRAINT "trailers_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "truck_location_history" ADD CONSTRAINT "truck_location_history_truck_id_trucks_id_fk" FOREIGN KEY ("truck_id") REFERENCES "public"."trucks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "truck_location_history" ADD CONSTRAINT "truck_location_history_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trucks" ADD CONSTRAINT "trucks_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trucks" ADD CONSTRAINT "trucks_assigned_user_id_users_id_fk" FOREIGN KEY ("assigned_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "yards" ADD CONSTRAINT "yards_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "accounts_company_idx" ON "accounts" USING btree ("company_id");--> statement-breakpoint
CREATE INDEX "audit_logs_timestamp_idx" ON "audit_logs" USING btree ("timestamp");--> statement-breakpoint
CREATE INDEX "audit_logs_table_record_idx" ON "audit_logs" USING btree ("table_name","record_id");--> statement-breakpoint
CREATE UNIQUE INDEX "buildings_account_name_key" ON "buildings" USING btree ("account_id","building_name");--> statement-breakpoint
CREATE INDEX "login_attempts_email_idx" ON "login_attempts" USING btree ("email","attempted_at");--> statement-breakpoint
CREATE INDEX "login_attempts_ip_idx" ON "login_attempts" USING btree ("ip_address","attempted_at");--> statement-breakpoint
CREATE UNIQUE INDEX "move_legs_move_leg_key" ON "move_legs" USING btree ("move_id","leg_number");--> statement-breakpoint
CREATE UNIQUE INDEX "move_legs_one_active_move_per_trailer" ON "move_legs" USING btree ("trailer_id") WHERE "move_legs"."active";--> statement-breakpoint
CREATE INDEX "moves_account_request_time_idx" ON "moves" USING btree ("account_id","request_time");--> statement-breakpoint
CREATE INDEX "moves_active_idx" ON "moves" USING btree ("account_id") WHERE "moves"."finish_time" IS NULL AND NOT "moves"."is_cancel";--> statement-breakpoint
CREATE UNIQUE INDEX "sessions_token_hash_key" ON "sessions" USING btree ("token_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "sessions_one_live_per_user" ON "sessions" USING btree ("user_id") WHERE "sessions"."ended_at" IS NULL;--> statement-breakpoint
CREATE INDEX "trailer_assignments_trailer_idx" ON "trailer_assignments" USING btree ("trailer_id","assigned_at");--> statement-breakpoint
CREATE UNIQUE INDEX "trailer_location_history_one_open" ON "trailer_location_history" USING btree ("trailer_id") WHERE "trailer_location_history"."exit_time" IS NULL;--> statement-breakpoint
CREATE INDEX "trailer_location_history_trailer_idx" ON "trailer_location_history" USING btree ("trailer_id","entry_time");--> statement-breakpoint
CREATE INDEX "trailer_location_history_account_idx" ON "trailer_location_history" USING btree ("account_id","entry_time");--> statement-breakpoint
CREATE UNIQUE INDEX "trailers_account_number_key" ON "trailers" USING btree ("account_id","trailer_number");--> statement-breakpoint
CREATE INDEX "trailers_account_location_idx" ON "trailers" USING btree ("account_id","trailer_location");--> statement-breakpoint
CREATE INDEX "trailers_account_status_idx" ON "trailers" USING btree ("account_id","red_tagged","yellow_tagged","in_shop");--> statement-breakpoint
CREATE UNIQUE INDEX "truck_location_history_one_open" ON "truck_location_history" USING btree ("truck_id") WHERE "truck_location_history"."exit_time" IS NULL;--> statement-breakpoint
CREATE INDEX "truck_location_history_truck_idx" ON "truck_location_history" USING btree ("truck_id","entry_time");--> statement-breakpoint
CREATE INDEX "truck_location_history_account_idx" ON "truck_location_history" USING btree ("account_id","entry_time");--> statement-breakpoint
CREATE UNIQUE INDEX "trucks_account_number_key" ON "trucks" USING btree ("account_id","truck_number");--> statement-breakpoint
CREATE INDEX "trucks_account_location_idx" ON "trucks" USING btree ("account_id","truck_location");--> statement-breakpoint
CREATE INDEX "trucks_assigned_user_idx" ON "trucks" USING btree ("assigned_user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "users_email_key" ON "users" USING btree ("email");--> statement-breakpoint
CREATE UNIQUE INDEX "users_alpha_code_key" ON "users" USING btree ("alpha_code");--> statement-breakpoint
CREATE INDEX "users_account_idx" ON "users" USING btree ("account_id");--> statement-breakpoint
CREATE UNIQUE INDEX "yards_account_name_key" ON "yards" USING btree ("account_id","name");