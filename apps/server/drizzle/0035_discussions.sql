CREATE TABLE "discussion_answers" (
	"id" serial PRIMARY KEY NOT NULL,
	"discussion_id" integer NOT NULL,
	"parent_id" integer,
	"user_id" integer NOT NULL,
	"body" text NOT NULL,
	"body_text" text NOT NULL,
	"likes" integer DEFAULT 0 NOT NULL,
	"dislikes" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"edited_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "discussion_attachments" (
	"id" serial PRIMARY KEY NOT NULL,
	"discussion_id" integer NOT NULL,
	"storage_key" text NOT NULL,
	"name" varchar(255) NOT NULL,
	"size" integer NOT NULL,
	"content_type" varchar(100) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "discussion_follows" (
	"discussion_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "discussion_follows_discussion_id_user_id_pk" PRIMARY KEY("discussion_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "discussion_reactions" (
	"id" serial PRIMARY KEY NOT NULL,
	"discussion_id" integer,
	"answer_id" integer,
	"user_id" integer NOT NULL,
	"value" smallint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "discussion_reactions_target_ck" CHECK (("discussion_reactions"."discussion_id" is null) <> ("discussion_reactions"."answer_id" is null)),
	CONSTRAINT "discussion_reactions_value_ck" CHECK ("discussion_reactions"."value" in (-1, 1))
);
--> statement-breakpoint
CREATE TABLE "discussion_types" (
	"id" serial PRIMARY KEY NOT NULL,
	"organisation_id" integer NOT NULL,
	"name" varchar(60) NOT NULL,
	"kind" varchar(10) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "discussion_types_kind_ck" CHECK ("discussion_types"."kind" in ('question', 'idea', 'general'))
);
--> statement-breakpoint
CREATE TABLE "discussion_views" (
	"discussion_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"day" date NOT NULL,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "discussion_views_discussion_id_user_id_day_pk" PRIMARY KEY("discussion_id","user_id","day")
);
--> statement-breakpoint
CREATE TABLE "discussions" (
	"id" serial PRIMARY KEY NOT NULL,
	"organisation_id" integer NOT NULL,
	"type_id" integer NOT NULL,
	"scope" varchar(12) NOT NULL,
	"course_id" integer,
	"path_id" integer,
	"class_id" integer,
	"user_id" integer NOT NULL,
	"title" varchar(200) NOT NULL,
	"body" text NOT NULL,
	"body_text" text NOT NULL,
	"pinned" boolean DEFAULT false NOT NULL,
	"locked" boolean DEFAULT false NOT NULL,
	"closed" boolean DEFAULT false NOT NULL,
	"accepted_answer_id" integer,
	"answer_count" integer DEFAULT 0 NOT NULL,
	"view_count" integer DEFAULT 0 NOT NULL,
	"likes" integer DEFAULT 0 NOT NULL,
	"dislikes" integer DEFAULT 0 NOT NULL,
	"attachment_count" smallint DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"edited_at" timestamp with time zone,
	"last_activity_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "discussions_scope_ck" CHECK (("discussions"."scope" = 'organisation' and "discussions"."course_id" is null and "discussions"."path_id" is null and "discussions"."class_id" is null)
        or ("discussions"."scope" = 'course' and "discussions"."course_id" is not null and "discussions"."path_id" is null and "discussions"."class_id" is null)
        or ("discussions"."scope" = 'path' and "discussions"."path_id" is not null and "discussions"."course_id" is null and "discussions"."class_id" is null)
        or ("discussions"."scope" = 'class' and "discussions"."class_id" is not null and "discussions"."course_id" is null and "discussions"."path_id" is null))
);
--> statement-breakpoint
ALTER TABLE "discussion_answers" ADD CONSTRAINT "discussion_answers_discussion_id_discussions_id_fk" FOREIGN KEY ("discussion_id") REFERENCES "public"."discussions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "discussion_answers" ADD CONSTRAINT "discussion_answers_parent_id_discussion_answers_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."discussion_answers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "discussion_answers" ADD CONSTRAINT "discussion_answers_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "discussion_attachments" ADD CONSTRAINT "discussion_attachments_discussion_id_discussions_id_fk" FOREIGN KEY ("discussion_id") REFERENCES "public"."discussions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "discussion_follows" ADD CONSTRAINT "discussion_follows_discussion_id_discussions_id_fk" FOREIGN KEY ("discussion_id") REFERENCES "public"."discussions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "discussion_follows" ADD CONSTRAINT "discussion_follows_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "discussion_reactions" ADD CONSTRAINT "discussion_reactions_discussion_id_discussions_id_fk" FOREIGN KEY ("discussion_id") REFERENCES "public"."discussions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "discussion_reactions" ADD CONSTRAINT "discussion_reactions_answer_id_discussion_answers_id_fk" FOREIGN KEY ("answer_id") REFERENCES "public"."discussion_answers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "discussion_reactions" ADD CONSTRAINT "discussion_reactions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "discussion_types" ADD CONSTRAINT "discussion_types_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "discussion_views" ADD CONSTRAINT "discussion_views_discussion_id_discussions_id_fk" FOREIGN KEY ("discussion_id") REFERENCES "public"."discussions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "discussion_views" ADD CONSTRAINT "discussion_views_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "discussions" ADD CONSTRAINT "discussions_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "discussions" ADD CONSTRAINT "discussions_type_id_discussion_types_id_fk" FOREIGN KEY ("type_id") REFERENCES "public"."discussion_types"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "discussions" ADD CONSTRAINT "discussions_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "discussions" ADD CONSTRAINT "discussions_path_id_learning_paths_id_fk" FOREIGN KEY ("path_id") REFERENCES "public"."learning_paths"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "discussions" ADD CONSTRAINT "discussions_class_id_classroom_classes_id_fk" FOREIGN KEY ("class_id") REFERENCES "public"."classroom_classes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "discussions" ADD CONSTRAINT "discussions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "discussions" ADD CONSTRAINT "discussions_accepted_answer_id_discussion_answers_id_fk" FOREIGN KEY ("accepted_answer_id") REFERENCES "public"."discussion_answers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "discussion_answers_discussion_idx" ON "discussion_answers" USING btree ("discussion_id","parent_id","created_at","id");--> statement-breakpoint
CREATE INDEX "discussion_answers_parent_idx" ON "discussion_answers" USING btree ("parent_id","created_at","id") WHERE "discussion_answers"."parent_id" is not null;--> statement-breakpoint
CREATE INDEX "discussion_attachments_discussion_idx" ON "discussion_attachments" USING btree ("discussion_id","id");--> statement-breakpoint
CREATE INDEX "discussion_follows_user_idx" ON "discussion_follows" USING btree ("user_id","discussion_id");--> statement-breakpoint
CREATE UNIQUE INDEX "discussion_reactions_discussion_user_uq" ON "discussion_reactions" USING btree ("discussion_id","user_id") WHERE "discussion_reactions"."discussion_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "discussion_reactions_answer_user_uq" ON "discussion_reactions" USING btree ("answer_id","user_id") WHERE "discussion_reactions"."answer_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "discussion_types_name_uq" ON "discussion_types" USING btree ("organisation_id",lower("name"));--> statement-breakpoint
CREATE INDEX "discussion_views_watchers_idx" ON "discussion_views" USING btree ("discussion_id","last_seen_at");--> statement-breakpoint
CREATE INDEX "discussions_org_pinned_activity_idx" ON "discussions" USING btree ("organisation_id","pinned" DESC NULLS FIRST,"last_activity_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "discussions_org_pinned_created_idx" ON "discussions" USING btree ("organisation_id","pinned" DESC NULLS FIRST,"created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "discussions_course_idx" ON "discussions" USING btree ("course_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE "discussions"."course_id" is not null;--> statement-breakpoint
CREATE INDEX "discussions_path_idx" ON "discussions" USING btree ("path_id") WHERE "discussions"."path_id" is not null;--> statement-breakpoint
CREATE INDEX "discussions_class_idx" ON "discussions" USING btree ("class_id") WHERE "discussions"."class_id" is not null;--> statement-breakpoint
CREATE INDEX "discussions_user_idx" ON "discussions" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "discussions_type_idx" ON "discussions" USING btree ("type_id");--> statement-breakpoint
CREATE INDEX "discussions_search_trgm_idx" ON "discussions" USING gin (lower("title" || ' ' || "body_text") gin_trgm_ops);--> statement-breakpoint
-- Every organisation starts with a Question, an Idea and a General type (those created later get
-- them the first time their types are read).
INSERT INTO "discussion_types" ("organisation_id", "name", "kind")
SELECT o."id", v."name", v."kind"
FROM "organisations" o
CROSS JOIN (VALUES (1, 'Question', 'question'), (2, 'Idea', 'idea'), (3, 'General', 'general')) AS v("ord", "name", "kind")
ORDER BY o."id", v."ord"
ON CONFLICT DO NOTHING;--> statement-breakpoint
-- The course discussions (§7 course-discussion-*) become course-scoped topics of the organisation's
-- first question type, keeping their ids: the plain text becomes escaped <p> paragraphs, its first
-- line (at most 120 characters) the title.
INSERT INTO "discussions" ("id", "organisation_id", "type_id", "scope", "course_id", "user_id", "title", "body", "body_text", "answer_count", "likes", "dislikes", "created_at", "updated_at", "last_activity_at")
SELECT q."id", c."organisation_id",
  (SELECT min(t."id") FROM "discussion_types" t WHERE t."organisation_id" = c."organisation_id" AND t."kind" = 'question'),
  'course', q."course_id", q."user_id",
  coalesce(nullif(left(btrim(split_part(btrim(replace(q."body", E'\r', ''), E' \n\t'), E'\n', 1), E' \t'), 120), ''), 'Question'),
  p."html", p."text",
  (SELECT count(*) FROM "course_answers" a WHERE a."question_id" = q."id"),
  (SELECT count(*) FROM "course_reactions" r WHERE r."question_id" = q."id" AND r."value" = 1),
  (SELECT count(*) FROM "course_reactions" r WHERE r."question_id" = q."id" AND r."value" = -1),
  q."created_at", q."created_at",
  greatest(q."created_at", (SELECT max(a."created_at") FROM "course_answers" a WHERE a."question_id" = q."id"))
FROM "course_questions" q
JOIN "courses" c ON c."id" = q."course_id"
CROSS JOIN LATERAL (
  SELECT coalesce(string_agg('<p>' || replace(replace(replace(replace(replace(btrim(l."line", E' \t'), '&', '&amp;'), '<', '&lt;'), '>', '&gt;'), '"', '&quot;'), '''', '&#39;') || '</p>', '' ORDER BY l."n"), '') AS "html",
    coalesce(string_agg(btrim(l."line", E' \t'), E'\n' ORDER BY l."n"), '') AS "text"
  FROM regexp_split_to_table(replace(q."body", E'\r', ''), E'\n') WITH ORDINALITY AS l("line", "n")
  WHERE btrim(l."line", E' \t') <> ''
) p;--> statement-breakpoint
INSERT INTO "discussion_answers" ("id", "discussion_id", "user_id", "body", "body_text", "likes", "dislikes", "created_at")
SELECT a."id", a."question_id", a."user_id", p."html", p."text",
  (SELECT count(*) FROM "course_reactions" r WHERE r."answer_id" = a."id" AND r."value" = 1),
  (SELECT count(*) FROM "course_reactions" r WHERE r."answer_id" = a."id" AND r."value" = -1),
  a."created_at"
FROM "course_answers" a
CROSS JOIN LATERAL (
  SELECT coalesce(string_agg('<p>' || replace(replace(replace(replace(replace(btrim(l."line", E' \t'), '&', '&amp;'), '<', '&lt;'), '>', '&gt;'), '"', '&quot;'), '''', '&#39;') || '</p>', '' ORDER BY l."n"), '') AS "html",
    coalesce(string_agg(btrim(l."line", E' \t'), E'\n' ORDER BY l."n"), '') AS "text"
  FROM regexp_split_to_table(replace(a."body", E'\r', ''), E'\n') WITH ORDINALITY AS l("line", "n")
  WHERE btrim(l."line", E' \t') <> ''
) p;--> statement-breakpoint
INSERT INTO "discussion_reactions" ("discussion_id", "answer_id", "user_id", "value", "created_at")
SELECT r."question_id", r."answer_id", r."user_id", r."value", r."created_at"
FROM "course_reactions" r
ORDER BY r."id";--> statement-breakpoint
-- Authors and those who answered follow their topics, as they would have had they posted now.
INSERT INTO "discussion_follows" ("discussion_id", "user_id", "created_at")
SELECT d."id", d."user_id", d."created_at" FROM "discussions" d
UNION
SELECT a."discussion_id", a."user_id", min(a."created_at") FROM "discussion_answers" a GROUP BY 1, 2
ON CONFLICT DO NOTHING;--> statement-breakpoint
SELECT setval(pg_get_serial_sequence('discussions', 'id'), (SELECT coalesce(max("id"), 0) + 1 FROM "discussions"), false);--> statement-breakpoint
SELECT setval(pg_get_serial_sequence('discussion_answers', 'id'), (SELECT coalesce(max("id"), 0) + 1 FROM "discussion_answers"), false);--> statement-breakpoint
DROP TABLE "course_reactions";--> statement-breakpoint
DROP TABLE "course_answers";--> statement-breakpoint
DROP TABLE "course_questions";
