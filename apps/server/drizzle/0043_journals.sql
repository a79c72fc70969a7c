CREATE TABLE "journal_entries" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"organisation_id" integer NOT NULL,
	"title" varchar(200) NOT NULL,
	"body_html" text DEFAULT '' NOT NULL,
	"went_well" text DEFAULT '' NOT NULL,
	"to_improve" text DEFAULT '' NOT NULL,
	"course_id" integer,
	"session_id" integer,
	"visibility" varchar(20) DEFAULT 'private' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "journal_entries_visibility_ck" CHECK ("journal_entries"."visibility" in ('private', 'shared_with_trainer'))
);
--> statement-breakpoint
CREATE TABLE "learning_goals" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"organisation_id" integer NOT NULL,
	"title" varchar(200) NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"target_date" date,
	"status" varchar(12) DEFAULT 'planned' NOT NULL,
	"course_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "learning_goals_status_ck" CHECK ("learning_goals"."status" in ('planned', 'in_progress', 'done', 'dropped'))
);
--> statement-breakpoint
ALTER TABLE "journal_entries" ADD CONSTRAINT "journal_entries_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "journal_entries" ADD CONSTRAINT "journal_entries_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "journal_entries" ADD CONSTRAINT "journal_entries_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "journal_entries" ADD CONSTRAINT "journal_entries_session_id_classroom_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."classroom_sessions"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "learning_goals" ADD CONSTRAINT "learning_goals_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "learning_goals" ADD CONSTRAINT "learning_goals_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "learning_goals" ADD CONSTRAINT "learning_goals_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "journal_entries_user_idx" ON "journal_entries" USING btree ("user_id","organisation_id","updated_at","id");--> statement-breakpoint
CREATE INDEX "journal_entries_shared_org_idx" ON "journal_entries" USING btree ("organisation_id","updated_at","id") WHERE "journal_entries"."visibility" = 'shared_with_trainer';--> statement-breakpoint
CREATE INDEX "journal_entries_shared_course_idx" ON "journal_entries" USING btree ("course_id") WHERE "journal_entries"."visibility" = 'shared_with_trainer';--> statement-breakpoint
CREATE INDEX "journal_entries_shared_session_idx" ON "journal_entries" USING btree ("session_id") WHERE "journal_entries"."visibility" = 'shared_with_trainer';--> statement-breakpoint
CREATE INDEX "learning_goals_user_idx" ON "learning_goals" USING btree ("user_id","organisation_id","target_date");--> statement-breakpoint
CREATE INDEX "learning_goals_user_status_idx" ON "learning_goals" USING btree ("user_id","organisation_id","status","target_date");