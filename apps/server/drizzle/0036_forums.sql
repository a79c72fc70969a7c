CREATE TABLE "forum_subscriptions" (
	"forum_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"subscribed" boolean NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "forum_subscriptions_forum_id_user_id_pk" PRIMARY KEY("forum_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "forums" (
	"id" serial PRIMARY KEY NOT NULL,
	"organisation_id" integer NOT NULL,
	"scope" varchar(12) NOT NULL,
	"course_id" integer,
	"slug" varchar(60) NOT NULL,
	"name" varchar(120) NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"subscription_mode" varchar(10) DEFAULT 'optional' NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "forums_scope_ck" CHECK (("forums"."scope" = 'organisation' and "forums"."course_id" is null)
        or ("forums"."scope" = 'course' and "forums"."course_id" is not null)),
	CONSTRAINT "forums_mode_ck" CHECK ("forums"."subscription_mode" in ('optional', 'auto', 'forced', 'off'))
);
--> statement-breakpoint
ALTER TABLE "discussion_answers" ADD COLUMN "mail_due_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "discussions" ADD COLUMN "forum_id" integer;--> statement-breakpoint
ALTER TABLE "discussions" ADD COLUMN "mail_due_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "forum_subscriptions" ADD CONSTRAINT "forum_subscriptions_forum_id_forums_id_fk" FOREIGN KEY ("forum_id") REFERENCES "public"."forums"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "forum_subscriptions" ADD CONSTRAINT "forum_subscriptions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "forums" ADD CONSTRAINT "forums_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "forums" ADD CONSTRAINT "forums_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "forums" ADD CONSTRAINT "forums_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "forum_subscriptions_user_idx" ON "forum_subscriptions" USING btree ("user_id","forum_id");--> statement-breakpoint
CREATE UNIQUE INDEX "forums_org_slug_uq" ON "forums" USING btree ("organisation_id","slug");--> statement-breakpoint
CREATE INDEX "forums_org_name_idx" ON "forums" USING btree ("organisation_id",lower("name"));--> statement-breakpoint
CREATE INDEX "forums_course_idx" ON "forums" USING btree ("course_id") WHERE "forums"."course_id" is not null;--> statement-breakpoint
ALTER TABLE "discussions" ADD CONSTRAINT "discussions_forum_id_forums_id_fk" FOREIGN KEY ("forum_id") REFERENCES "public"."forums"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "discussion_answers_mail_due_idx" ON "discussion_answers" USING btree ("mail_due_at") WHERE "discussion_answers"."mail_due_at" is not null;--> statement-breakpoint
CREATE INDEX "discussions_forum_activity_idx" ON "discussions" USING btree ("forum_id","last_activity_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE "discussions"."forum_id" is not null;--> statement-breakpoint
CREATE INDEX "discussions_mail_due_idx" ON "discussions" USING btree ("mail_due_at") WHERE "discussions"."mail_due_at" is not null;