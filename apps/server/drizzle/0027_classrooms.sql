CREATE TABLE "classroom_bookings" (
	"id" serial PRIMARY KEY NOT NULL,
	"session_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"organisation_id" integer NOT NULL,
	"status" varchar(10) NOT NULL,
	"attendance" varchar(8),
	"requested_at" timestamp with time zone DEFAULT now() NOT NULL,
	"booked_at" timestamp with time zone,
	"cancelled_at" timestamp with time zone,
	"cancelled_by" varchar(8),
	"checked_in_at" timestamp with time zone,
	"checkin_method" varchar(8),
	"booked_by" integer,
	"invite_sequence" integer DEFAULT -1 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "classroom_classes" (
	"id" serial PRIMARY KEY NOT NULL,
	"classroom_id" integer NOT NULL,
	"organisation_id" integer NOT NULL,
	"name" varchar(200) NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"booking_mode" varchar(8) DEFAULT 'open' NOT NULL,
	"waitlist_closes_hours" smallint DEFAULT 2 NOT NULL,
	"completion_percent" smallint DEFAULT 100 NOT NULL,
	"survey_questions" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "classroom_classes_completion" CHECK ("classroom_classes"."completion_percent" between 1 and 100)
);
--> statement-breakpoint
CREATE TABLE "classroom_completions" (
	"class_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"completed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "classroom_completions_class_id_user_id_pk" PRIMARY KEY("class_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "classroom_meeting_settings" (
	"organisation_id" integer PRIMARY KEY NOT NULL,
	"provider" varchar(8) DEFAULT 'jitsi' NOT NULL,
	"base_url" text NOT NULL,
	"app_id" varchar(200) DEFAULT '' NOT NULL,
	"secret_sealed" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "classroom_occupancy" (
	"id" serial PRIMARY KEY NOT NULL,
	"session_id" integer NOT NULL,
	"resource_kind" varchar(8) NOT NULL,
	"resource_id" integer NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "classroom_requisite_done" (
	"requisite_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"done_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "classroom_requisite_done_requisite_id_user_id_pk" PRIMARY KEY("requisite_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "classroom_requisites" (
	"id" serial PRIMARY KEY NOT NULL,
	"organisation_id" integer NOT NULL,
	"topic_id" integer,
	"session_id" integer,
	"kind" varchar(4) NOT NULL,
	"title" varchar(200) NOT NULL,
	"course_id" integer,
	"file_key" text,
	"file_name" varchar(255),
	"required" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "classroom_requisites_target" CHECK (("classroom_requisites"."topic_id" is null) <> ("classroom_requisites"."session_id" is null)),
	CONSTRAINT "classroom_requisites_source" CHECK (("classroom_requisites"."course_id" is null) <> ("classroom_requisites"."file_key" is null))
);
--> statement-breakpoint
CREATE TABLE "classroom_rooms" (
	"id" serial PRIMARY KEY NOT NULL,
	"organisation_id" integer NOT NULL,
	"name" varchar(120) NOT NULL,
	"location" varchar(300) DEFAULT '' NOT NULL,
	"capacity" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "classroom_rooms_capacity" CHECK ("classroom_rooms"."capacity" > 0)
);
--> statement-breakpoint
CREATE TABLE "classroom_session_trainers" (
	"session_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	CONSTRAINT "classroom_session_trainers_session_id_user_id_pk" PRIMARY KEY("session_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "classroom_sessions" (
	"id" serial PRIMARY KEY NOT NULL,
	"uuid" uuid DEFAULT gen_random_uuid() NOT NULL,
	"topic_id" integer NOT NULL,
	"class_id" integer NOT NULL,
	"organisation_id" integer NOT NULL,
	"title" varchar(200) NOT NULL,
	"date" date NOT NULL,
	"start_time" varchar(8) NOT NULL,
	"end_time" varchar(8) NOT NULL,
	"time_zone" varchar(64) NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"room_id" integer,
	"meeting_provider" varchar(8),
	"capacity" integer NOT NULL,
	"minimum_size" integer,
	"cut_off_at" timestamp with time zone,
	"keep_below_minimum" boolean DEFAULT false NOT NULL,
	"status" varchar(10) DEFAULT 'scheduled' NOT NULL,
	"sequence" integer DEFAULT 0 NOT NULL,
	"checkin_secret" text NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "classroom_sessions_times" CHECK ("classroom_sessions"."ends_at" > "classroom_sessions"."starts_at"),
	CONSTRAINT "classroom_sessions_capacity" CHECK ("classroom_sessions"."capacity" > 0)
);
--> statement-breakpoint
CREATE TABLE "classroom_survey_responses" (
	"id" serial PRIMARY KEY NOT NULL,
	"session_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"rating" smallint NOT NULL,
	"answers" jsonb NOT NULL,
	"comment" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "classroom_survey_rating" CHECK ("classroom_survey_responses"."rating" between 1 and 5)
);
--> statement-breakpoint
CREATE TABLE "classroom_topics" (
	"id" serial PRIMARY KEY NOT NULL,
	"class_id" integer NOT NULL,
	"organisation_id" integer NOT NULL,
	"title" varchar(200) NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "classrooms" (
	"id" serial PRIMARY KEY NOT NULL,
	"organisation_id" integer NOT NULL,
	"title" varchar(200) NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"status" varchar(10) DEFAULT 'draft' NOT NULL,
	"created_by" integer,
	"published_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "classroom_bookings" ADD CONSTRAINT "classroom_bookings_session_id_classroom_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."classroom_sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "classroom_bookings" ADD CONSTRAINT "classroom_bookings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "classroom_bookings" ADD CONSTRAINT "classroom_bookings_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "classroom_bookings" ADD CONSTRAINT "classroom_bookings_booked_by_users_id_fk" FOREIGN KEY ("booked_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "classroom_classes" ADD CONSTRAINT "classroom_classes_classroom_id_classrooms_id_fk" FOREIGN KEY ("classroom_id") REFERENCES "public"."classrooms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "classroom_classes" ADD CONSTRAINT "classroom_classes_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "classroom_classes" ADD CONSTRAINT "classroom_classes_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "classroom_completions" ADD CONSTRAINT "classroom_completions_class_id_classroom_classes_id_fk" FOREIGN KEY ("class_id") REFERENCES "public"."classroom_classes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "classroom_completions" ADD CONSTRAINT "classroom_completions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "classroom_meeting_settings" ADD CONSTRAINT "classroom_meeting_settings_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "classroom_occupancy" ADD CONSTRAINT "classroom_occupancy_session_id_classroom_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."classroom_sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "classroom_requisite_done" ADD CONSTRAINT "classroom_requisite_done_requisite_id_classroom_requisites_id_fk" FOREIGN KEY ("requisite_id") REFERENCES "public"."classroom_requisites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "classroom_requisite_done" ADD CONSTRAINT "classroom_requisite_done_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "classroom_requisites" ADD CONSTRAINT "classroom_requisites_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "classroom_requisites" ADD CONSTRAINT "classroom_requisites_topic_id_classroom_topics_id_fk" FOREIGN KEY ("topic_id") REFERENCES "public"."classroom_topics"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "classroom_requisites" ADD CONSTRAINT "classroom_requisites_session_id_classroom_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."classroom_sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "classroom_requisites" ADD CONSTRAINT "classroom_requisites_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "classroom_rooms" ADD CONSTRAINT "classroom_rooms_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "classroom_session_trainers" ADD CONSTRAINT "classroom_session_trainers_session_id_classroom_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."classroom_sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "classroom_session_trainers" ADD CONSTRAINT "classroom_session_trainers_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "classroom_sessions" ADD CONSTRAINT "classroom_sessions_topic_id_classroom_topics_id_fk" FOREIGN KEY ("topic_id") REFERENCES "public"."classroom_topics"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "classroom_sessions" ADD CONSTRAINT "classroom_sessions_class_id_classroom_classes_id_fk" FOREIGN KEY ("class_id") REFERENCES "public"."classroom_classes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "classroom_sessions" ADD CONSTRAINT "classroom_sessions_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "classroom_sessions" ADD CONSTRAINT "classroom_sessions_room_id_classroom_rooms_id_fk" FOREIGN KEY ("room_id") REFERENCES "public"."classroom_rooms"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "classroom_sessions" ADD CONSTRAINT "classroom_sessions_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "classroom_survey_responses" ADD CONSTRAINT "classroom_survey_responses_session_id_classroom_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."classroom_sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "classroom_survey_responses" ADD CONSTRAINT "classroom_survey_responses_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "classroom_topics" ADD CONSTRAINT "classroom_topics_class_id_classroom_classes_id_fk" FOREIGN KEY ("class_id") REFERENCES "public"."classroom_classes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "classroom_topics" ADD CONSTRAINT "classroom_topics_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "classrooms" ADD CONSTRAINT "classrooms_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "classrooms" ADD CONSTRAINT "classrooms_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "classroom_bookings_live_uq" ON "classroom_bookings" USING btree ("session_id","user_id") WHERE "classroom_bookings"."status" <> 'cancelled';--> statement-breakpoint
CREATE INDEX "classroom_bookings_session_idx" ON "classroom_bookings" USING btree ("session_id","status","requested_at","id");--> statement-breakpoint
CREATE INDEX "classroom_bookings_user_idx" ON "classroom_bookings" USING btree ("user_id","status");--> statement-breakpoint
CREATE INDEX "classroom_classes_classroom_idx" ON "classroom_classes" USING btree ("classroom_id","id");--> statement-breakpoint
CREATE INDEX "classroom_classes_org_idx" ON "classroom_classes" USING btree ("organisation_id","id");--> statement-breakpoint
CREATE INDEX "classroom_occupancy_session_idx" ON "classroom_occupancy" USING btree ("session_id");--> statement-breakpoint
CREATE INDEX "classroom_requisites_topic_idx" ON "classroom_requisites" USING btree ("topic_id");--> statement-breakpoint
CREATE INDEX "classroom_requisites_session_idx" ON "classroom_requisites" USING btree ("session_id");--> statement-breakpoint
CREATE UNIQUE INDEX "classroom_rooms_name_uq" ON "classroom_rooms" USING btree ("organisation_id",lower("name"));--> statement-breakpoint
CREATE INDEX "classroom_session_trainers_user_idx" ON "classroom_session_trainers" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "classroom_sessions_uuid_uq" ON "classroom_sessions" USING btree ("uuid");--> statement-breakpoint
CREATE INDEX "classroom_sessions_topic_idx" ON "classroom_sessions" USING btree ("topic_id","starts_at");--> statement-breakpoint
CREATE INDEX "classroom_sessions_class_idx" ON "classroom_sessions" USING btree ("class_id","starts_at");--> statement-breakpoint
CREATE INDEX "classroom_sessions_org_time_idx" ON "classroom_sessions" USING btree ("organisation_id","starts_at");--> statement-breakpoint
CREATE UNIQUE INDEX "classroom_survey_responses_uq" ON "classroom_survey_responses" USING btree ("session_id","user_id");--> statement-breakpoint
CREATE INDEX "classroom_topics_class_idx" ON "classroom_topics" USING btree ("class_id","position","id");--> statement-breakpoint
CREATE INDEX "classrooms_org_idx" ON "classrooms" USING btree ("organisation_id","status","id");