CREATE TABLE "lti_access_tokens" (
	"token_hash" varchar(64) PRIMARY KEY NOT NULL,
	"tool_id" integer NOT NULL,
	"scopes" jsonb NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "lti_launches" (
	"id" varchar(64) PRIMARY KEY NOT NULL,
	"kind" varchar(20) NOT NULL,
	"organisation_id" integer NOT NULL,
	"tool_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"course_id" integer NOT NULL,
	"module_file_id" integer,
	"module_id" integer,
	"link_id" integer,
	"roles" jsonb NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"returned_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "lti_line_items" (
	"id" serial PRIMARY KEY NOT NULL,
	"tool_id" integer NOT NULL,
	"course_id" integer NOT NULL,
	"link_id" integer,
	"label" varchar(255) NOT NULL,
	"score_maximum" double precision NOT NULL,
	"resource_id" varchar(255),
	"tag" varchar(255),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "lti_links" (
	"id" serial PRIMARY KEY NOT NULL,
	"organisation_id" integer NOT NULL,
	"tool_id" integer NOT NULL,
	"repository_file_id" integer NOT NULL,
	"title" varchar(255) NOT NULL,
	"url" text,
	"custom" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "lti_platform_keys" (
	"kid" varchar(64) PRIMARY KEY NOT NULL,
	"sealed_private_key" text NOT NULL,
	"public_jwk" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "lti_scores" (
	"line_item_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"score_given" double precision,
	"score_maximum" double precision,
	"activity_progress" varchar(20) NOT NULL,
	"grading_progress" varchar(20) NOT NULL,
	"comment" text,
	"timestamp" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "lti_scores_line_item_id_user_id_pk" PRIMARY KEY("line_item_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "lti_seen" (
	"tool_id" integer NOT NULL,
	"kind" varchar(20) NOT NULL,
	"value" varchar(255) NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	CONSTRAINT "lti_seen_tool_id_kind_value_pk" PRIMARY KEY("tool_id","kind","value")
);
--> statement-breakpoint
CREATE TABLE "lti_tools" (
	"id" serial PRIMARY KEY NOT NULL,
	"organisation_id" integer NOT NULL,
	"name" varchar(150) NOT NULL,
	"client_id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"deployment_id" varchar(255) NOT NULL,
	"login_url" text NOT NULL,
	"launch_url" text NOT NULL,
	"deep_linking_url" text,
	"jwks_url" text,
	"public_key" text,
	"share_name" boolean DEFAULT true NOT NULL,
	"share_email" boolean DEFAULT false NOT NULL,
	"custom" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "lti_access_tokens" ADD CONSTRAINT "lti_access_tokens_tool_id_lti_tools_id_fk" FOREIGN KEY ("tool_id") REFERENCES "public"."lti_tools"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lti_launches" ADD CONSTRAINT "lti_launches_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lti_launches" ADD CONSTRAINT "lti_launches_tool_id_lti_tools_id_fk" FOREIGN KEY ("tool_id") REFERENCES "public"."lti_tools"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lti_launches" ADD CONSTRAINT "lti_launches_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lti_launches" ADD CONSTRAINT "lti_launches_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lti_launches" ADD CONSTRAINT "lti_launches_module_file_id_module_files_id_fk" FOREIGN KEY ("module_file_id") REFERENCES "public"."module_files"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lti_launches" ADD CONSTRAINT "lti_launches_link_id_lti_links_id_fk" FOREIGN KEY ("link_id") REFERENCES "public"."lti_links"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lti_line_items" ADD CONSTRAINT "lti_line_items_tool_id_lti_tools_id_fk" FOREIGN KEY ("tool_id") REFERENCES "public"."lti_tools"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lti_line_items" ADD CONSTRAINT "lti_line_items_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lti_line_items" ADD CONSTRAINT "lti_line_items_link_id_lti_links_id_fk" FOREIGN KEY ("link_id") REFERENCES "public"."lti_links"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lti_links" ADD CONSTRAINT "lti_links_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lti_links" ADD CONSTRAINT "lti_links_tool_id_lti_tools_id_fk" FOREIGN KEY ("tool_id") REFERENCES "public"."lti_tools"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lti_links" ADD CONSTRAINT "lti_links_repository_file_id_repository_files_id_fk" FOREIGN KEY ("repository_file_id") REFERENCES "public"."repository_files"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lti_scores" ADD CONSTRAINT "lti_scores_line_item_id_lti_line_items_id_fk" FOREIGN KEY ("line_item_id") REFERENCES "public"."lti_line_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lti_scores" ADD CONSTRAINT "lti_scores_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lti_seen" ADD CONSTRAINT "lti_seen_tool_id_lti_tools_id_fk" FOREIGN KEY ("tool_id") REFERENCES "public"."lti_tools"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lti_tools" ADD CONSTRAINT "lti_tools_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lti_tools" ADD CONSTRAINT "lti_tools_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "lti_launches_expires_idx" ON "lti_launches" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "lti_line_items_tool_course_idx" ON "lti_line_items" USING btree ("tool_id","course_id");--> statement-breakpoint
CREATE INDEX "lti_line_items_link_idx" ON "lti_line_items" USING btree ("link_id");--> statement-breakpoint
CREATE UNIQUE INDEX "lti_links_file_idx" ON "lti_links" USING btree ("repository_file_id");--> statement-breakpoint
CREATE INDEX "lti_links_tool_idx" ON "lti_links" USING btree ("tool_id");--> statement-breakpoint
CREATE UNIQUE INDEX "lti_tools_client_id_idx" ON "lti_tools" USING btree ("client_id");--> statement-breakpoint
CREATE INDEX "lti_tools_org_name_idx" ON "lti_tools" USING btree ("organisation_id","name");