ALTER TABLE "organisations" ADD COLUMN "help_desk_url" text;--> statement-breakpoint
ALTER TABLE "organisations" ADD COLUMN "meeting_url" text;