CREATE TABLE "learning_path_audiences" (
	"id" serial PRIMARY KEY NOT NULL,
	"path_id" integer NOT NULL,
	"department_id" integer,
	"designation_id" integer,
	"due_at" timestamp with time zone,
	"assigned_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "learning_path_audiences_one_ck" CHECK (("learning_path_audiences"."department_id" is null) <> ("learning_path_audiences"."designation_id" is null))
);
--> statement-breakpoint
CREATE TABLE "learning_path_electives" (
	"id" serial PRIMARY KEY NOT NULL,
	"path_id" integer NOT NULL,
	"title" varchar(200) NOT NULL,
	"required" smallint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "learning_path_enrolments" (
	"id" serial PRIMARY KEY NOT NULL,
	"path_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"status" varchar(12) NOT NULL,
	"source" varchar(12) NOT NULL,
	"assigned_by" integer,
	"requested_at" timestamp with time zone,
	"enrolled_at" timestamp with time zone,
	"due_at" timestamp with time zone,
	"completed_at" timestamp with time zone,
	"expires_at" timestamp with time zone,
	"progress_percent" smallint DEFAULT 0 NOT NULL,
	"completed_items" smallint DEFAULT 0 NOT NULL,
	"cycle" smallint DEFAULT 0 NOT NULL,
	"due_soon_notified_at" timestamp with time zone,
	"overdue_notified_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "learning_path_enrolments_status_ck" CHECK ("learning_path_enrolments"."status" in ('requested', 'enrolled', 'completed')),
	CONSTRAINT "learning_path_enrolments_progress_ck" CHECK ("learning_path_enrolments"."progress_percent" between 0 and 100)
);
--> statement-breakpoint
CREATE TABLE "learning_path_items" (
	"id" serial PRIMARY KEY NOT NULL,
	"path_id" integer NOT NULL,
	"kind" varchar(12) DEFAULT 'course' NOT NULL,
	"course_id" integer NOT NULL,
	"position" integer NOT NULL,
	"elective_id" integer
);
--> statement-breakpoint
CREATE TABLE "learning_path_prerequisites" (
	"item_id" integer NOT NULL,
	"requires_item_id" integer NOT NULL,
	CONSTRAINT "learning_path_prerequisites_item_id_requires_item_id_pk" PRIMARY KEY("item_id","requires_item_id"),
	CONSTRAINT "learning_path_prerequisites_self_ck" CHECK ("learning_path_prerequisites"."item_id" <> "learning_path_prerequisites"."requires_item_id")
);
--> statement-breakpoint
CREATE TABLE "learning_path_reviews" (
	"id" serial PRIMARY KEY NOT NULL,
	"path_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"rating" smallint NOT NULL,
	"comment" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "learning_path_reviews_rating_ck" CHECK ("learning_path_reviews"."rating" between 1 and 5)
);
--> statement-breakpoint
CREATE TABLE "learning_paths" (
	"id" serial PRIMARY KEY NOT NULL,
	"organisation_id" integer NOT NULL,
	"title" varchar(200) NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"image_key" text,
	"category_id" integer,
	"status" varchar(12) DEFAULT 'draft' NOT NULL,
	"visibility" varchar(12) DEFAULT 'organisation' NOT NULL,
	"enrolment" varchar(10) DEFAULT 'assigned' NOT NULL,
	"strict_sequence" boolean DEFAULT false NOT NULL,
	"estimated_minutes" integer,
	"due_mode" varchar(10) DEFAULT 'none' NOT NULL,
	"due_at" timestamp with time zone,
	"due_days" integer,
	"due_soon_days" smallint DEFAULT 3 NOT NULL,
	"validity_months" smallint,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"published_at" timestamp with time zone,
	CONSTRAINT "learning_paths_status_ck" CHECK ("learning_paths"."status" in ('draft', 'published', 'archived')),
	CONSTRAINT "learning_paths_visibility_ck" CHECK ("learning_paths"."visibility" in ('organisation', 'assigned')),
	CONSTRAINT "learning_paths_enrolment_ck" CHECK ("learning_paths"."enrolment" in ('assigned', 'self', 'request')),
	CONSTRAINT "learning_paths_due_mode_ck" CHECK ("learning_paths"."due_mode" in ('none', 'fixed', 'relative'))
);
--> statement-breakpoint
ALTER TABLE "learning_path_audiences" ADD CONSTRAINT "learning_path_audiences_path_id_learning_paths_id_fk" FOREIGN KEY ("path_id") REFERENCES "public"."learning_paths"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "learning_path_audiences" ADD CONSTRAINT "learning_path_audiences_department_id_departments_id_fk" FOREIGN KEY ("department_id") REFERENCES "public"."departments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "learning_path_audiences" ADD CONSTRAINT "learning_path_audiences_designation_id_designations_id_fk" FOREIGN KEY ("designation_id") REFERENCES "public"."designations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "learning_path_audiences" ADD CONSTRAINT "learning_path_audiences_assigned_by_users_id_fk" FOREIGN KEY ("assigned_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "learning_path_electives" ADD CONSTRAINT "learning_path_electives_path_id_learning_paths_id_fk" FOREIGN KEY ("path_id") REFERENCES "public"."learning_paths"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "learning_path_enrolments" ADD CONSTRAINT "learning_path_enrolments_path_id_learning_paths_id_fk" FOREIGN KEY ("path_id") REFERENCES "public"."learning_paths"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "learning_path_enrolments" ADD CONSTRAINT "learning_path_enrolments_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "learning_path_enrolments" ADD CONSTRAINT "learning_path_enrolments_assigned_by_users_id_fk" FOREIGN KEY ("assigned_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "learning_path_items" ADD CONSTRAINT "learning_path_items_path_id_learning_paths_id_fk" FOREIGN KEY ("path_id") REFERENCES "public"."learning_paths"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "learning_path_items" ADD CONSTRAINT "learning_path_items_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "learning_path_items" ADD CONSTRAINT "learning_path_items_elective_id_learning_path_electives_id_fk" FOREIGN KEY ("elective_id") REFERENCES "public"."learning_path_electives"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "learning_path_prerequisites" ADD CONSTRAINT "learning_path_prerequisites_item_id_learning_path_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."learning_path_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "learning_path_prerequisites" ADD CONSTRAINT "learning_path_prerequisites_requires_item_id_learning_path_items_id_fk" FOREIGN KEY ("requires_item_id") REFERENCES "public"."learning_path_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "learning_path_reviews" ADD CONSTRAINT "learning_path_reviews_path_id_learning_paths_id_fk" FOREIGN KEY ("path_id") REFERENCES "public"."learning_paths"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "learning_path_reviews" ADD CONSTRAINT "learning_path_reviews_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "learning_paths" ADD CONSTRAINT "learning_paths_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "learning_paths" ADD CONSTRAINT "learning_paths_category_id_course_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."course_categories"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "learning_paths" ADD CONSTRAINT "learning_paths_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "learning_path_audiences_department_uq" ON "learning_path_audiences" USING btree ("path_id","department_id") WHERE "learning_path_audiences"."department_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "learning_path_audiences_designation_uq" ON "learning_path_audiences" USING btree ("path_id","designation_id") WHERE "learning_path_audiences"."designation_id" is not null;--> statement-breakpoint
CREATE INDEX "learning_path_audiences_department_idx" ON "learning_path_audiences" USING btree ("department_id");--> statement-breakpoint
CREATE INDEX "learning_path_audiences_designation_idx" ON "learning_path_audiences" USING btree ("designation_id");--> statement-breakpoint
CREATE INDEX "learning_path_electives_path_idx" ON "learning_path_electives" USING btree ("path_id");--> statement-breakpoint
CREATE UNIQUE INDEX "learning_path_enrolments_path_user_uq" ON "learning_path_enrolments" USING btree ("path_id","user_id");--> statement-breakpoint
CREATE INDEX "learning_path_enrolments_user_status_idx" ON "learning_path_enrolments" USING btree ("user_id","status");--> statement-breakpoint
CREATE INDEX "learning_path_enrolments_path_status_idx" ON "learning_path_enrolments" USING btree ("path_id","status","id");--> statement-breakpoint
CREATE INDEX "learning_path_enrolments_due_idx" ON "learning_path_enrolments" USING btree ("due_at") WHERE "learning_path_enrolments"."status" = 'enrolled' and "learning_path_enrolments"."due_at" is not null;--> statement-breakpoint
CREATE INDEX "learning_path_enrolments_expires_idx" ON "learning_path_enrolments" USING btree ("expires_at") WHERE "learning_path_enrolments"."expires_at" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "learning_path_items_path_course_uq" ON "learning_path_items" USING btree ("path_id","course_id");--> statement-breakpoint
CREATE INDEX "learning_path_items_path_position_idx" ON "learning_path_items" USING btree ("path_id","position");--> statement-breakpoint
CREATE INDEX "learning_path_items_course_idx" ON "learning_path_items" USING btree ("course_id");--> statement-breakpoint
CREATE UNIQUE INDEX "learning_path_reviews_path_user_uq" ON "learning_path_reviews" USING btree ("path_id","user_id");--> statement-breakpoint
CREATE INDEX "learning_path_reviews_path_created_idx" ON "learning_path_reviews" USING btree ("path_id","created_at");--> statement-breakpoint
CREATE INDEX "learning_paths_org_status_created_idx" ON "learning_paths" USING btree ("organisation_id","status","created_at");--> statement-breakpoint
CREATE INDEX "learning_paths_created_by_idx" ON "learning_paths" USING btree ("created_by");