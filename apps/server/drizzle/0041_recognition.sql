CREATE TABLE "badge_awards" (
	"id" serial PRIMARY KEY NOT NULL,
	"badge_id" integer NOT NULL,
	"organisation_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"manual" boolean DEFAULT false NOT NULL,
	"awarded_by" integer,
	"reason" text,
	"awarded_at" timestamp with time zone DEFAULT now() NOT NULL,
	"revoked_at" timestamp with time zone,
	"revoked_by" integer,
	"revoke_reason" text
);
--> statement-breakpoint
CREATE TABLE "badge_facts" (
	"user_id" integer NOT NULL,
	"kind" varchar(20) NOT NULL,
	"ref_id" integer NOT NULL,
	"value" integer DEFAULT 1 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "badge_facts_user_id_kind_ref_id_pk" PRIMARY KEY("user_id","kind","ref_id")
);
--> statement-breakpoint
CREATE TABLE "badges" (
	"id" serial PRIMARY KEY NOT NULL,
	"organisation_id" integer NOT NULL,
	"name" varchar(100) NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"image_uuid" uuid,
	"criteria" jsonb NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"post_to_wall" boolean DEFAULT false NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "certificate_assignments" (
	"id" serial PRIMARY KEY NOT NULL,
	"organisation_id" integer NOT NULL,
	"kind" varchar(20) NOT NULL,
	"achievement_id" integer DEFAULT 0 NOT NULL,
	"achievement_name" varchar(200) DEFAULT '' NOT NULL,
	"template_id" integer NOT NULL,
	"hours" real,
	CONSTRAINT "certificate_assignments_kind_ck" CHECK ("certificate_assignments"."kind" in ('default', 'course', 'learning_path', 'assessment', 'classroom'))
);
--> statement-breakpoint
CREATE TABLE "certificate_images" (
	"uuid" uuid PRIMARY KEY NOT NULL,
	"organisation_id" integer NOT NULL,
	"storage_key" text NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "certificate_templates" (
	"id" serial PRIMARY KEY NOT NULL,
	"organisation_id" integer NOT NULL,
	"name" varchar(120) NOT NULL,
	"design" jsonb NOT NULL,
	"validity_months" smallint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "certificates" (
	"id" serial PRIMARY KEY NOT NULL,
	"organisation_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"kind" varchar(20) NOT NULL,
	"achievement_id" integer NOT NULL,
	"cycle" integer DEFAULT 0 NOT NULL,
	"code" varchar(14) NOT NULL,
	"template_id" integer,
	"achievement_name" varchar(200) NOT NULL,
	"learner_name" varchar(310) NOT NULL,
	"score" double precision,
	"hours" real,
	"issued_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone,
	"replaced_by" integer,
	"revoked_at" timestamp with time zone,
	"revoked_reason" text,
	"revoked_by" integer,
	"printed" jsonb,
	"pdf_key" text,
	"pdf_sha256" varchar(64),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "certificates_kind_ck" CHECK ("certificates"."kind" in ('course', 'learning_path', 'assessment', 'classroom'))
);
--> statement-breakpoint
CREATE TABLE "competencies" (
	"id" serial PRIMARY KEY NOT NULL,
	"organisation_id" integer NOT NULL,
	"framework_id" integer NOT NULL,
	"parent_id" integer,
	"code" varchar(60) NOT NULL,
	"name" varchar(200) NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "competency_evidence" (
	"id" serial PRIMARY KEY NOT NULL,
	"organisation_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"competency_id" integer NOT NULL,
	"source" varchar(20) NOT NULL,
	"source_id" integer,
	"source_key" varchar(80) NOT NULL,
	"outcome" varchar(10) NOT NULL,
	"level" smallint NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"recorded_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "competency_frameworks" (
	"id" serial PRIMARY KEY NOT NULL,
	"organisation_id" integer NOT NULL,
	"name" varchar(200) NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"source" varchar(10) DEFAULT 'manual' NOT NULL,
	"scale" jsonb NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "competency_frameworks_source_ck" CHECK ("competency_frameworks"."source" in ('manual', 'csv', 'case'))
);
--> statement-breakpoint
CREATE TABLE "competency_links" (
	"id" serial PRIMARY KEY NOT NULL,
	"organisation_id" integer NOT NULL,
	"competency_id" integer NOT NULL,
	"target_type" varchar(20) NOT NULL,
	"target_id" integer NOT NULL,
	"outcome" varchar(10) NOT NULL,
	"level" smallint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "competency_links_target_ck" CHECK ("competency_links"."target_type" in ('course', 'assessment', 'classroom_topic')),
	CONSTRAINT "competency_links_outcome_ck" CHECK ("competency_links"."outcome" in ('evidence', 'complete'))
);
--> statement-breakpoint
CREATE TABLE "competency_thresholds" (
	"id" serial PRIMARY KEY NOT NULL,
	"organisation_id" integer NOT NULL,
	"competency_id" integer NOT NULL,
	"department_id" integer,
	"designation_id" integer,
	"level" smallint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "credential_keys" (
	"organisation_id" integer PRIMARY KEY NOT NULL,
	"public_key_multibase" varchar(100) NOT NULL,
	"secret_key_sealed" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "credential_status_lists" (
	"id" serial PRIMARY KEY NOT NULL,
	"organisation_id" integer NOT NULL,
	"url" text NOT NULL,
	"length" integer NOT NULL,
	"next_index" integer DEFAULT 0 NOT NULL,
	"document" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "credential_status_lists_url_uq" UNIQUE("url"),
	CONSTRAINT "credential_status_lists_index_ck" CHECK ("credential_status_lists"."next_index" between 0 and "credential_status_lists"."length")
);
--> statement-breakpoint
CREATE TABLE "credentials" (
	"uuid" uuid PRIMARY KEY NOT NULL,
	"organisation_id" integer NOT NULL,
	"kind" varchar(20) NOT NULL,
	"ref_id" integer NOT NULL,
	"user_id" integer,
	"status_list_id" integer NOT NULL,
	"status_index" integer NOT NULL,
	"image_uuid" uuid,
	"document" jsonb NOT NULL,
	"issued_at" timestamp with time zone DEFAULT now() NOT NULL,
	"revoked_at" timestamp with time zone,
	"revoked_reason" text,
	CONSTRAINT "credentials_ref_uq" UNIQUE("kind","ref_id"),
	CONSTRAINT "credentials_status_uq" UNIQUE("status_list_id","status_index"),
	CONSTRAINT "credentials_kind_ck" CHECK ("credentials"."kind" in ('badge', 'certificate'))
);
--> statement-breakpoint
ALTER TABLE "badge_awards" ADD CONSTRAINT "badge_awards_badge_id_badges_id_fk" FOREIGN KEY ("badge_id") REFERENCES "public"."badges"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "badge_awards" ADD CONSTRAINT "badge_awards_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "badge_awards" ADD CONSTRAINT "badge_awards_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "badge_awards" ADD CONSTRAINT "badge_awards_awarded_by_users_id_fk" FOREIGN KEY ("awarded_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "badge_awards" ADD CONSTRAINT "badge_awards_revoked_by_users_id_fk" FOREIGN KEY ("revoked_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "badge_facts" ADD CONSTRAINT "badge_facts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "badges" ADD CONSTRAINT "badges_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "badges" ADD CONSTRAINT "badges_image_uuid_images_uuid_fk" FOREIGN KEY ("image_uuid") REFERENCES "public"."images"("uuid") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "badges" ADD CONSTRAINT "badges_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "certificate_assignments" ADD CONSTRAINT "certificate_assignments_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "certificate_assignments" ADD CONSTRAINT "certificate_assignments_template_id_certificate_templates_id_fk" FOREIGN KEY ("template_id") REFERENCES "public"."certificate_templates"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "certificate_images" ADD CONSTRAINT "certificate_images_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "certificate_templates" ADD CONSTRAINT "certificate_templates_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "certificates" ADD CONSTRAINT "certificates_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "certificates" ADD CONSTRAINT "certificates_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "certificates" ADD CONSTRAINT "certificates_template_id_certificate_templates_id_fk" FOREIGN KEY ("template_id") REFERENCES "public"."certificate_templates"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "certificates" ADD CONSTRAINT "certificates_revoked_by_users_id_fk" FOREIGN KEY ("revoked_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "competencies" ADD CONSTRAINT "competencies_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "competencies" ADD CONSTRAINT "competencies_framework_id_competency_frameworks_id_fk" FOREIGN KEY ("framework_id") REFERENCES "public"."competency_frameworks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "competencies" ADD CONSTRAINT "competencies_parent_id_competencies_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."competencies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "competency_evidence" ADD CONSTRAINT "competency_evidence_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "competency_evidence" ADD CONSTRAINT "competency_evidence_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "competency_evidence" ADD CONSTRAINT "competency_evidence_competency_id_competencies_id_fk" FOREIGN KEY ("competency_id") REFERENCES "public"."competencies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "competency_evidence" ADD CONSTRAINT "competency_evidence_recorded_by_users_id_fk" FOREIGN KEY ("recorded_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "competency_frameworks" ADD CONSTRAINT "competency_frameworks_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "competency_frameworks" ADD CONSTRAINT "competency_frameworks_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "competency_links" ADD CONSTRAINT "competency_links_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "competency_links" ADD CONSTRAINT "competency_links_competency_id_competencies_id_fk" FOREIGN KEY ("competency_id") REFERENCES "public"."competencies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "competency_thresholds" ADD CONSTRAINT "competency_thresholds_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "competency_thresholds" ADD CONSTRAINT "competency_thresholds_competency_id_competencies_id_fk" FOREIGN KEY ("competency_id") REFERENCES "public"."competencies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "competency_thresholds" ADD CONSTRAINT "competency_thresholds_department_id_departments_id_fk" FOREIGN KEY ("department_id") REFERENCES "public"."departments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "competency_thresholds" ADD CONSTRAINT "competency_thresholds_designation_id_designations_id_fk" FOREIGN KEY ("designation_id") REFERENCES "public"."designations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credential_keys" ADD CONSTRAINT "credential_keys_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credential_status_lists" ADD CONSTRAINT "credential_status_lists_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credentials" ADD CONSTRAINT "credentials_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credentials" ADD CONSTRAINT "credentials_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credentials" ADD CONSTRAINT "credentials_status_list_id_credential_status_lists_id_fk" FOREIGN KEY ("status_list_id") REFERENCES "public"."credential_status_lists"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "badge_awards_live_uq" ON "badge_awards" USING btree ("badge_id","user_id") WHERE "badge_awards"."revoked_at" is null;--> statement-breakpoint
CREATE INDEX "badge_awards_badge_user_idx" ON "badge_awards" USING btree ("badge_id","user_id");--> statement-breakpoint
CREATE INDEX "badge_awards_org_time_idx" ON "badge_awards" USING btree ("organisation_id","awarded_at","id");--> statement-breakpoint
CREATE INDEX "badge_awards_user_idx" ON "badge_awards" USING btree ("user_id","organisation_id");--> statement-breakpoint
CREATE INDEX "badge_facts_ref_idx" ON "badge_facts" USING btree ("kind","ref_id");--> statement-breakpoint
CREATE UNIQUE INDEX "badges_org_name_uq" ON "badges" USING btree ("organisation_id",lower("name"));--> statement-breakpoint
CREATE INDEX "badges_org_created_idx" ON "badges" USING btree ("organisation_id","created_at","id");--> statement-breakpoint
CREATE UNIQUE INDEX "certificate_assignments_uq" ON "certificate_assignments" USING btree ("organisation_id","kind","achievement_id");--> statement-breakpoint
CREATE INDEX "certificate_assignments_template_idx" ON "certificate_assignments" USING btree ("template_id");--> statement-breakpoint
CREATE INDEX "certificate_images_org_idx" ON "certificate_images" USING btree ("organisation_id");--> statement-breakpoint
CREATE INDEX "certificate_templates_org_idx" ON "certificate_templates" USING btree ("organisation_id","name");--> statement-breakpoint
CREATE UNIQUE INDEX "certificates_once_uq" ON "certificates" USING btree ("organisation_id","user_id","kind","achievement_id","cycle");--> statement-breakpoint
CREATE UNIQUE INDEX "certificates_code_uq" ON "certificates" USING btree ("code");--> statement-breakpoint
CREATE INDEX "certificates_org_issued_idx" ON "certificates" USING btree ("organisation_id","issued_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "certificates_user_idx" ON "certificates" USING btree ("user_id","organisation_id");--> statement-breakpoint
CREATE INDEX "certificates_achievement_idx" ON "certificates" USING btree ("organisation_id","kind","achievement_id");--> statement-breakpoint
CREATE UNIQUE INDEX "competencies_framework_code_uq" ON "competencies" USING btree ("framework_id",lower("code"));--> statement-breakpoint
CREATE INDEX "competencies_parent_idx" ON "competencies" USING btree ("parent_id");--> statement-breakpoint
CREATE UNIQUE INDEX "competency_evidence_source_uq" ON "competency_evidence" USING btree ("user_id","competency_id","source_key");--> statement-breakpoint
CREATE INDEX "competency_evidence_competency_idx" ON "competency_evidence" USING btree ("competency_id","user_id");--> statement-breakpoint
CREATE INDEX "competency_evidence_user_idx" ON "competency_evidence" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "competency_frameworks_org_name_uq" ON "competency_frameworks" USING btree ("organisation_id",lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "competency_links_uq" ON "competency_links" USING btree ("competency_id","target_type","target_id");--> statement-breakpoint
CREATE INDEX "competency_links_target_idx" ON "competency_links" USING btree ("organisation_id","target_type","target_id");--> statement-breakpoint
CREATE UNIQUE INDEX "competency_thresholds_scope_uq" ON "competency_thresholds" USING btree ("competency_id",coalesce("department_id", 0),coalesce("designation_id", 0));--> statement-breakpoint
CREATE INDEX "credential_status_lists_org_idx" ON "credential_status_lists" USING btree ("organisation_id","id");--> statement-breakpoint
CREATE INDEX "credentials_org_idx" ON "credentials" USING btree ("organisation_id","issued_at");--> statement-breakpoint
CREATE INDEX "credentials_user_idx" ON "credentials" USING btree ("user_id");