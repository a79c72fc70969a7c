import { auditEvents, userActivity } from '../../schema/audit.table.ts';
import type { DbOrTx } from '../db/database.ts';

/*
 * The audit trail and the activity log are written by every slice (sign-in, role changes,
 * course publication...), so the writers are a core service: a slice that records an action
 * must not depend on the audit slice, which only reads them back (features/audit).
 */

export type AuditAction =
  | 'auth.sign_in'
  | 'auth.sign_in_failed'
  | 'auth.sign_out'
  | 'auth.sign_up'
  | 'auth.email_verified'
  | 'auth.password_reset'
  | 'auth.sso_linked'
  | 'permissions.changed'
  | 'role.changed'
  | 'user.created'
  | 'user.imported'
  | 'user.approve'
  | 'user.reject'
  | 'user.activate'
  | 'user.deactivate'
  | 'user.removed'
  | 'licence.changed'
  | 'organisation.changed'
  | 'profile.changed_by_admin'
  | 'profile.email_changed'
  | 'course.status_changed'
  | 'course.visibility_widened'
  | 'course.content_added'
  | 'course.deleted'
  | 'approval.approved'
  | 'approval.rejected'
  | 'approval.withdrawn'
  | 'approval.expired'
  | 'approval.settings_changed'
  | 'approval.delegated'
  | 'learning_path.learners_assigned'
  | 'learning_path.learners_removed'
  | 'learning_path.message_sent'
  | 'learning_path.status_changed'
  | 'learning_path.deleted'
  | 'question.deleted'
  | 'question.archived'
  | 'question.imported'
  | 'question_category.deleted'
  | 'assessment.deleted'
  | 'assessment.status_changed'
  | 'assessment.settings_changed'
  | 'assessment.learners_assigned'
  | 'assessment.learners_removed'
  | 'assessment.reviewers_changed'
  | 'assessment.answer_graded'
  | 'assessment.regraded'
  | 'assessment.report_exported'
  | 'proctoring.settings_changed'
  | 'proctoring.flag_decided'
  | 'proctoring.attempt_decided'
  | 'proctoring.message_sent'
  | 'classroom.status_changed'
  | 'classroom.deleted'
  | 'classroom.session_cancelled'
  | 'classroom.room_deleted'
  | 'classroom.meeting_settings_changed'
  | 'cpd.scheme_changed'
  | 'cpd.category_deleted'
  | 'cpd.ledger_exported'
  | 'event.cancelled'
  | 'event.deleted'
  | 'event.attendance_marked'
  | 'announcement.deleted'
  | 'discussion.deleted'
  | 'discussion.answer_deleted'
  | 'discussion.moderated'
  | 'forum.created'
  | 'forum.updated'
  | 'forum.deleted'
  | 'wall.post_deleted'
  | 'wall.comment_deleted'
  | 'moderation.decided'
  | 'moderation.banned_word_added'
  | 'moderation.banned_word_removed'
  | 'blog.published'
  | 'blog.post_deleted'
  | 'blog.comment_deleted'
  | 'blog.author_granted'
  | 'blog.author_revoked'
  | 'gamification.rules_changed'
  | 'gamification.level_created'
  | 'gamification.level_updated'
  | 'gamification.level_deleted'
  | 'competency.framework_deleted'
  | 'competency.deleted'
  | 'competency.imported'
  | 'competency.evidence_recorded'
  | 'certificate.template_created'
  | 'certificate.template_updated'
  | 'certificate.template_deleted'
  | 'certificate.template_assigned'
  | 'certificate.revoked'
  | 'certificate.reissued'
  | 'badge.created'
  | 'badge.updated'
  | 'badge.deleted'
  | 'badge.awarded_manually'
  | 'badge.revoked'
  | 'report.sections_changed'
  | 'report.exported'
  | 'report.schedule_created'
  | 'report.schedule_changed'
  | 'report.schedule_deleted'
  | 'video.share_created'
  | 'video.share_revoked'
  | 'support.ticket_assigned'
  | 'support.ticket_status_changed'
  | 'support.ticket_priority_changed'
  | 'support.ticket_note_added'
  | 'admin.jobs_retried'
  | 'admin.features_changed'
  | 'plagiarism.match_decided'
  | 'plagiarism.settings_changed'
  | 'lti.tool_created'
  | 'lti.tool_updated'
  | 'lti.tool_deleted'
  | 'webhook.created'
  | 'webhook.updated'
  | 'webhook.deleted'
  | 'webhook.secret_rotated'
  | 'webhook.disabled'
  | 'xr.scene_created'
  | 'xr.scene_deleted';

export async function recordAudit(
  db: DbOrTx,
  event: {
    action: AuditAction;
    actorId?: number | null;
    targetUserId?: number | null;
    organisationId?: number | null;
    ip?: string | null;
    details?: Record<string, unknown>;
  },
): Promise<void> {
  await db.insert(auditEvents).values({
    action: event.action,
    actorId: event.actorId ?? null,
    targetUserId: event.targetUserId ?? null,
    organisationId: event.organisationId ?? null,
    ip: event.ip ?? null,
    details: event.details ?? null,
  });
}

export async function recordActivity(
  db: DbOrTx,
  entry: {
    userId: number;
    organisationId: number;
    kind: 'sign_in' | 'sign_out' | 'module_time';
    loginFrom?: string | null;
    module?: string | null;
    seconds?: number | null;
    ip?: string | null;
  },
): Promise<void> {
  await db.insert(userActivity).values({
    userId: entry.userId,
    organisationId: entry.organisationId,
    kind: entry.kind,
    loginFrom: entry.loginFrom ?? null,
    module: entry.module ?? null,
    seconds: entry.seconds ?? null,
    ip: entry.ip ?? null,
  });
}
