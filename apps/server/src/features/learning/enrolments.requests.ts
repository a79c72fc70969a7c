import type { TEnrolment } from '@atrium/contract';
import { and, count, desc, eq, isNotNull, type SQL, sql } from 'drizzle-orm';
import type { AuthContext } from '../../core/auth/access.ts';
import type { AppContext } from '../../core/context.ts';
import type { DbOrTx } from '../../core/db/database.ts';
import { runInTransaction } from '../../core/db/transaction.ts';
import { badRequest, conflict, forbidden, notFound } from '../../core/errors/app-error.ts';
import { courses } from '../../schema/courses.table.ts';
import { courseEnrolments, type EnrolmentStatus } from '../../schema/enrolments.table.ts';
import { canRequestEnrolment, courseFor, isLearnerOf, managedBy } from '../catalogue/index.ts';
import { enrolmentById, selectEnrolments, toEnrolment } from './enrolments.shared-rows.ts';
import { canDecideRequest, canWithdrawRequest } from './learning.policy.ts';

const REQUEST_NOT_FOUND = 'Enrolment request not found.';
export const ALREADY_REQUESTED = 'You have already requested or joined this course.';

async function lockedRequest(db: DbOrTx, id: number) {
  const [row] = await db
    .select({ e: courseEnrolments, course: courses })
    .from(courseEnrolments)
    .innerJoin(courses, eq(courses.id, courseEnrolments.courseId))
    .where(and(eq(courseEnrolments.id, id), isNotNull(courseEnrolments.requestedAt)))
    .for('update', { of: courseEnrolments });
  return row;
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
      return row.id;
    });
    return (await enrolmentById(ctx.db, id))!;
  },

  /** An approver (a manager of the course) accepts a pending request. */
  async approve(ctx: AppContext, auth: AuthContext, id: number): Promise<TEnrolment> {
    await runInTransaction(ctx.db, ctx.bus, async ({ tx, emit }) => {
      const row = await lockedRequest(tx, id);
      if (!row || !canDecideRequest(auth, row.course)) throw notFound(REQUEST_NOT_FOUND);
      if (row.e.status !== 'requested') throw conflict(`This request is already ${row.e.status}.`);
      await tx
        .update(courseEnrolments)
        .set({ status: 'enrolled', enrolledAt: new Date(), decidedBy: auth.userId })
        .where(eq(courseEnrolments.id, id));
      emit('enrolment.approved', {
        enrolmentId: id,
        courseId: row.course.id,
        userId: row.e.userId,
        organisationId: row.course.organisationId,
        decidedBy: auth.userId,
      });
    });
    return (await enrolmentById(ctx.db, id))!;
  },

  /**
   * Two callers use this path: an approver rejects a pending request (it
   * stays, as rejected, in both Requests lists), or the requester withdraws
   * their own pending request (it is removed, and they may ask again).
   */
  async reject(
    ctx: AppContext,
    auth: AuthContext,
    id: number,
    reason: string | undefined,
  ): Promise<{ enrolment: TEnrolment | null; withdrawn: boolean }> {
    const withdrawn = await runInTransaction(ctx.db, ctx.bus, async ({ tx, emit }) => {
      const row = await lockedRequest(tx, id);
      if (!row) throw notFound(REQUEST_NOT_FOUND);
      const own = canWithdrawRequest(auth, row.e);
      if (!own && !canDecideRequest(auth, row.course)) throw notFound(REQUEST_NOT_FOUND);
      if (row.e.status !== 'requested') throw conflict(`This request is already ${row.e.status}.`);
      const base = {
        enrolmentId: id,
        courseId: row.course.id,
        userId: row.e.userId,
        organisationId: row.course.organisationId,
      };
      if (own) {
        await tx.delete(courseEnrolments).where(eq(courseEnrolments.id, id));
        emit('enrolment.withdrawn', base);
        return true;
      }
      await tx
        .update(courseEnrolments)
        .set({ status: 'rejected', decidedBy: auth.userId })
        .where(eq(courseEnrolments.id, id));
      emit('enrolment.rejected', { ...base, decidedBy: auth.userId, reason });
      return false;
    });
    return { enrolment: withdrawn ? null : (await enrolmentById(ctx.db, id))!, withdrawn };
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
