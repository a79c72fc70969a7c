import { and, eq } from 'drizzle-orm';
import { defineApprovalKind } from '../../core/approval-kind.ts';
import type { AppContext } from '../../core/context.ts';
import type { UnitOfWork } from '../../core/db/transaction.ts';
import { courses } from '../../schema/courses.table.ts';
import { courseEnrolments } from '../../schema/enrolments.table.ts';
import { closeApprovalRequestOf } from '../approvals/index.ts';

export const COURSE_ENROLMENT = 'course_enrolment';

/**
 * A learner's request to join a course, decided through the approval flows. The enrolment row
 * (status requested) is the item; how the request ends is applied to it here, in the deciding
 * transaction, and told as the enrolment events the rest of the app already follows.
 */
export const courseEnrolmentApproval = defineApprovalKind({
  kind: COURSE_ENROLMENT,
  label: 'Course enrolment',
  description: 'A learner asks to join a course that takes enrolment requests.',
  approverTypes: ['department_head', 'owner', 'any_admin'],
  // As before the approval flows: the course's author or any admin of its organisation.
  defaultLevels: [['owner', 'any_admin']],
  async onClosed(tx, outcome, emit) {
    const [row] = await tx
      .select({ e: courseEnrolments, organisationId: courses.organisationId })
      .from(courseEnrolments)
      .innerJoin(courses, eq(courses.id, courseEnrolments.courseId))
      .where(
        and(eq(courseEnrolments.id, outcome.subjectId), eq(courseEnrolments.status, 'requested')),
      )
      .for('update', { of: courseEnrolments });
    // Settled another way meanwhile (a manager enrolled them): nothing left to apply.
    if (!row) return;
    const base = {
      enrolmentId: row.e.id,
      courseId: row.e.courseId,
      userId: row.e.userId,
      organisationId: row.organisationId,
    };
    const decidedBy = outcome.actorId ?? outcome.requesterId;
    if (outcome.status === 'approved') {
      await tx
        .update(courseEnrolments)
        .set({ status: 'enrolled', enrolledAt: new Date(), decidedBy: outcome.actorId })
        .where(eq(courseEnrolments.id, row.e.id));
      emit('enrolment.approved', { ...base, decidedBy });
    } else if (outcome.status === 'withdrawn') {
      // Taken back: the learner may ask again, as if they never had.
      await tx.delete(courseEnrolments).where(eq(courseEnrolments.id, row.e.id));
      emit('enrolment.withdrawn', base);
    } else {
      // Rejected or expired: kept as rejected; the learner may ask again.
      await tx
        .update(courseEnrolments)
        .set({ status: 'rejected', decidedBy: outcome.actorId })
        .where(eq(courseEnrolments.id, row.e.id));
      emit('enrolment.rejected', {
        ...base,
        decidedBy,
        reason: outcome.comment ?? undefined,
      });
    }
  },
});

/**
 * A manager settled enrolments directly (assigned the learner, set the status, removed them):
 * their open requests close with that outcome, without the hook (the enrolment changed already).
 */
export async function settleEnrolmentRequests(
  ctx: AppContext,
  uow: UnitOfWork,
  enrolmentIds: number[],
  status: 'approved' | 'rejected',
  actorId: number,
  notifyRequester: boolean,
) {
  for (const subjectId of enrolmentIds) {
    await closeApprovalRequestOf(ctx, uow, {
      kind: COURSE_ENROLMENT,
      subjectId,
      status,
      actorId,
      comment:
        status === 'approved'
          ? 'Enrolled directly by a manager.'
          : 'Declined directly by a manager.',
      notifyRequester,
    });
  }
}
