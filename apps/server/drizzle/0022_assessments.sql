CREATE TABLE "assessment_attempt_answers" (
	"attempt_id" integer NOT NULL,
	"item" integer NOT NULL,
	"question_version_id" integer NOT NULL,
	"answer" jsonb,
	"flagged" boolean DEFAULT false NOT NULL,
	"seq" integer DEFAULT 0 NOT NULL,
	"saved_at" timestamp with time zone,
	"score" numeric(8, 2),
	"max_score" numeric(8, 2) NOT NULL,
	"detail" jsonb,
	"needs_grading" boolean DEFAULT false NOT NULL,
	"rubric" jsonb,
	"feedback" text,
	"graded_by" integer,
	"graded_at" timestamp with time zone,
	CONSTRAINT "assessment_attempt_answers_attempt_id_item_pk" PRIMARY KEY("attempt_id","item")
);
--> statement-breakpoint
CREATE TABLE "assessment_assignments" (
	"id" serial PRIMARY KEY NOT NULL,
	"assessment_id" integer NOT NULL,
	"user_id" integer,
	"department_id" integer,
	"assigned_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "assessment_assignments_one_ck" CHECK (num_nonnulls("assessment_assignments"."user_id", "assessment_assignments"."department_id") = 1)
);
--> statement-breakpoint
CREATE TABLE "assessment_attempt_files" (
	"id" serial PRIMARY KEY NOT NULL,
	"attempt_id" integer NOT NULL,
	"item" integer NOT NULL,
	"storage_key" varchar(200) NOT NULL,
	"name" varchar(255) NOT NULL,
	"size" integer NOT NULL,
	"mime" varchar(120) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "assessment_attempts" (
	"id" serial PRIMARY KEY NOT NULL,
	"assessment_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"number" integer NOT NULL,
	"status" varchar(12) DEFAULT 'not_started' NOT NULL,
	"layout" jsonb,
	"session_key" varchar(64),
	"started_at" timestamp with time zone,
	"deadline_at" timestamp with time zone,
	"expires_at" timestamp with time zone,
	"submitted_at" timestamp with time zone,
	"submitted_by" varchar(10),
	"graded_at" timestamp with time zone,
	"score" numeric(10, 2),
	"max_score" numeric(10, 2),
	"percent" numeric(5, 2),
	"passed" boolean,
	"pending_manual" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "assessment_attempts_status_ck" CHECK ("assessment_attempts"."status" in ('not_started', 'in_progress', 'submitted', 'graded', 'abandoned'))
);
--> statement-breakpoint
CREATE TABLE "assessment_messages" (
	"id" serial PRIMARY KEY NOT NULL,
	"assessment_id" integer NOT NULL,
	"min_percent" numeric(5, 2) NOT NULL,
	"message" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "assessment_overrides" (
	"id" serial PRIMARY KEY NOT NULL,
	"assessment_id" integer NOT NULL,
	"user_id" integer,
	"department_id" integer,
	"extra_seconds" integer,
	"time_limit_seconds" integer,
	"opens_at" timestamp with time zone,
	"closes_at" timestamp with time zone,
	"attempts_allowed" integer,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "assessment_overrides_one_ck" CHECK (num_nonnulls("assessment_overrides"."user_id", "assessment_overrides"."department_id") = 1)
);
--> statement-breakpoint
CREATE TABLE "assessment_pages" (
	"id" serial PRIMARY KEY NOT NULL,
	"assessment_id" integer NOT NULL,
	"position" integer NOT NULL,
	"title" varchar(200) DEFAULT '' NOT NULL,
	"description" text DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "assessment_reviewers" (
	"assessment_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "assessment_reviewers_assessment_id_user_id_pk" PRIMARY KEY("assessment_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "assessment_slots" (
	"id" serial PRIMARY KEY NOT NULL,
	"assessment_id" integer NOT NULL,
	"page_id" integer NOT NULL,
	"position" integer NOT NULL,
	"kind" varchar(10) NOT NULL,
	"question_id" integer,
	"category_id" integer,
	"tags" text[] DEFAULT '{}'::text[] NOT NULL,
	"draw_count" integer DEFAULT 1 NOT NULL,
	"points" numeric(8, 2),
	CONSTRAINT "assessment_slots_kind_ck" CHECK ("assessment_slots"."kind" in ('fixed', 'random')),
	CONSTRAINT "assessment_slots_shape_ck" CHECK (("assessment_slots"."kind" = 'fixed' and "assessment_slots"."question_id" is not null) or ("assessment_slots"."kind" = 'random' and "assessment_slots"."question_id" is null and "assessment_slots"."draw_count" >= 1))
);
--> statement-breakpoint
CREATE TABLE "assessments" (
	"id" serial PRIMARY KEY NOT NULL,
	"uuid" uuid DEFAULT gen_random_uuid() NOT NULL,
	"organisation_id" integer NOT NULL,
	"course_id" integer,
	"title" varchar(200) NOT NULL,
	"instructions" text DEFAULT '' NOT NULL,
	"status" varchar(10) DEFAULT 'draft' NOT NULL,
	"time_limit_seconds" integer,
	"opens_at" timestamp with time zone,
	"closes_at" timestamp with time zone,
	"grace_seconds" integer DEFAULT 60 NOT NULL,
	"attempts_allowed" integer DEFAULT 1,
	"attempt_delay_seconds" integer DEFAULT 0 NOT NULL,
	"grading_method" varchar(10) DEFAULT 'highest' NOT NULL,
	"pass_mark" numeric(5, 2) DEFAULT 50 NOT NULL,
	"shuffle_questions" boolean DEFAULT false NOT NULL,
	"shuffle_options" boolean DEFAULT false NOT NULL,
	"review" jsonb NOT NULL,
	"password_hash" text,
	"proctored" boolean DEFAULT false NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"published_at" timestamp with time zone,
	CONSTRAINT "assessments_status_ck" CHECK ("assessments"."status" in ('draft', 'published', 'archived')),
	CONSTRAINT "assessments_grading_ck" CHECK ("assessments"."grading_method" in ('highest', 'average', 'first', 'last'))
);
--> statement-breakpoint
ALTER TABLE "assessment_attempt_answers" ADD CONSTRAINT "assessment_attempt_answers_attempt_id_assessment_attempts_id_fk" FOREIGN KEY ("attempt_id") REFERENCES "public"."assessment_attempts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assessment_attempt_answers" ADD CONSTRAINT "assessment_attempt_answers_question_version_id_question_versions_id_fk" FOREIGN KEY ("question_version_id") REFERENCES "public"."question_versions"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assessment_attempt_answers" ADD CONSTRAINT "assessment_attempt_answers_graded_by_users_id_fk" FOREIGN KEY ("graded_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assessment_assignments" ADD CONSTRAINT "assessment_assignments_assessment_id_assessments_id_fk" FOREIGN KEY ("assessment_id") REFERENCES "public"."assessments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assessment_assignments" ADD CONSTRAINT "assessment_assignments_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assessment_assignments" ADD CONSTRAINT "assessment_assignments_department_id_departments_id_fk" FOREIGN KEY ("department_id") REFERENCES "public"."departments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assessment_assignments" ADD CONSTRAINT "assessment_assignments_assigned_by_users_id_fk" FOREIGN KEY ("assigned_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assessment_attempt_files" ADD CONSTRAINT "assessment_attempt_files_attempt_id_assessment_attempts_id_fk" FOREIGN KEY ("attempt_id") REFERENCES "public"."assessment_attempts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assessment_attempts" ADD CONSTRAINT "assessment_attempts_assessment_id_assessments_id_fk" FOREIGN KEY ("assessment_id") REFERENCES "public"."assessments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assessment_attempts" ADD CONSTRAINT "assessment_attempts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assessment_messages" ADD CONSTRAINT "assessment_messages_assessment_id_assessments_id_fk" FOREIGN KEY ("assessment_id") REFERENCES "public"."assessments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assessment_overrides" ADD CONSTRAINT "assessment_overrides_assessment_id_assessments_id_fk" FOREIGN KEY ("assessment_id") REFERENCES "public"."assessments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assessment_overrides" ADD CONSTRAINT "assessment_overrides_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assessment_overrides" ADD CONSTRAINT "assessment_overrides_department_id_departments_id_fk" FOREIGN KEY ("department_id") REFERENCES "public"."departments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assessment_overrides" ADD CONSTRAINT "assessment_overrides_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assessment_pages" ADD CONSTRAINT "assessment_pages_assessment_id_assessments_id_fk" FOREIGN KEY ("assessment_id") REFERENCES "public"."assessments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assessment_reviewers" ADD CONSTRAINT "assessment_reviewers_assessment_id_assessments_id_fk" FOREIGN KEY ("assessment_id") REFERENCES "public"."assessments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assessment_reviewers" ADD CONSTRAINT "assessment_reviewers_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assessment_slots" ADD CONSTRAINT "assessment_slots_assessment_id_assessments_id_fk" FOREIGN KEY ("assessment_id") REFERENCES "public"."assessments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assessment_slots" ADD CONSTRAINT "assessment_slots_page_id_assessment_pages_id_fk" FOREIGN KEY ("page_id") REFERENCES "public"."assessment_pages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assessment_slots" ADD CONSTRAINT "assessment_slots_question_id_questions_id_fk" FOREIGN KEY ("question_id") REFERENCES "public"."questions"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assessment_slots" ADD CONSTRAINT "assessment_slots_category_id_question_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."question_categories"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assessments" ADD CONSTRAINT "assessments_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assessments" ADD CONSTRAINT "assessments_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assessments" ADD CONSTRAINT "assessments_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "assessment_attempt_answers_version_idx" ON "assessment_attempt_answers" USING btree ("question_version_id");--> statement-breakpoint
CREATE INDEX "assessment_attempt_answers_grading_idx" ON "assessment_attempt_answers" USING btree ("attempt_id") WHERE "assessment_attempt_answers"."needs_grading";--> statement-breakpoint
CREATE UNIQUE INDEX "assessment_assignments_user_uq" ON "assessment_assignments" USING btree ("assessment_id","user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "assessment_assignments_department_uq" ON "assessment_assignments" USING btree ("assessment_id","department_id");--> statement-breakpoint
CREATE INDEX "assessment_assignments_user_idx" ON "assessment_assignments" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "assessment_assignments_department_idx" ON "assessment_assignments" USING btree ("department_id");--> statement-breakpoint
CREATE INDEX "assessment_attempt_files_attempt_idx" ON "assessment_attempt_files" USING btree ("attempt_id","item");--> statement-breakpoint
CREATE UNIQUE INDEX "assessment_attempts_number_uq" ON "assessment_attempts" USING btree ("assessment_id","user_id","number");--> statement-breakpoint
CREATE INDEX "assessment_attempts_user_idx" ON "assessment_attempts" USING btree ("user_id","assessment_id");--> statement-breakpoint
CREATE INDEX "assessment_attempts_assessment_status_idx" ON "assessment_attempts" USING btree ("assessment_id","status");--> statement-breakpoint
CREATE INDEX "assessment_attempts_expiry_idx" ON "assessment_attempts" USING btree ("expires_at") WHERE "assessment_attempts"."status" = 'in_progress';--> statement-breakpoint
CREATE UNIQUE INDEX "assessment_messages_band_uq" ON "assessment_messages" USING btree ("assessment_id","min_percent");--> statement-breakpoint
CREATE UNIQUE INDEX "assessment_overrides_user_uq" ON "assessment_overrides" USING btree ("assessment_id","user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "assessment_overrides_department_uq" ON "assessment_overrides" USING btree ("assessment_id","department_id");--> statement-breakpoint
CREATE INDEX "assessment_pages_assessment_idx" ON "assessment_pages" USING btree ("assessment_id","position");--> statement-breakpoint
CREATE INDEX "assessment_reviewers_user_idx" ON "assessment_reviewers" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "assessment_slots_page_idx" ON "assessment_slots" USING btree ("page_id","position");--> statement-breakpoint
CREATE INDEX "assessment_slots_assessment_idx" ON "assessment_slots" USING btree ("assessment_id");--> statement-breakpoint
CREATE INDEX "assessment_slots_question_idx" ON "assessment_slots" USING btree ("question_id");--> statement-breakpoint
CREATE INDEX "assessment_slots_category_idx" ON "assessment_slots" USING btree ("category_id");--> statement-breakpoint
CREATE UNIQUE INDEX "assessments_uuid_uq" ON "assessments" USING btree ("uuid");--> statement-breakpoint
CREATE INDEX "assessments_org_updated_idx" ON "assessments" USING btree ("organisation_id","updated_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "assessments_course_idx" ON "assessments" USING btree ("course_id");--> statement-breakpoint
CREATE INDEX "assessments_title_trgm_idx" ON "assessments" USING gin (lower("title") gin_trgm_ops);