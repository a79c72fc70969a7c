import { and, eq } from 'drizzle-orm';
import { defineApprovalKind } from '../../core/approval-kind.ts';
import type { AppContext } from '../../core/context.ts';
import type { UnitOfWork } from '../../core/db/transaction.ts';
import { learningPathEnrolments, learningPaths } from '../../schema/learning-paths.table.ts';
import { closeApprovalRequestOf } from '../approvals/index.ts';
import { dueDateFor } from './progress.service.ts';
import './learning-paths.events.ts';

export const LEARNING_PATH_ENROLMENT = 'learning_path_enrolment';

/**
 * A learner's request to join a path open to enrolment by request, decided through the approval
 * flows. The enrolment row (status requested) is the item. Approval enrols them now, with the
 * path's due rule from today, and raises `learning_path.enrolled`, whose subscriber computes
 * their progress and enrols them in the courses open to them (the hook only has the deciding
 * transaction, and those follow-ups are the same for every way of joining). Anything else deletes
 * the request: the learner may ask again, and hears of the outcome from the approval flow.
 */
export const learningPathEnrolmentApproval = defineApprovalKind({
  kind: LEARNING_PATH_ENROLMENT,
  label: 'Learning path enrolment',
  description: 'A learner asks to join a learning path that takes enrolment requests.',
  approverTypes: ['department_head', 'owner', 'any_admin'],
  // As for courses: the path's author or any admin of its organisation.
  defaultLevels: [['owner', 'any_admin']],
  async onClosed(tx, outcome, emit) {
    const [row] = await tx
      .select({ e: learningPathEnrolments, path: learningPaths })
      .from(learningPathEnrolments)
      .innerJoin(learningPaths, eq(learningPaths.id, learningPathEnrolments.pathId))
      .where(
        and(
          eq(learningPathEnrolments.id, outcome.subjectId),
          eq(learningPathEnrolments.status, 'requested'),
        ),
      )
      .for('update', { of: learningPathEnrolments });
    // Settled another way meanwhile (a manager assigned or removed them): nothing left to apply.
    if (!row) return;
    if (outcome.status !== 'approved') {
      await tx.delete(learningPathEnrolments).where(eq(learningPathEnrolments.id, row.e.id));
      return;
    }
    const now = new Date();
    await tx
      .update(learningPathEnrolments)
      .set({
        status: 'enrolled',
        enrolledAt: now,
        assignedBy: outcome.actorId,
        dueAt: dueDateFor(row.path, now),
      })
      .where(eq(learningPathEnrolments.id, row.e.id));
    emit('learning_path.enrolled', {
      pathId: row.path.id,
      organisationId: row.path.organisationId,
      userIds: [row.e.userId],
      assignedBy: outcome.actorId,
      reason: 'request',
    });
  },
});

/**
 * A manager settled requested enrolments directly (assigned or removed the learner): their open
 * requests close with that outcome, without the hook (the enrolment changed already).
 */
export async function settlePathRequests(
  ctx: AppContext,
  uow: UnitOfWork,
  enrolmentIds: readonly number[],
  status: 'approved' | 'rejected',
  actorId: number,
) {
  for (const subjectId of enrolmentIds) {
    await closeApprovalRequestOf(ctx, uow, {
      kind: LEARNING_PATH_ENROLMENT,
      subjectId,
      status,
      actorId,
      comment:
        status === 'approved'
          ? 'Enrolled directly by a manager.'
          : 'Removed from the path by a manager.',
      // An assigned learner hears of the assignment; a removed one of the closed request.
      notifyRequester: status === 'rejected',
    });
  }
}
