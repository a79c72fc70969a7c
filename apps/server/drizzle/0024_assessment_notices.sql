CREATE TABLE "assessment_notices" (
	"assessment_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "assessment_notices_assessment_id_user_id_pk" PRIMARY KEY("assessment_id","user_id")
);
--> statement-breakpoint
ALTER TABLE "assessment_notices" ADD CONSTRAINT "assessment_notices_assessment_id_assessments_id_fk" FOREIGN KEY ("assessment_id") REFERENCES "public"."assessments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assessment_notices" ADD CONSTRAINT "assessment_notices_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "assessment_notices_user_idx" ON "assessment_notices" USING btree ("user_id");--> statement-breakpoint
-- Who was told before this ledger existed is not known: everyone a published assessment covers now
-- counts as told, so the audience job tells only people who join a department from here on.
INSERT INTO "assessment_notices" ("assessment_id", "user_id")
SELECT DISTINCT t.assessment_id, t.user_id FROM (
  SELECT aa.assessment_id, aa.user_id FROM "assessment_assignments" aa WHERE aa.user_id IS NOT NULL
  UNION
  SELECT aa.assessment_id, up.user_id FROM "assessment_assignments" aa
    JOIN "user_profiles" up ON up.department_id = aa.department_id
    WHERE aa.department_id IS NOT NULL
) t
JOIN "assessments" a ON a.id = t.assessment_id AND a.status = 'published'
ON CONFLICT DO NOTHING;
