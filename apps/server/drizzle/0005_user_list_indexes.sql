CREATE INDEX "memberships_org_created_idx" ON "memberships" USING btree ("organisation_id","created_at","id");--> statement-breakpoint
CREATE INDEX "users_name_lower_idx" ON "users" USING btree (lower("first_name" || ' ' || "last_name"));--> statement-breakpoint
CREATE INDEX "users_last_login_idx" ON "users" USING btree ("last_login_at");