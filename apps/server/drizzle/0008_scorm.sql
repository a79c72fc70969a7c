CREATE TABLE "scorm_attempts" (
	"id" serial PRIMARY KEY NOT NULL,
	"enrolment_id" integer NOT NULL,
	"module_file_id" integer NOT NULL,
	"package_id" integer NOT NULL,
	"number" integer NOT NULL,
	"completed_at" timestamp with time zone,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "scorm_packages" (
	"id" serial PRIMARY KEY NOT NULL,
	"file_id" integer,
	"tree_key" text NOT NULL,
	"version" varchar(8) NOT NULL,
	"identifier" varchar(255) NOT NULL,
	"title" varchar(255) NOT NULL,
	"default_organization" varchar(255) NOT NULL,
	"file_count" integer NOT NULL,
	"unpacked_bytes" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "scorm_packages_version_ck" CHECK ("scorm_packages"."version" in ('1.2', '2004'))
);
--> statement-breakpoint
CREATE TABLE "scorm_runtime" (
	"id" serial PRIMARY KEY NOT NULL,
	"attempt_id" integer NOT NULL,
	"sco_id" integer NOT NULL,
	"status" varchar(16) DEFAULT 'not attempted' NOT NULL,
	"completion_status" varchar(16),
	"success_status" varchar(16),
	"score_raw" double precision,
	"score_min" double precision,
	"score_max" double precision,
	"score_scaled" double precision,
	"location" text,
	"suspend_data" text,
	"exit" varchar(16),
	"total_seconds" double precision DEFAULT 0 NOT NULL,
	"session_id" varchar(64),
	"session_seconds" double precision DEFAULT 0 NOT NULL,
	"data" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "scorm_scos" (
	"id" serial PRIMARY KEY NOT NULL,
	"package_id" integer NOT NULL,
	"identifier" varchar(255) NOT NULL,
	"title" varchar(255) NOT NULL,
	"parent_identifier" varchar(255),
	"depth" smallint NOT NULL,
	"position" integer NOT NULL,
	"href" text,
	"parameters" text,
	"scorm_type" varchar(8),
	"is_launchable" boolean NOT NULL,
	"launch_data" jsonb DEFAULT '{}'::jsonb NOT NULL
);
--> statement-breakpoint
ALTER TABLE "scorm_attempts" ADD CONSTRAINT "scorm_attempts_enrolment_id_course_enrolments_id_fk" FOREIGN KEY ("enrolment_id") REFERENCES "public"."course_enrolments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scorm_attempts" ADD CONSTRAINT "scorm_attempts_module_file_id_module_files_id_fk" FOREIGN KEY ("module_file_id") REFERENCES "public"."module_files"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scorm_attempts" ADD CONSTRAINT "scorm_attempts_package_id_scorm_packages_id_fk" FOREIGN KEY ("package_id") REFERENCES "public"."scorm_packages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scorm_packages" ADD CONSTRAINT "scorm_packages_file_id_repository_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."repository_files"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scorm_runtime" ADD CONSTRAINT "scorm_runtime_attempt_id_scorm_attempts_id_fk" FOREIGN KEY ("attempt_id") REFERENCES "public"."scorm_attempts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scorm_runtime" ADD CONSTRAINT "scorm_runtime_sco_id_scorm_scos_id_fk" FOREIGN KEY ("sco_id") REFERENCES "public"."scorm_scos"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scorm_scos" ADD CONSTRAINT "scorm_scos_package_id_scorm_packages_id_fk" FOREIGN KEY ("package_id") REFERENCES "public"."scorm_packages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "scorm_attempts_enrolment_file_number_uq" ON "scorm_attempts" USING btree ("enrolment_id","module_file_id","number");--> statement-breakpoint
CREATE INDEX "scorm_attempts_module_file_idx" ON "scorm_attempts" USING btree ("module_file_id");--> statement-breakpoint
CREATE UNIQUE INDEX "scorm_packages_file_uq" ON "scorm_packages" USING btree ("file_id");--> statement-breakpoint
CREATE UNIQUE INDEX "scorm_runtime_attempt_sco_uq" ON "scorm_runtime" USING btree ("attempt_id","sco_id");--> statement-breakpoint
CREATE INDEX "scorm_runtime_sco_status_idx" ON "scorm_runtime" USING btree ("sco_id","status");--> statement-breakpoint
CREATE UNIQUE INDEX "scorm_scos_package_identifier_uq" ON "scorm_scos" USING btree ("package_id","identifier");--> statement-breakpoint
CREATE INDEX "scorm_scos_package_position_idx" ON "scorm_scos" USING btree ("package_id","position");