CREATE TABLE "realtime_messages" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_ids" integer[] NOT NULL,
	"type" varchar(100) NOT NULL,
	"data" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "realtime_messages_created_at_idx" ON "realtime_messages" USING btree ("created_at");