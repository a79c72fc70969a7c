CREATE TABLE "xr_hotspots" (
	"id" serial PRIMARY KEY NOT NULL,
	"scene_id" integer NOT NULL,
	"title" varchar(120) NOT NULL,
	"text" text DEFAULT '' NOT NULL,
	"position" varchar(100),
	"normal" varchar(100),
	"yaw" real,
	"pitch" real,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "xr_scenes" (
	"id" serial PRIMARY KEY NOT NULL,
	"organisation_id" integer NOT NULL,
	"file_id" integer NOT NULL,
	"media" varchar(20) NOT NULL,
	"width" integer,
	"height" integer,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "xr_visits" (
	"hotspot_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"visited_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "xr_visits_hotspot_id_user_id_pk" PRIMARY KEY("hotspot_id","user_id")
);
--> statement-breakpoint
ALTER TABLE "xr_hotspots" ADD CONSTRAINT "xr_hotspots_scene_id_xr_scenes_id_fk" FOREIGN KEY ("scene_id") REFERENCES "public"."xr_scenes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "xr_scenes" ADD CONSTRAINT "xr_scenes_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "xr_scenes" ADD CONSTRAINT "xr_scenes_file_id_repository_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."repository_files"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "xr_scenes" ADD CONSTRAINT "xr_scenes_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "xr_visits" ADD CONSTRAINT "xr_visits_hotspot_id_xr_hotspots_id_fk" FOREIGN KEY ("hotspot_id") REFERENCES "public"."xr_hotspots"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "xr_visits" ADD CONSTRAINT "xr_visits_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "xr_hotspots_scene_idx" ON "xr_hotspots" USING btree ("scene_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "xr_scenes_file_idx" ON "xr_scenes" USING btree ("file_id");--> statement-breakpoint
CREATE INDEX "xr_scenes_org_created_idx" ON "xr_scenes" USING btree ("organisation_id","created_at");--> statement-breakpoint
CREATE INDEX "xr_visits_user_idx" ON "xr_visits" USING btree ("user_id");