-- Accounts that confirmed their address and still wait for approval become user_signup approval
-- requests for the organisation's admins (issue 14), as new sign-ups do from now on.
INSERT INTO "approval_requests" ("organisation_id", "kind", "subject_id", "subject_title", "subject_link", "requester_id", "status", "plan", "level_started_at", "created_at")
SELECT DISTINCT ON (u."id") m."organisation_id", 'user_signup', u."id",
  left(coalesce(nullif(trim(u."first_name" || ' ' || u."last_name"), ''), u."username") || ' (' || u."email" || ')', 300),
  '/profile_by_id/' || u."id", u."id", 'pending', '[[{"type":"any_admin","userId":null}]]'::jsonb, u."created_at", u."created_at"
FROM "users" u JOIN "memberships" m ON m."user_id" = u."id"
WHERE u."approval_status" = 0 AND u."is_active" = true
ORDER BY u."id", m."id";--> statement-breakpoint
INSERT INTO "approval_transitions" ("request_id", "action", "level", "status", "actor_id", "created_at")
SELECT r."id", 'requested', 1, 'pending', r."requester_id", r."created_at" FROM "approval_requests" r
WHERE r."kind" = 'user_signup' AND NOT EXISTS (SELECT 1 FROM "approval_transitions" t WHERE t."request_id" = r."id");--> statement-breakpoint
INSERT INTO "approval_request_approvers" ("request_id", "level", "user_id")
SELECT r."id", 1, m."user_id" FROM "approval_requests" r
JOIN "memberships" m ON m."organisation_id" = r."organisation_id" AND m."role_id" = 2
WHERE r."kind" = 'user_signup' AND m."user_id" <> r."requester_id"
ON CONFLICT DO NOTHING;
