CREATE TABLE "organisation_features" (
	"organisation_id" integer NOT NULL,
	"feature" varchar(40) NOT NULL,
	"enabled" boolean NOT NULL,
	"updated_by" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "organisation_features_organisation_id_feature_pk" PRIMARY KEY("organisation_id","feature")
);
--> statement-breakpoint
ALTER TABLE "organisation_features" ADD CONSTRAINT "organisation_features_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "organisation_features" ADD CONSTRAINT "organisation_features_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "jobs_open_status_type_idx" ON "jobs" USING btree ("status","type","id") WHERE "jobs"."status" <> 'done';