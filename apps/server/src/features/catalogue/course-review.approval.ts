import { and, eq } from 'drizzle-orm';
import { defineApprovalKind } from '../../core/approval-kind.ts';
import { recordAudit } from '../../core/audit/audit-log.ts';
import type { AuthContext } from '../../core/auth/access.ts';
import type { AppContext } from '../../core/context.ts';
import type { UnitOfWork } from '../../core/db/transaction.ts';
import { courses } from '../../schema/courses.table.ts';
import { closeApprovalRequestOf, openApprovalRequest } from '../approvals/index.ts';
import { isStaff } from './catalogue.policy.ts';
import { COURSE_SEARCH_KIND } from './catalogue.search.ts';

export const COURSE_REVIEW = 'course_review';

/**
 * A trainer submits their course for review (draft → pending); the approval flow decides, and
 * the outcome lands here in the deciding transaction: approved publishes it, anything else
 * (rejected, expired, withdrawn) returns it to draft for its author.
 */
export const courseReviewApproval = defineApprovalKind({
  kind: COURSE_REVIEW,
  label: 'Course publication',
  description: 'A trainer submits a course for review before it is published.',
  approverTypes: ['department_head', 'any_admin'],
  defaultLevels: [['any_admin']],
  async onClosed(tx, outcome, emit) {
    const now = new Date();
    const to = outcome.status === 'approved' ? 'published' : 'draft';
    const [course] = await tx
      .update(courses)
      .set({ status: to, updatedAt: now, ...(to === 'published' ? { publishedAt: now } : {}) })
      .where(and(eq(courses.id, outcome.subjectId), eq(courses.status, 'pending')))
      .returning({ id: courses.id, title: courses.title, organisationId: courses.organisationId });
    // Moved on another way meanwhile (an admin published or returned it): nothing to apply.
    if (!course) return;
    emit('search.changed', { kind: COURSE_SEARCH_KIND, ids: [course.id] });
    await recordAudit(tx, {
      action: 'course.status_changed',
      actorId: outcome.actorId,
      organisationId: course.organisationId,
      details: {
        course: course.id,
        title: course.title,
        from: 'pending',
        to,
        approval_request: outcome.requestId,
      },
    });
    if (to === 'published') {
      emit('course.published', {
        courseId: course.id,
        organisationId: course.organisationId,
        publishedBy: outcome.actorId ?? outcome.requesterId,
      });
    }
  },
});

/**
 * published/{id}/ moved the course itself: a submission opens its review request (and, where
 * the organisation needs no review, the hook publishes it at once); leaving `pending` another
 * way closes the open request — the author taking it back withdraws it, an admin publishing or
 * returning it decides it.
 */
export async function syncReviewRequest(
  ctx: AppContext,
  uow: UnitOfWork,
  auth: AuthContext,
  course: {
    id: number;
    title: string;
    status: string;
    organisationId: number;
    createdBy: number | null;
  },
  target: 'pending' | 'published' | 'draft',
) {
  if (target === 'pending') {
    await openApprovalRequest(ctx, uow, {
      kind: COURSE_REVIEW,
      organisationId: course.organisationId,
      subjectId: course.id,
      subjectTitle: course.title,
      subjectLink: `/courses/course-detail/${course.id}`,
      ownerId: course.createdBy,
      requesterId: auth.userId,
    });
    return;
  }
  if (course.status !== 'pending') return;
  const own = course.createdBy === auth.userId && !isStaff(auth);
  await closeApprovalRequestOf(ctx, uow, {
    kind: COURSE_REVIEW,
    subjectId: course.id,
    status: target === 'published' ? 'approved' : own ? 'withdrawn' : 'rejected',
    actorId: auth.userId,
    comment: target === 'published' ? 'Published by an admin.' : own ? null : 'Returned to draft.',
  });
}
