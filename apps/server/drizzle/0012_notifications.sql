CREATE TABLE "notification_defaults" (
	"organisation_id" integer NOT NULL,
	"type" varchar(40) NOT NULL,
	"channel" varchar(10) NOT NULL,
	"frequency" varchar(12) NOT NULL,
	"state" varchar(10) NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "notification_defaults_organisation_id_type_channel_pk" PRIMARY KEY("organisation_id","type","channel")
);
--> statement-breakpoint
CREATE TABLE "notification_digest_periods" (
	"frequency" varchar(12) NOT NULL,
	"period_end" timestamp with time zone NOT NULL,
	"done_at" timestamp with time zone,
	CONSTRAINT "notification_digest_periods_frequency_period_end_pk" PRIMARY KEY("frequency","period_end")
);
--> statement-breakpoint
CREATE TABLE "notification_preferences" (
	"user_id" integer NOT NULL,
	"type" varchar(40) NOT NULL,
	"channel" varchar(10) NOT NULL,
	"frequency" varchar(12) NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "notification_preferences_user_id_type_channel_pk" PRIMARY KEY("user_id","type","channel")
);
--> statement-breakpoint
CREATE TABLE "notifications" (
	"id" serial PRIMARY KEY NOT NULL,
	"event_id" integer NOT NULL,
	"recipient_id" integer NOT NULL,
	"organisation_id" integer NOT NULL,
	"type" varchar(40) NOT NULL,
	"actor_id" integer,
	"subject_kind" varchar(30) NOT NULL,
	"subject_id" integer NOT NULL,
	"subject_title" varchar(300) NOT NULL,
	"detail" text,
	"link" varchar(300) NOT NULL,
	"in_app" boolean NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"viewed_at" timestamp with time zone,
	"email_frequency" varchar(12),
	"emailed_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "notification_defaults" ADD CONSTRAINT "notification_defaults_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notification_preferences" ADD CONSTRAINT "notification_preferences_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_recipient_id_users_id_fk" FOREIGN KEY ("recipient_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "notifications_event_recipient_uq" ON "notifications" USING btree ("event_id","recipient_id");--> statement-breakpoint
CREATE INDEX "notifications_recipient_created_idx" ON "notifications" USING btree ("recipient_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "notifications"."in_app";--> statement-breakpoint
CREATE INDEX "notifications_unread_idx" ON "notifications" USING btree ("recipient_id") WHERE "notifications"."in_app" and "notifications"."viewed_at" is null;--> statement-breakpoint
CREATE INDEX "notifications_digest_due_idx" ON "notifications" USING btree ("email_frequency","recipient_id","created_at") WHERE "notifications"."emailed_at" is null and "notifications"."email_frequency" in ('daily', 'weekly');