import type { TLearningPathEnrolment, TLearningPathProgress } from '@atrium/contract';
import { and, eq } from 'drizzle-orm';
import { recordAudit } from '../../core/audit/audit-log.ts';
import type { AuthContext } from '../../core/auth/access.ts';
import type { AppContext } from '../../core/context.ts';
import { runInTransaction } from '../../core/db/transaction.ts';
import { conflict, forbidden } from '../../core/errors/app-error.ts';
import {
  learningPathEnrolments,
  learningPathExclusions,
} from '../../schema/learning-paths.table.ts';
import { openApprovalRequest } from '../approvals/index.ts';
import { learnerIdsIn } from './enrolments.repository.ts';
import { enrolmentAnswer } from './enrolments.service.ts';
import { LEARNING_PATH_ENROLMENT } from './learning-paths.approval.ts';
import { canJoinPath } from './learning-paths.policy.ts';
import { managedPathFor, pathFor } from './paths.repository.ts';
import { dueDateFor } from './progress.service.ts';
import './learning-paths.events.ts';

export const ALREADY_JOINED = 'You have already joined or asked to join this learning path.';

/**
 * A learner joins a path themselves (enrolment `self`: enrolled now) or asks to (`request`: a
 * requested enrolment and its approval request, opened in the same transaction; an organisation
 * that needs no approval of it enrols them at once through the kind's hook). A path they cannot
 * see is a 404; one they see but may not join a 403; a second try a 409.
 */
export async function joinPath(
  ctx: AppContext,
  auth: AuthContext,
  pathId: number,
): Promise<TLearningPathEnrolment> {
  const { path, id } = await runInTransaction(ctx.db, ctx.bus, async (uow) => {
    const { tx, emit } = uow;
    const { path, enrolment } = await pathFor(tx, auth, pathId, { lock: true });
    if (enrolment) throw conflict(ALREADY_JOINED, [ALREADY_JOINED]);
    if (!canJoinPath(auth, path, false)) {
      throw forbidden(
        path.enrolment === 'assigned'
          ? 'Learners are enrolled in this learning path by its managers.'
          : 'Only learners of its organisation can join this learning path while it is published.',
      );
    }
    const now = new Date();
    const self = path.enrolment === 'self';
    const [row] = await tx
      .insert(learningPathEnrolments)
      .values({
        pathId: path.id,
        userId: auth.userId,
        status: self ? 'enrolled' : 'requested',
        source: self ? 'self' : 'request',
        requestedAt: self ? null : now,
        enrolledAt: self ? now : null,
        dueAt: self ? dueDateFor(path, now) : null,
      })
      .onConflictDoNothing()
      .returning({ id: learningPathEnrolments.id });
    if (!row) throw conflict(ALREADY_JOINED, [ALREADY_JOINED]);
    // Their own choice now outweighs a manager's earlier removal.
    await tx
      .delete(learningPathExclusions)
      .where(
        and(
          eq(learningPathExclusions.pathId, path.id),
          eq(learningPathExclusions.userId, auth.userId),
        ),
      );
    if (self) {
      emit('learning_path.enrolled', {
        pathId: path.id,
        organisationId: path.organisationId,
        userIds: [auth.userId],
        assignedBy: auth.userId,
        reason: 'self',
      });
    } else {
      await openApprovalRequest(ctx, uow, {
        kind: LEARNING_PATH_ENROLMENT,
        organisationId: path.organisationId,
        subjectId: row.id,
        subjectTitle: path.title,
        subjectLink: `/learning-path/${path.id}`,
        ownerId: path.createdBy,
        requesterId: auth.userId,
      });
    }
    return { path, id: row.id };
  });
  return enrolmentAnswer(ctx.db, path, id);
}

/**
 * learning-path-notification/: a manager's message to the path's learners (everyone enrolled or
 * completed, or those in the chosen states), told through the notification centre by the
 * `learning_path.message` event. `sent` is the number of learners it is addressed to (the
 * sender left out); each one's preferences decide how it reaches them.
 */
export async function messageLearners(
  ctx: AppContext,
  auth: AuthContext,
  input: {
    learning_path: number;
    subject: string;
    message: string;
    states?: TLearningPathProgress[];
  },
  ip?: string,
) {
  return runInTransaction(ctx.db, ctx.bus, async ({ tx, emit }) => {
    const path = await managedPathFor(tx, auth, input.learning_path);
    const userIds = (await learnerIdsIn(tx, path.id, input.states, new Date())).filter(
      (id) => id !== auth.userId,
    );
    if (userIds.length > 0) {
      emit('learning_path.message', {
        pathId: path.id,
        organisationId: path.organisationId,
        sentBy: auth.userId,
        subject: input.subject,
        message: input.message,
        userIds,
      });
    }
    await recordAudit(tx, {
      action: 'learning_path.message_sent',
      actorId: auth.userId,
      organisationId: path.organisationId,
      ip,
      details: {
        path: path.id,
        subject: input.subject,
        states: input.states ?? null,
        sent: userIds.length,
      },
    });
    return { sent: userIds.length };
  });
}
