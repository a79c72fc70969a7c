CREATE TABLE "plagiarism_checks" (
	"id" serial PRIMARY KEY NOT NULL,
	"submission_id" integer NOT NULL,
	"organisation_id" integer NOT NULL,
	"course_id" integer NOT NULL,
	"assignment_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"status" varchar(10) NOT NULL,
	"run" integer DEFAULT 1 NOT NULL,
	"error" text,
	"score" double precision,
	"text" text DEFAULT '' NOT NULL,
	"submitted_at" timestamp with time zone NOT NULL,
	"checked_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "plagiarism_fingerprints" (
	"check_id" integer NOT NULL,
	"organisation_id" integer NOT NULL,
	"hash" integer NOT NULL,
	"start" integer NOT NULL,
	"end" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "plagiarism_matches" (
	"id" serial PRIMARY KEY NOT NULL,
	"check_id" integer NOT NULL,
	"other_check_id" integer NOT NULL,
	"score" double precision NOT NULL,
	"passages" jsonb NOT NULL,
	"decision" varchar(12) DEFAULT 'pending' NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"decided_by" integer,
	"decided_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "plagiarism_settings" (
	"assignment_id" integer PRIMARY KEY NOT NULL,
	"threshold" integer NOT NULL,
	"show_learners" boolean DEFAULT false NOT NULL,
	"updated_by" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "plagiarism_checks" ADD CONSTRAINT "plagiarism_checks_submission_id_assignment_submissions_id_fk" FOREIGN KEY ("submission_id") REFERENCES "public"."assignment_submissions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plagiarism_checks" ADD CONSTRAINT "plagiarism_checks_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plagiarism_checks" ADD CONSTRAINT "plagiarism_checks_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plagiarism_checks" ADD CONSTRAINT "plagiarism_checks_assignment_id_assignments_id_fk" FOREIGN KEY ("assignment_id") REFERENCES "public"."assignments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plagiarism_checks" ADD CONSTRAINT "plagiarism_checks_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plagiarism_fingerprints" ADD CONSTRAINT "plagiarism_fingerprints_check_id_plagiarism_checks_id_fk" FOREIGN KEY ("check_id") REFERENCES "public"."plagiarism_checks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plagiarism_matches" ADD CONSTRAINT "plagiarism_matches_check_id_plagiarism_checks_id_fk" FOREIGN KEY ("check_id") REFERENCES "public"."plagiarism_checks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plagiarism_matches" ADD CONSTRAINT "plagiarism_matches_other_check_id_plagiarism_checks_id_fk" FOREIGN KEY ("other_check_id") REFERENCES "public"."plagiarism_checks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plagiarism_matches" ADD CONSTRAINT "plagiarism_matches_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plagiarism_settings" ADD CONSTRAINT "plagiarism_settings_assignment_id_assignments_id_fk" FOREIGN KEY ("assignment_id") REFERENCES "public"."assignments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plagiarism_settings" ADD CONSTRAINT "plagiarism_settings_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "plagiarism_checks_submission_uq" ON "plagiarism_checks" USING btree ("submission_id");--> statement-breakpoint
CREATE INDEX "plagiarism_checks_org_idx" ON "plagiarism_checks" USING btree ("organisation_id","submitted_at");--> statement-breakpoint
CREATE INDEX "plagiarism_checks_course_idx" ON "plagiarism_checks" USING btree ("course_id");--> statement-breakpoint
CREATE INDEX "plagiarism_checks_assignment_idx" ON "plagiarism_checks" USING btree ("assignment_id");--> statement-breakpoint
CREATE INDEX "plagiarism_fingerprints_org_hash_idx" ON "plagiarism_fingerprints" USING btree ("organisation_id","hash");--> statement-breakpoint
CREATE INDEX "plagiarism_fingerprints_check_idx" ON "plagiarism_fingerprints" USING btree ("check_id");--> statement-breakpoint
CREATE UNIQUE INDEX "plagiarism_matches_pair_uq" ON "plagiarism_matches" USING btree ("check_id","other_check_id");--> statement-breakpoint
CREATE INDEX "plagiarism_matches_other_idx" ON "plagiarism_matches" USING btree ("other_check_id");