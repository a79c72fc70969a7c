CREATE TABLE "calendar_feed_tokens" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"organisation_id" integer NOT NULL,
	"token_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"revoked_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "cpd_categories" (
	"id" serial PRIMARY KEY NOT NULL,
	"organisation_id" integer NOT NULL,
	"name" varchar(100) NOT NULL,
	"minimum" numeric(7, 2) DEFAULT '0' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "cpd_entries" (
	"id" serial PRIMARY KEY NOT NULL,
	"organisation_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"category_id" integer,
	"source_kind" varchar(14) NOT NULL,
	"source_key" varchar(120),
	"title" varchar(200) NOT NULL,
	"value" numeric(6, 2) NOT NULL,
	"unit" varchar(6) NOT NULL,
	"completed_at" timestamp with time zone NOT NULL,
	"status" varchar(9) NOT NULL,
	"reflection" text DEFAULT '' NOT NULL,
	"evidence_key" text,
	"evidence_name" varchar(255),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "cpd_entries_value" CHECK ("cpd_entries"."value" > 0 and "cpd_entries"."value" <= 1000)
);
--> statement-breakpoint
CREATE TABLE "cpd_schemes" (
	"id" serial PRIMARY KEY NOT NULL,
	"organisation_id" integer NOT NULL,
	"name" varchar(120) NOT NULL,
	"unit" varchar(6) DEFAULT 'hours' NOT NULL,
	"cycle_months" smallint DEFAULT 12 NOT NULL,
	"start_month" smallint DEFAULT 1 NOT NULL,
	"target" numeric(7, 2) NOT NULL,
	"carry_over_max" numeric(7, 2) DEFAULT '0' NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "cpd_schemes_cycle" CHECK ("cpd_schemes"."cycle_months" between 1 and 60),
	CONSTRAINT "cpd_schemes_start" CHECK ("cpd_schemes"."start_month" between 1 and 12),
	CONSTRAINT "cpd_schemes_target" CHECK ("cpd_schemes"."target" > 0)
);
--> statement-breakpoint
CREATE TABLE "event_attendance" (
	"id" serial PRIMARY KEY NOT NULL,
	"enrolment_id" integer NOT NULL,
	"occurrence_start" timestamp with time zone NOT NULL,
	"marked_by" integer,
	"marked_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "event_enrolments" (
	"id" serial PRIMARY KEY NOT NULL,
	"event_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"organisation_id" integer NOT NULL,
	"status" varchar(10) NOT NULL,
	"for_cpd" boolean DEFAULT false NOT NULL,
	"requested_at" timestamp with time zone DEFAULT now() NOT NULL,
	"enrolled_at" timestamp with time zone,
	"cancelled_at" timestamp with time zone,
	"invite_sequence" integer DEFAULT -1 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "event_types" (
	"id" serial PRIMARY KEY NOT NULL,
	"organisation_id" integer NOT NULL,
	"name" varchar(100) NOT NULL,
	"colour" varchar(7) DEFAULT '#1976d2' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "events" (
	"id" serial PRIMARY KEY NOT NULL,
	"uuid" uuid DEFAULT gen_random_uuid() NOT NULL,
	"organisation_id" integer NOT NULL,
	"type_id" integer,
	"title" varchar(200) NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"time_zone" varchar(64) NOT NULL,
	"rrule" text,
	"exdates" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"last_ends_at" timestamp with time zone NOT NULL,
	"location" varchar(300) DEFAULT '' NOT NULL,
	"online_url" text,
	"capacity" integer,
	"audience" jsonb,
	"cpd_value" numeric(6, 2),
	"cpd_unit" varchar(6),
	"cpd_category_id" integer,
	"enrolment" varchar(8) DEFAULT 'open' NOT NULL,
	"status" varchar(10) DEFAULT 'draft' NOT NULL,
	"sequence" integer DEFAULT 0 NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "events_times" CHECK ("events"."ends_at" > "events"."starts_at"),
	CONSTRAINT "events_capacity" CHECK ("events"."capacity" is null or "events"."capacity" > 0),
	CONSTRAINT "events_cpd" CHECK ("events"."cpd_value" is null or "events"."cpd_value" > 0)
);
--> statement-breakpoint
ALTER TABLE "calendar_feed_tokens" ADD CONSTRAINT "calendar_feed_tokens_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cpd_categories" ADD CONSTRAINT "cpd_categories_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cpd_entries" ADD CONSTRAINT "cpd_entries_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cpd_entries" ADD CONSTRAINT "cpd_entries_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cpd_entries" ADD CONSTRAINT "cpd_entries_category_id_cpd_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."cpd_categories"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cpd_schemes" ADD CONSTRAINT "cpd_schemes_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_attendance" ADD CONSTRAINT "event_attendance_enrolment_id_event_enrolments_id_fk" FOREIGN KEY ("enrolment_id") REFERENCES "public"."event_enrolments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_attendance" ADD CONSTRAINT "event_attendance_marked_by_users_id_fk" FOREIGN KEY ("marked_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_enrolments" ADD CONSTRAINT "event_enrolments_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_enrolments" ADD CONSTRAINT "event_enrolments_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_enrolments" ADD CONSTRAINT "event_enrolments_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_types" ADD CONSTRAINT "event_types_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "events" ADD CONSTRAINT "events_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "events" ADD CONSTRAINT "events_type_id_event_types_id_fk" FOREIGN KEY ("type_id") REFERENCES "public"."event_types"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "events" ADD CONSTRAINT "events_cpd_category_id_cpd_categories_id_fk" FOREIGN KEY ("cpd_category_id") REFERENCES "public"."cpd_categories"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "events" ADD CONSTRAINT "events_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "calendar_feed_tokens_hash_uq" ON "calendar_feed_tokens" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "calendar_feed_tokens_user_idx" ON "calendar_feed_tokens" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "cpd_categories_name_uq" ON "cpd_categories" USING btree ("organisation_id",lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "cpd_entries_source_uq" ON "cpd_entries" USING btree ("user_id","source_key") WHERE "cpd_entries"."source_key" is not null;--> statement-breakpoint
CREATE INDEX "cpd_entries_user_idx" ON "cpd_entries" USING btree ("user_id","completed_at");--> statement-breakpoint
CREATE INDEX "cpd_entries_org_idx" ON "cpd_entries" USING btree ("organisation_id","status");--> statement-breakpoint
CREATE UNIQUE INDEX "cpd_schemes_active_uq" ON "cpd_schemes" USING btree ("organisation_id") WHERE "cpd_schemes"."active";--> statement-breakpoint
CREATE UNIQUE INDEX "event_attendance_uq" ON "event_attendance" USING btree ("enrolment_id","occurrence_start");--> statement-breakpoint
CREATE UNIQUE INDEX "event_enrolments_live_uq" ON "event_enrolments" USING btree ("event_id","user_id") WHERE "event_enrolments"."status" <> 'cancelled';--> statement-breakpoint
CREATE INDEX "event_enrolments_user_idx" ON "event_enrolments" USING btree ("user_id","status");--> statement-breakpoint
CREATE INDEX "event_enrolments_event_idx" ON "event_enrolments" USING btree ("event_id","status");--> statement-breakpoint
CREATE UNIQUE INDEX "event_types_name_uq" ON "event_types" USING btree ("organisation_id",lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "events_uuid_uq" ON "events" USING btree ("uuid");--> statement-breakpoint
CREATE INDEX "events_org_time_idx" ON "events" USING btree ("organisation_id","starts_at");--> statement-breakpoint
CREATE INDEX "events_org_last_idx" ON "events" USING btree ("organisation_id","last_ends_at");