CREATE TABLE "learning_path_exclusions" (
	"path_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"removed_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "learning_path_exclusions_path_id_user_id_pk" PRIMARY KEY("path_id","user_id")
);
--> statement-breakpoint
ALTER TABLE "learning_path_exclusions" ADD CONSTRAINT "learning_path_exclusions_path_id_learning_paths_id_fk" FOREIGN KEY ("path_id") REFERENCES "public"."learning_paths"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "learning_path_exclusions" ADD CONSTRAINT "learning_path_exclusions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "learning_path_exclusions" ADD CONSTRAINT "learning_path_exclusions_removed_by_users_id_fk" FOREIGN KEY ("removed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;