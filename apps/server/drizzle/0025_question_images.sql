CREATE TABLE "question_images" (
	"id" serial PRIMARY KEY NOT NULL,
	"uuid" uuid DEFAULT gen_random_uuid() NOT NULL,
	"organisation_id" integer NOT NULL,
	"key" varchar(500) NOT NULL,
	"size" integer NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "question_images_uuid_unique" UNIQUE("uuid")
);
--> statement-breakpoint
CREATE TABLE "question_version_images" (
	"version_id" integer NOT NULL,
	"image_id" integer NOT NULL,
	CONSTRAINT "question_version_images_version_id_image_id_pk" PRIMARY KEY("version_id","image_id")
);
--> statement-breakpoint
ALTER TABLE "question_images" ADD CONSTRAINT "question_images_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "question_images" ADD CONSTRAINT "question_images_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "question_version_images" ADD CONSTRAINT "question_version_images_version_id_question_versions_id_fk" FOREIGN KEY ("version_id") REFERENCES "public"."question_versions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "question_version_images" ADD CONSTRAINT "question_version_images_image_id_question_images_id_fk" FOREIGN KEY ("image_id") REFERENCES "public"."question_images"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "question_images_created_idx" ON "question_images" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "question_version_images_image_idx" ON "question_version_images" USING btree ("image_id");