import type { TEnrolment } from '@atrium/contract';
import { and, count, desc, eq, isNotNull, type SQL, sql } from 'drizzle-orm';
import type { AuthContext } from '../../core/auth/access.ts';
import type { AppContext } from '../../core/context.ts';
import type { DbOrTx } from '../../core/db/database.ts';
import { runInTransaction } from '../../core/db/transaction.ts';
import { badRequest, conflict, forbidden, notFound } from '../../core/errors/app-error.ts';
import { courses } from '../../schema/courses.table.ts';
import { courseEnrolments, type EnrolmentStatus } from '../../schema/enrolments.table.ts';
import { approvalsService, openApprovalRequest, openRequestOf } from '../approvals/index.ts';
import { canRequestEnrolment, courseFor, isLearnerOf, managedBy } from '../catalogue/index.ts';
import { COURSE_ENROLMENT } from './enrolments.approval.ts';
import { enrolmentById, selectEnrolments, toEnrolment } from './enrolments.shared-rows.ts';
import { canDecideRequest, canWithdrawRequest } from './learning.policy.ts';

const REQUEST_NOT_FOUND = 'Enrolment request not found.';
export const ALREADY_REQUESTED = 'You have already requested or joined this course.';

/**
 * The open approval request of an enrolment. An enrolment that is not a request is a 404, and so
 * is a decided one the caller may not see; one already decided a 409.
 */
async function openRequestFor(ctx: AppContext, auth: AuthContext, id: number) {
  const [row] = await ctx.db
    .select({ e: courseEnrolments, course: courses })
    .from(courseEnrolments)
    .innerJoin(courses, eq(courses.id, courseEnrolments.courseId))
    .where(and(eq(courseEnrolments.id, id), isNotNull(courseEnrolments.requestedAt)));
  if (!row) throw notFound(REQUEST_NOT_FOUND);
  const requestId = await openRequestOf(ctx, COURSE_ENROLMENT, id);
  if (requestId !== undefined) return requestId; // who may decide it is the approval flow's rule
  if (!(canWithdrawRequest(auth, row.e) || canDecideRequest(auth, row.course))) {
    throw notFound(REQUEST_NOT_FOUND);
  }
  throw conflict(`This request is already ${row.e.status}.`);
}

export const enrolmentRequests = {
  /**
   * A learner asks to join a published self-enrol course of their own
   * organisation. A request already open, or an enrolment, is a 409; after a
   * rejection the learner may ask again.
   */
  async request(ctx: AppContext, auth: AuthContext, courseId: number): Promise<TEnrolment> {
    const id = await runInTransaction(ctx.db, ctx.bus, async ({ tx, emit }) => {
      const course = await courseFor(tx, auth, courseId);
      if (!isLearnerOf(auth, course)) {
        throw forbidden("Only learners of the course's organisation can request enrolment.");
      }
      if (!canRequestEnrolment(auth, course)) {
        const message = 'This course does not take enrolment requests.';
        throw badRequest(message, undefined, [message]);
      }
      const now = new Date();
      const [row] = await tx
        .insert(courseEnrolments)
        .values({ courseId, userId: auth.userId, status: 'requested', requestedAt: now })
        .onConflictDoUpdate({
          target: [courseEnrolments.courseId, courseEnrolments.userId],
          set: { status: 'requested', requestedAt: now, decidedBy: null },
          setWhere: sql`${courseEnrolments.status} = 'rejected'`,
        })
        .returning({ id: courseEnrolments.id });
      if (!row) throw conflict(ALREADY_REQUESTED);
      emit('enrolment.requested', {
        enrolmentId: row.id,
        courseId,
        userId: auth.userId,
        organisationId: course.organisationId,
      });
      // Decided through the approval flows; an organisation that needs no approval enrols at once.
      await openApprovalRequest(
        ctx,
        { tx, emit },
        {
          kind: COURSE_ENROLMENT,
          organisationId: course.organisationId,
          subjectId: row.id,
          subjectTitle: course.title,
          subjectLink: `/course/${courseId}`,
          ownerId: course.createdBy,
          requesterId: auth.userId,
        },
      );
      return row.id;
    });
    return (await enrolmentById(ctx.db, id))!;
  },

  /**
   * approved_course_enrollment_request/: the generic approval of the enrolment's open request,
   * at its current level (one level of several leaves the enrolment requested).
   */
  async approve(ctx: AppContext, auth: AuthContext, id: number): Promise<TEnrolment> {
    const requestId = await openRequestFor(ctx, auth, id);
    await approvalsService.decide(ctx, auth, requestId, { status: 1 });
    return (await enrolmentById(ctx.db, id))!;
  },

  /**
   * Two callers use this path: an approver rejects a pending request (it stays, as rejected, in
   * both Requests lists), or the requester withdraws their own pending request (it is removed,
   * and they may ask again). Both go through the generic approval request.
   */
  async reject(
    ctx: AppContext,
    auth: AuthContext,
    id: number,
    reason: string | undefined,
  ): Promise<{ enrolment: TEnrolment | null; withdrawn: boolean }> {
    const requestId = await openRequestFor(ctx, auth, id);
    const [row] = await ctx.db
      .select({ userId: courseEnrolments.userId })
      .from(courseEnrolments)
      .where(eq(courseEnrolments.id, id));
    if (row && canWithdrawRequest(auth, row)) {
      await approvalsService.withdraw(ctx, auth, requestId, reason);
      return { enrolment: null, withdrawn: true };
    }
    await approvalsService.decide(ctx, auth, requestId, { status: 2, comment: reason });
    return { enrolment: (await enrolmentById(ctx.db, id))!, withdrawn: false };
  },

  /**
   * The Requests lists: the caller's own requests, or those on courses they
   * manage, newest first, with the number still pending in that scope.
   */
  async list(
    db: DbOrTx,
    auth: AuthContext,
    scope: 'mine' | 'to_decide',
    status: EnrolmentStatus | undefined,
    page: { limit: number; offset: number },
  ) {
    const scoped = and(
      isNotNull(courseEnrolments.requestedAt),
      scope === 'mine' ? eq(courseEnrolments.userId, auth.userId) : managedBy(auth),
    );
    const where = and(scoped, status ? eq(courseEnrolments.status, status) : undefined);
    const countOf = (w: SQL | undefined) =>
      db
        .select({ n: count() })
        .from(courseEnrolments)
        .innerJoin(courses, eq(courses.id, courseEnrolments.courseId))
        .where(w);
    const [rows, [total], [pending]] = await Promise.all([
      selectEnrolments(db, where)
        .orderBy(desc(courseEnrolments.requestedAt), desc(courseEnrolments.id))
        .limit(page.limit)
        .offset(page.offset),
      countOf(where),
      countOf(and(scoped, eq(courseEnrolments.status, 'requested'))),
    ]);
    return { count: total?.n ?? 0, pending: pending?.n ?? 0, rows: rows.map(toEnrolment) };
  },
};
