ALTER TABLE "course_enrolments" ADD COLUMN "last_activity_at" timestamp with time zone;--> statement-breakpoint
-- Backfill from the progress rows before the index is built, so the index is built once over
-- the final values instead of taking an entry per updated row.
update course_enrolments e set last_activity_at = p.last from (select enrolment_id, max(updated_at) last from module_file_progress group by 1) p where p.enrolment_id = e.id;--> statement-breakpoint
CREATE INDEX "course_enrolments_at_risk_idx" ON "course_enrolments" USING btree ("due_at",(greatest(coalesce("enrolled_at", "created_at"), "last_activity_at")),"id","user_id","course_id","enrolled_at","created_at","last_activity_at") WHERE "course_enrolments"."status" = 'enrolled';
