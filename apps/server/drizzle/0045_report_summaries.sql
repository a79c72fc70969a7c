CREATE TABLE "report_category_months" (
	"organisation_id" integer NOT NULL,
	"category_id" integer,
	"month" date,
	"enrolled" integer NOT NULL,
	"completed" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "report_course_totals" (
	"organisation_id" integer NOT NULL,
	"course_id" integer NOT NULL,
	"created_by" integer,
	"requested" integer NOT NULL,
	"enrolled" integer NOT NULL,
	"completed" integer NOT NULL,
	"rejected" integer NOT NULL,
	"progress_sum" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "report_people_cells" (
	"organisation_id" integer NOT NULL,
	"role_id" smallint NOT NULL,
	"department_id" integer,
	"designation_id" integer,
	"users" integer NOT NULL,
	"active" integer NOT NULL,
	"inactive" integer NOT NULL,
	"pending" integer NOT NULL,
	"rejected" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "report_people_months" (
	"organisation_id" integer NOT NULL,
	"role_id" smallint NOT NULL,
	"department_id" integer,
	"designation_id" integer,
	"month" date,
	"enrolled" integer NOT NULL,
	"completed" integer NOT NULL,
	"sign_ins" integer NOT NULL,
	"sign_in_users" integer NOT NULL,
	"seconds" double precision NOT NULL
);
--> statement-breakpoint
CREATE TABLE "report_summary_state" (
	"organisation_id" integer PRIMARY KEY NOT NULL,
	"built_at" timestamp with time zone NOT NULL,
	"enrolments" integer NOT NULL,
	"build_ms" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "report_user_totals" (
	"organisation_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"role_id" smallint NOT NULL,
	"department_id" integer,
	"designation_id" integer,
	"enrolled" integer NOT NULL,
	"completed" integer NOT NULL,
	"activity" integer NOT NULL,
	"seconds" double precision NOT NULL,
	"sign_ins" integer NOT NULL
);
--> statement-breakpoint
ALTER TABLE "report_category_months" ADD CONSTRAINT "report_category_months_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_course_totals" ADD CONSTRAINT "report_course_totals_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_people_cells" ADD CONSTRAINT "report_people_cells_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_people_months" ADD CONSTRAINT "report_people_months_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_summary_state" ADD CONSTRAINT "report_summary_state_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_user_totals" ADD CONSTRAINT "report_user_totals_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "report_category_months_org_idx" ON "report_category_months" USING btree ("organisation_id","month");--> statement-breakpoint
CREATE INDEX "report_course_totals_rank_idx" ON "report_course_totals" USING btree ("organisation_id",("enrolled" + "completed") desc,"completed" DESC NULLS LAST,"course_id");--> statement-breakpoint
CREATE INDEX "report_people_cells_org_idx" ON "report_people_cells" USING btree ("organisation_id");--> statement-breakpoint
CREATE INDEX "report_people_months_org_month_idx" ON "report_people_months" USING btree ("organisation_id","month");--> statement-breakpoint
CREATE INDEX "report_user_totals_learners_idx" ON "report_user_totals" USING btree ("organisation_id","completed" DESC NULLS LAST,"enrolled" DESC NULLS LAST,"user_id");--> statement-breakpoint
CREATE INDEX "report_user_totals_time_idx" ON "report_user_totals" USING btree ("organisation_id","seconds" DESC NULLS LAST,"sign_ins" DESC NULLS LAST,"user_id");