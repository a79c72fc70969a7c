CREATE TABLE "video_transcodes" (
	"id" serial PRIMARY KEY NOT NULL,
	"file_id" integer,
	"source_key" text NOT NULL,
	"status" varchar(12) DEFAULT 'queued' NOT NULL,
	"progress_percent" integer DEFAULT 0 NOT NULL,
	"error" text,
	"renditions" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"duration_seconds" double precision,
	"poster" varchar(100),
	"tree_key" text,
	"attempts" integer DEFAULT 0 NOT NULL,
	"run_id" uuid,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "video_transcodes_status_ck" CHECK ("video_transcodes"."status" in ('queued', 'running', 'ready', 'failed')),
	CONSTRAINT "video_transcodes_progress_ck" CHECK ("video_transcodes"."progress_percent" between 0 and 100)
);
--> statement-breakpoint
ALTER TABLE "video_transcodes" ADD CONSTRAINT "video_transcodes_file_id_repository_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."repository_files"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "video_transcodes_file_uq" ON "video_transcodes" USING btree ("file_id");--> statement-breakpoint
CREATE INDEX "video_transcodes_source_key_idx" ON "video_transcodes" USING btree ("source_key");