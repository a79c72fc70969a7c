CREATE TABLE "banned_words" (
	"id" serial PRIMARY KEY NOT NULL,
	"organisation_id" integer NOT NULL,
	"phrase" varchar(60) NOT NULL,
	"normalised" varchar(120) NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "moderation_items" (
	"id" serial PRIMARY KEY NOT NULL,
	"organisation_id" integer NOT NULL,
	"kind" varchar(40) NOT NULL,
	"target_id" integer NOT NULL,
	"status" varchar(10) DEFAULT 'open' NOT NULL,
	"held" boolean DEFAULT false NOT NULL,
	"author_id" integer,
	"excerpt" text DEFAULT '' NOT NULL,
	"link" text DEFAULT '' NOT NULL,
	"report_count" integer DEFAULT 0 NOT NULL,
	"opened_at" timestamp with time zone DEFAULT now() NOT NULL,
	"resolved_at" timestamp with time zone,
	"resolved_by" integer,
	"outcome" varchar(10),
	"note" text DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "moderation_reports" (
	"id" serial PRIMARY KEY NOT NULL,
	"item_id" integer NOT NULL,
	"reporter_id" integer,
	"reason" varchar(20) NOT NULL,
	"note" varchar(500) DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "discussion_answers" ADD COLUMN "moderation_state" varchar(10) DEFAULT 'visible' NOT NULL;--> statement-breakpoint
ALTER TABLE "discussions" ADD COLUMN "moderation_state" varchar(10) DEFAULT 'visible' NOT NULL;--> statement-breakpoint
ALTER TABLE "wall_comments" ADD COLUMN "moderation_state" varchar(10) DEFAULT 'visible' NOT NULL;--> statement-breakpoint
ALTER TABLE "wall_posts" ADD COLUMN "moderation_state" varchar(10) DEFAULT 'visible' NOT NULL;--> statement-breakpoint
ALTER TABLE "banned_words" ADD CONSTRAINT "banned_words_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "banned_words" ADD CONSTRAINT "banned_words_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "moderation_items" ADD CONSTRAINT "moderation_items_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "moderation_items" ADD CONSTRAINT "moderation_items_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "moderation_items" ADD CONSTRAINT "moderation_items_resolved_by_users_id_fk" FOREIGN KEY ("resolved_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "moderation_reports" ADD CONSTRAINT "moderation_reports_item_id_moderation_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."moderation_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "moderation_reports" ADD CONSTRAINT "moderation_reports_reporter_id_users_id_fk" FOREIGN KEY ("reporter_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "banned_words_org_phrase_uq" ON "banned_words" USING btree ("organisation_id","normalised");--> statement-breakpoint
CREATE UNIQUE INDEX "moderation_items_open_uq" ON "moderation_items" USING btree ("kind","target_id") WHERE "moderation_items"."status" = 'open';--> statement-breakpoint
CREATE INDEX "moderation_items_queue_idx" ON "moderation_items" USING btree ("organisation_id","status","id" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "moderation_reports_item_reporter_uq" ON "moderation_reports" USING btree ("item_id","reporter_id");