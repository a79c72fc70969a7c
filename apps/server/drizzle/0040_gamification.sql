CREATE TABLE "gamification_settings" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"listed" boolean DEFAULT true NOT NULL
);
--> statement-breakpoint
CREATE TABLE "levels" (
	"id" serial PRIMARY KEY NOT NULL,
	"organisation_id" integer NOT NULL,
	"name" varchar(60) NOT NULL,
	"min_points" integer NOT NULL,
	"color" varchar(7) NOT NULL,
	"image_uuid" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "levels_min_points_ck" CHECK ("levels"."min_points" >= 0),
	CONSTRAINT "levels_color_ck" CHECK ("levels"."color" ~ '^#[0-9a-f]{6}$')
);
--> statement-breakpoint
CREATE TABLE "point_entries" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"organisation_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"rule" varchar(40) NOT NULL,
	"source_key" text NOT NULL,
	"points" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "point_entries_points_ck" CHECK ("point_entries"."points" > 0)
);
--> statement-breakpoint
CREATE TABLE "point_monthly" (
	"organisation_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"month" date NOT NULL,
	"points" integer NOT NULL,
	CONSTRAINT "point_monthly_organisation_id_user_id_month_pk" PRIMARY KEY("organisation_id","user_id","month")
);
--> statement-breakpoint
CREATE TABLE "point_rules" (
	"organisation_id" integer NOT NULL,
	"rule" varchar(40) NOT NULL,
	"points" integer NOT NULL,
	"enabled" boolean NOT NULL,
	"cooldown_minutes" integer DEFAULT 0 NOT NULL,
	"daily_cap" integer,
	"updated_by" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "point_rules_organisation_id_rule_pk" PRIMARY KEY("organisation_id","rule"),
	CONSTRAINT "point_rules_points_ck" CHECK ("point_rules"."points" between 0 and 10000),
	CONSTRAINT "point_rules_cooldown_ck" CHECK ("point_rules"."cooldown_minutes" >= 0),
	CONSTRAINT "point_rules_cap_ck" CHECK ("point_rules"."daily_cap" is null or "point_rules"."daily_cap" >= 1)
);
--> statement-breakpoint
CREATE TABLE "point_totals" (
	"organisation_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"points" integer NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "point_totals_organisation_id_user_id_pk" PRIMARY KEY("organisation_id","user_id")
);
--> statement-breakpoint
ALTER TABLE "gamification_settings" ADD CONSTRAINT "gamification_settings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "levels" ADD CONSTRAINT "levels_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "levels" ADD CONSTRAINT "levels_image_uuid_images_uuid_fk" FOREIGN KEY ("image_uuid") REFERENCES "public"."images"("uuid") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "point_entries" ADD CONSTRAINT "point_entries_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "point_entries" ADD CONSTRAINT "point_entries_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "point_monthly" ADD CONSTRAINT "point_monthly_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "point_monthly" ADD CONSTRAINT "point_monthly_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "point_rules" ADD CONSTRAINT "point_rules_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "point_rules" ADD CONSTRAINT "point_rules_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "point_totals" ADD CONSTRAINT "point_totals_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "point_totals" ADD CONSTRAINT "point_totals_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "levels_org_min_uq" ON "levels" USING btree ("organisation_id","min_points");--> statement-breakpoint
CREATE UNIQUE INDEX "point_entries_source_uq" ON "point_entries" USING btree ("organisation_id","user_id","rule","source_key");--> statement-breakpoint
CREATE INDEX "point_entries_rule_time_idx" ON "point_entries" USING btree ("organisation_id","user_id","rule","created_at");--> statement-breakpoint
CREATE INDEX "point_entries_user_time_idx" ON "point_entries" USING btree ("organisation_id","user_id","created_at","id");--> statement-breakpoint
CREATE INDEX "point_monthly_board_idx" ON "point_monthly" USING btree ("organisation_id","month","points" DESC NULLS LAST,"user_id");--> statement-breakpoint
CREATE INDEX "point_totals_board_idx" ON "point_totals" USING btree ("organisation_id","points" DESC NULLS LAST,"user_id");