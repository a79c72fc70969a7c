CREATE TABLE "approval_approvers" (
	"id" serial PRIMARY KEY NOT NULL,
	"module_id" integer NOT NULL,
	"level" smallint NOT NULL,
	"type" varchar(20) NOT NULL,
	"user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "approval_approvers_type_ck" CHECK ("approval_approvers"."type" in ('user', 'department_head', 'owner', 'any_admin')),
	CONSTRAINT "approval_approvers_user_ck" CHECK (("approval_approvers"."type" = 'user') = ("approval_approvers"."user_id" is not null)),
	CONSTRAINT "approval_approvers_level_ck" CHECK ("approval_approvers"."level" between 1 and 5)
);
--> statement-breakpoint
CREATE TABLE "approval_delegations" (
	"id" serial PRIMARY KEY NOT NULL,
	"organisation_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"delegate_id" integer NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "approval_delegations_span_ck" CHECK ("approval_delegations"."ends_at" > "approval_delegations"."starts_at"),
	CONSTRAINT "approval_delegations_self_ck" CHECK ("approval_delegations"."user_id" <> "approval_delegations"."delegate_id")
);
--> statement-breakpoint
CREATE TABLE "approval_modules" (
	"id" serial PRIMARY KEY NOT NULL,
	"organisation_id" integer NOT NULL,
	"kind" varchar(40) NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"reject_reason_required" boolean DEFAULT false NOT NULL,
	"expiry_days" smallint,
	"escalation_days" smallint,
	"escalate_to" varchar(12) DEFAULT 'next_level' NOT NULL,
	"custom_approvers" boolean DEFAULT false NOT NULL,
	"updated_by" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "approval_modules_escalate_to_ck" CHECK ("approval_modules"."escalate_to" in ('next_level', 'admin'))
);
--> statement-breakpoint
CREATE TABLE "approval_request_approvers" (
	"request_id" integer NOT NULL,
	"level" smallint NOT NULL,
	"user_id" integer NOT NULL,
	CONSTRAINT "approval_request_approvers_request_id_level_user_id_pk" PRIMARY KEY("request_id","level","user_id")
);
--> statement-breakpoint
CREATE TABLE "approval_requests" (
	"id" serial PRIMARY KEY NOT NULL,
	"organisation_id" integer NOT NULL,
	"kind" varchar(40) NOT NULL,
	"subject_id" integer NOT NULL,
	"subject_title" varchar(300) NOT NULL,
	"subject_link" varchar(300) NOT NULL,
	"owner_id" integer,
	"requester_id" integer NOT NULL,
	"status" varchar(12) NOT NULL,
	"level" smallint DEFAULT 1 NOT NULL,
	"plan" jsonb NOT NULL,
	"level_started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"escalated_at" timestamp with time zone,
	"expires_at" timestamp with time zone,
	"comment" text,
	"decided_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "approval_requests_status_ck" CHECK ("approval_requests"."status" in ('pending', 'approved', 'rejected', 'withdrawn', 'expired'))
);
--> statement-breakpoint
CREATE TABLE "approval_transitions" (
	"id" serial PRIMARY KEY NOT NULL,
	"request_id" integer NOT NULL,
	"action" varchar(16) NOT NULL,
	"level" smallint NOT NULL,
	"status" varchar(12) NOT NULL,
	"actor_id" integer,
	"on_behalf_of_id" integer,
	"comment" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "departments" ADD COLUMN "head_user_id" integer;--> statement-breakpoint
ALTER TABLE "approval_approvers" ADD CONSTRAINT "approval_approvers_module_id_approval_modules_id_fk" FOREIGN KEY ("module_id") REFERENCES "public"."approval_modules"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "approval_approvers" ADD CONSTRAINT "approval_approvers_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "approval_delegations" ADD CONSTRAINT "approval_delegations_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "approval_delegations" ADD CONSTRAINT "approval_delegations_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "approval_delegations" ADD CONSTRAINT "approval_delegations_delegate_id_users_id_fk" FOREIGN KEY ("delegate_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "approval_delegations" ADD CONSTRAINT "approval_delegations_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "approval_modules" ADD CONSTRAINT "approval_modules_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "approval_modules" ADD CONSTRAINT "approval_modules_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "approval_request_approvers" ADD CONSTRAINT "approval_request_approvers_request_id_approval_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."approval_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "approval_request_approvers" ADD CONSTRAINT "approval_request_approvers_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "approval_requests" ADD CONSTRAINT "approval_requests_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "approval_requests" ADD CONSTRAINT "approval_requests_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "approval_requests" ADD CONSTRAINT "approval_requests_requester_id_users_id_fk" FOREIGN KEY ("requester_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "approval_transitions" ADD CONSTRAINT "approval_transitions_request_id_approval_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."approval_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "approval_transitions" ADD CONSTRAINT "approval_transitions_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "approval_transitions" ADD CONSTRAINT "approval_transitions_on_behalf_of_id_users_id_fk" FOREIGN KEY ("on_behalf_of_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "approval_approvers_module_idx" ON "approval_approvers" USING btree ("module_id","level");--> statement-breakpoint
CREATE INDEX "approval_delegations_delegate_idx" ON "approval_delegations" USING btree ("delegate_id","ends_at");--> statement-breakpoint
CREATE INDEX "approval_delegations_user_idx" ON "approval_delegations" USING btree ("user_id","ends_at");--> statement-breakpoint
CREATE UNIQUE INDEX "approval_modules_org_kind_uq" ON "approval_modules" USING btree ("organisation_id","kind");--> statement-breakpoint
CREATE INDEX "approval_request_approvers_user_idx" ON "approval_request_approvers" USING btree ("user_id","request_id");--> statement-breakpoint
CREATE UNIQUE INDEX "approval_requests_open_uq" ON "approval_requests" USING btree ("kind","subject_id") WHERE "approval_requests"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "approval_requests_org_created_idx" ON "approval_requests" USING btree ("organisation_id","created_at","id");--> statement-breakpoint
CREATE INDEX "approval_requests_requester_idx" ON "approval_requests" USING btree ("requester_id","created_at","id");--> statement-breakpoint
CREATE INDEX "approval_requests_pending_idx" ON "approval_requests" USING btree ("level_started_at") WHERE "approval_requests"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "approval_transitions_request_idx" ON "approval_transitions" USING btree ("request_id","id");--> statement-breakpoint
ALTER TABLE "departments" ADD CONSTRAINT "departments_head_user_id_users_id_fk" FOREIGN KEY ("head_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
-- The enrolment notification types became the generic approval ones (issue 14).
UPDATE "notifications" SET "type" = 'approval_pending', "subject_kind" = 'approval_request' WHERE "type" = 'enrolment_request_pending';--> statement-breakpoint
UPDATE "notifications" SET "type" = 'approval_decided' WHERE "type" = 'enrolment_request_decided';--> statement-breakpoint
UPDATE "notification_preferences" SET "type" = 'approval_pending' WHERE "type" = 'enrolment_request_pending';--> statement-breakpoint
UPDATE "notification_preferences" SET "type" = 'approval_decided' WHERE "type" = 'enrolment_request_decided';--> statement-breakpoint
UPDATE "notification_defaults" SET "type" = 'approval_pending' WHERE "type" = 'enrolment_request_pending';--> statement-breakpoint
UPDATE "notification_defaults" SET "type" = 'approval_decided' WHERE "type" = 'enrolment_request_decided';--> statement-breakpoint
-- Requests open before the approval flows keep waiting, now as approval requests with the
-- default plan of their kind: an enrolment for the course's author or any admin, a course review
-- for any admin.
INSERT INTO "approval_requests" ("organisation_id", "kind", "subject_id", "subject_title", "subject_link", "owner_id", "requester_id", "status", "plan", "level_started_at", "created_at")
SELECT c."organisation_id", 'course_enrolment', e."id", left(c."title", 300), '/course/' || c."id", c."created_by", e."user_id", 'pending',
  '[[{"type":"owner","userId":null},{"type":"any_admin","userId":null}]]'::jsonb, coalesce(e."requested_at", now()), coalesce(e."requested_at", now())
FROM "course_enrolments" e JOIN "courses" c ON c."id" = e."course_id" WHERE e."status" = 'requested';--> statement-breakpoint
INSERT INTO "approval_requests" ("organisation_id", "kind", "subject_id", "subject_title", "subject_link", "owner_id", "requester_id", "status", "plan", "level_started_at", "created_at")
SELECT c."organisation_id", 'course_review', c."id", left(c."title", 300), '/courses/course-detail/' || c."id", c."created_by", c."created_by", 'pending',
  '[[{"type":"any_admin","userId":null}]]'::jsonb, c."updated_at", c."updated_at"
FROM "courses" c WHERE c."status" = 'pending' AND c."created_by" IS NOT NULL;--> statement-breakpoint
INSERT INTO "approval_transitions" ("request_id", "action", "level", "status", "actor_id", "created_at")
SELECT r."id", 'requested', 1, 'pending', r."requester_id", r."created_at" FROM "approval_requests" r;--> statement-breakpoint
INSERT INTO "approval_request_approvers" ("request_id", "level", "user_id")
SELECT r."id", 1, m."user_id" FROM "approval_requests" r JOIN "memberships" m ON m."organisation_id" = r."organisation_id" AND m."role_id" = 2
WHERE m."user_id" <> r."requester_id"
UNION
SELECT r."id", 1, r."owner_id" FROM "approval_requests" r
WHERE r."kind" = 'course_enrolment' AND r."owner_id" IS NOT NULL AND r."owner_id" <> r."requester_id";
