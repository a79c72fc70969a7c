CREATE TABLE "proctoring_events" (
	"id" serial PRIMARY KEY NOT NULL,
	"session_id" integer NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"kind" varchar(12) NOT NULL,
	"text" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "proctoring_evidence" (
	"id" serial PRIMARY KEY NOT NULL,
	"session_id" integer NOT NULL,
	"flag_id" integer,
	"kind" varchar(12) NOT NULL,
	"key" varchar(500) NOT NULL,
	"size" integer NOT NULL,
	"content_type" varchar(100) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "proctoring_flags" (
	"id" serial PRIMARY KEY NOT NULL,
	"session_id" integer NOT NULL,
	"type" varchar(30) NOT NULL,
	"occurred_at" timestamp with time zone NOT NULL,
	"confidence" real NOT NULL,
	"detail" text DEFAULT '' NOT NULL,
	"decision" varchar(10) DEFAULT 'pending' NOT NULL,
	"comment" text DEFAULT '' NOT NULL,
	"decided_by" integer,
	"decided_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "proctoring_messages" (
	"id" serial PRIMARY KEY NOT NULL,
	"session_id" integer NOT NULL,
	"text" text NOT NULL,
	"sent_by" integer,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL,
	"read_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "proctoring_sessions" (
	"id" serial PRIMARY KEY NOT NULL,
	"attempt_id" integer NOT NULL,
	"assessment_id" integer NOT NULL,
	"organisation_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"mode" varchar(10) NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_seen_at" timestamp with time zone,
	"camera_on" boolean DEFAULT false NOT NULL,
	"ended_at" timestamp with time zone,
	"identity_done" boolean DEFAULT false NOT NULL,
	"identity_similarity" real,
	"thumbnail_key" varchar(500),
	"thumbnail_at" timestamp with time zone,
	"over_budget_at" timestamp with time zone,
	"outcome" varchar(12),
	"outcome_comment" text DEFAULT '' NOT NULL,
	"decided_by" integer,
	"decided_at" timestamp with time zone,
	CONSTRAINT "proctoring_sessions_attempt_id_unique" UNIQUE("attempt_id")
);
--> statement-breakpoint
CREATE TABLE "proctoring_settings" (
	"assessment_id" integer PRIMARY KEY NOT NULL,
	"mode" varchar(10) NOT NULL,
	"signals" text[] NOT NULL,
	"look_away_seconds" integer NOT NULL,
	"no_face_seconds" integer NOT NULL,
	"identity_check" varchar(20) NOT NULL,
	"violation_budget" integer,
	"auto_submit" boolean DEFAULT false NOT NULL,
	"retention_days" integer NOT NULL,
	"updated_by" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "assessment_attempts" ADD COLUMN "voided" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "proctoring_events" ADD CONSTRAINT "proctoring_events_session_id_proctoring_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."proctoring_sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "proctoring_evidence" ADD CONSTRAINT "proctoring_evidence_session_id_proctoring_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."proctoring_sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "proctoring_evidence" ADD CONSTRAINT "proctoring_evidence_flag_id_proctoring_flags_id_fk" FOREIGN KEY ("flag_id") REFERENCES "public"."proctoring_flags"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "proctoring_flags" ADD CONSTRAINT "proctoring_flags_session_id_proctoring_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."proctoring_sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "proctoring_flags" ADD CONSTRAINT "proctoring_flags_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "proctoring_messages" ADD CONSTRAINT "proctoring_messages_session_id_proctoring_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."proctoring_sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "proctoring_messages" ADD CONSTRAINT "proctoring_messages_sent_by_users_id_fk" FOREIGN KEY ("sent_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "proctoring_sessions" ADD CONSTRAINT "proctoring_sessions_attempt_id_assessment_attempts_id_fk" FOREIGN KEY ("attempt_id") REFERENCES "public"."assessment_attempts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "proctoring_sessions" ADD CONSTRAINT "proctoring_sessions_assessment_id_assessments_id_fk" FOREIGN KEY ("assessment_id") REFERENCES "public"."assessments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "proctoring_sessions" ADD CONSTRAINT "proctoring_sessions_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "proctoring_sessions" ADD CONSTRAINT "proctoring_sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "proctoring_sessions" ADD CONSTRAINT "proctoring_sessions_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "proctoring_settings" ADD CONSTRAINT "proctoring_settings_assessment_id_assessments_id_fk" FOREIGN KEY ("assessment_id") REFERENCES "public"."assessments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "proctoring_settings" ADD CONSTRAINT "proctoring_settings_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "proctoring_events_session_idx" ON "proctoring_events" USING btree ("session_id","at");--> statement-breakpoint
CREATE INDEX "proctoring_evidence_session_idx" ON "proctoring_evidence" USING btree ("session_id");--> statement-breakpoint
CREATE INDEX "proctoring_evidence_flag_idx" ON "proctoring_evidence" USING btree ("flag_id");--> statement-breakpoint
CREATE INDEX "proctoring_evidence_created_idx" ON "proctoring_evidence" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "proctoring_flags_session_idx" ON "proctoring_flags" USING btree ("session_id","occurred_at");--> statement-breakpoint
CREATE INDEX "proctoring_messages_session_idx" ON "proctoring_messages" USING btree ("session_id","sent_at");--> statement-breakpoint
CREATE INDEX "proctoring_sessions_assessment_idx" ON "proctoring_sessions" USING btree ("assessment_id","started_at");--> statement-breakpoint
CREATE INDEX "proctoring_sessions_user_idx" ON "proctoring_sessions" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "proctoring_sessions_organisation_idx" ON "proctoring_sessions" USING btree ("organisation_id");