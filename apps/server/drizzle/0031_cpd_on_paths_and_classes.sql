ALTER TABLE "classroom_classes" ADD COLUMN "is_cpd" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "learning_paths" ADD COLUMN "cpd_hours" numeric(6, 2);