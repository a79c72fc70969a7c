CREATE TABLE "search_documents" (
	"kind" varchar(40) NOT NULL,
	"item_id" integer NOT NULL,
	"organisation_id" integer NOT NULL,
	"title" text NOT NULL,
	"body" text DEFAULT '' NOT NULL,
	"subtitle" text,
	"href" text NOT NULL,
	"language" "regconfig" NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"tsv" "tsvector" GENERATED ALWAYS AS (setweight(to_tsvector("search_documents"."language", "search_documents"."title"), 'A') || setweight(to_tsvector("search_documents"."language", "search_documents"."body"), 'B')) STORED NOT NULL,
	CONSTRAINT "search_documents_pk" PRIMARY KEY("kind","item_id")
);
--> statement-breakpoint
CREATE TABLE "search_kinds" (
	"kind" varchar(40) PRIMARY KEY NOT NULL,
	"version" integer NOT NULL,
	"language" text NOT NULL,
	"indexed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "search_documents" ADD CONSTRAINT "search_documents_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "search_documents_tsv_idx" ON "search_documents" USING gin ("tsv");--> statement-breakpoint
CREATE INDEX "search_documents_title_trgm_idx" ON "search_documents" USING gin (lower("title") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "search_documents_kind_updated_idx" ON "search_documents" USING btree ("kind","updated_at");