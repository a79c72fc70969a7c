CREATE TABLE "link_previews" (
	"id" serial PRIMARY KEY NOT NULL,
	"url_hash" varchar(64) NOT NULL,
	"url" text NOT NULL,
	"status" varchar(10) NOT NULL,
	"site_name" varchar(200) DEFAULT '' NOT NULL,
	"title" varchar(300) DEFAULT '' NOT NULL,
	"description" varchar(1000) DEFAULT '' NOT NULL,
	"image_key" varchar(500),
	"image_mime" varchar(50),
	"fetched_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "link_previews_url_hash_unique" UNIQUE("url_hash")
);
--> statement-breakpoint
CREATE TABLE "wall_comments" (
	"id" serial PRIMARY KEY NOT NULL,
	"post_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"body" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"edited_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "wall_hashtags" (
	"post_id" integer NOT NULL,
	"tag" varchar(60) NOT NULL,
	"organisation_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "wall_hashtags_post_id_tag_pk" PRIMARY KEY("post_id","tag")
);
--> statement-breakpoint
CREATE TABLE "wall_mentions" (
	"id" serial PRIMARY KEY NOT NULL,
	"post_id" integer NOT NULL,
	"comment_id" integer,
	"user_id" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "wall_posts" (
	"id" serial PRIMARY KEY NOT NULL,
	"organisation_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"kind" varchar(20) DEFAULT 'post' NOT NULL,
	"body" text DEFAULT '' NOT NULL,
	"images" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"link_url" text,
	"link_preview_id" integer,
	"achievement" jsonb,
	"source_kind" varchar(30),
	"source_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"edited_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "wall_reactions" (
	"post_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"kind" varchar(20) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "wall_reactions_post_id_user_id_pk" PRIMARY KEY("post_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "wall_settings" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"share_achievements" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
ALTER TABLE "wall_comments" ADD CONSTRAINT "wall_comments_post_id_wall_posts_id_fk" FOREIGN KEY ("post_id") REFERENCES "public"."wall_posts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wall_comments" ADD CONSTRAINT "wall_comments_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wall_hashtags" ADD CONSTRAINT "wall_hashtags_post_id_wall_posts_id_fk" FOREIGN KEY ("post_id") REFERENCES "public"."wall_posts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wall_hashtags" ADD CONSTRAINT "wall_hashtags_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wall_mentions" ADD CONSTRAINT "wall_mentions_post_id_wall_posts_id_fk" FOREIGN KEY ("post_id") REFERENCES "public"."wall_posts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wall_mentions" ADD CONSTRAINT "wall_mentions_comment_id_wall_comments_id_fk" FOREIGN KEY ("comment_id") REFERENCES "public"."wall_comments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wall_mentions" ADD CONSTRAINT "wall_mentions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wall_posts" ADD CONSTRAINT "wall_posts_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wall_posts" ADD CONSTRAINT "wall_posts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wall_posts" ADD CONSTRAINT "wall_posts_link_preview_id_link_previews_id_fk" FOREIGN KEY ("link_preview_id") REFERENCES "public"."link_previews"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wall_reactions" ADD CONSTRAINT "wall_reactions_post_id_wall_posts_id_fk" FOREIGN KEY ("post_id") REFERENCES "public"."wall_posts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wall_reactions" ADD CONSTRAINT "wall_reactions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wall_settings" ADD CONSTRAINT "wall_settings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "wall_comments_post_idx" ON "wall_comments" USING btree ("post_id","id");--> statement-breakpoint
CREATE INDEX "wall_comments_user_idx" ON "wall_comments" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "wall_hashtags_filter_idx" ON "wall_hashtags" USING btree ("organisation_id","tag","post_id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "wall_hashtags_recent_idx" ON "wall_hashtags" USING btree ("organisation_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "wall_mentions_post_uq" ON "wall_mentions" USING btree ("post_id","user_id") WHERE "wall_mentions"."comment_id" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "wall_mentions_comment_uq" ON "wall_mentions" USING btree ("comment_id","user_id") WHERE "wall_mentions"."comment_id" is not null;--> statement-breakpoint
CREATE INDEX "wall_mentions_user_idx" ON "wall_mentions" USING btree ("user_id","post_id" DESC NULLS LAST) WHERE "wall_mentions"."comment_id" is null;--> statement-breakpoint
CREATE INDEX "wall_posts_org_feed_idx" ON "wall_posts" USING btree ("organisation_id","id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "wall_posts_user_feed_idx" ON "wall_posts" USING btree ("user_id","id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "wall_posts_preview_idx" ON "wall_posts" USING btree ("link_preview_id") WHERE "wall_posts"."link_preview_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "wall_posts_achievement_uq" ON "wall_posts" USING btree ("user_id","source_kind","source_id") WHERE "wall_posts"."source_kind" is not null;--> statement-breakpoint
CREATE INDEX "wall_reactions_user_idx" ON "wall_reactions" USING btree ("user_id");