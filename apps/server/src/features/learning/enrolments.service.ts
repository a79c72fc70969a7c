import {
  ROLE,
  type TAssignLearners,
  type TEnrolment,
  type TEnrolmentUpdate,
} from '@atrium/contract';
import { and, count, desc, eq, inArray, ne, sql } from 'drizzle-orm';
import type { AuthContext } from '../../core/auth/access.ts';
import type { AppContext } from '../../core/context.ts';
import type { DbOrTx } from '../../core/db/database.ts';
import { runInTransaction } from '../../core/db/transaction.ts';
import { badRequest, fieldError, notFound } from '../../core/errors/app-error.ts';
import { courses } from '../../schema/courses.table.ts';
import { courseEnrolments, type EnrolmentStatus } from '../../schema/enrolments.table.ts';
import { userProfiles } from '../../schema/profiles.table.ts';
import { departments } from '../../schema/structure.table.ts';
import { memberships, users } from '../../schema/users.table.ts';
import { type Course, managedCourseFor } from '../catalogue/index.ts';
import { settleEnrolmentRequests } from './enrolments.approval.ts';
import { enrolmentById, selectEnrolments, toEnrolment } from './enrolments.shared-rows.ts';
import { requiredCounts } from './progress.service.ts';

const ENROLMENT_NOT_FOUND = 'Enrolment not found.';

/** Learner user ids of the course's organisation named by the input; 400 for anyone else. */
/** The learner's name, user name or e-mail contains the text (case-insensitive). */
function learnerMatches(search: string) {
  const needle = `%${search.toLowerCase().replace(/[%_\\]/g, '\\$&')}%`;
  return sql`exists (select 1 from ${users} u where u.id = ${courseEnrolments.userId} and (lower(u.first_name || ' ' || u.last_name) like ${needle} or lower(u.username) like ${needle} or lower(u.email) like ${needle}))`;
}

async function learnersFor(db: DbOrTx, course: Course, input: TAssignLearners): Promise<number[]> {
  const learnerOfOrg = and(
    eq(memberships.organisationId, course.organisationId),
    eq(memberships.roleId, ROLE.LEARNER),
  );
  if (input.department !== undefined) {
    const [dept] = await db
      .select({ organisationId: departments.organisationId })
      .from(departments)
      .where(eq(departments.id, input.department));
    if (!dept || dept.organisationId !== course.organisationId) {
      throw fieldError('department', "Choose a department of the course's organisation.");
    }
    const rows = await db
      .select({ id: memberships.userId })
      .from(userProfiles)
      .innerJoin(memberships, eq(memberships.userId, userProfiles.userId))
      .where(and(eq(userProfiles.departmentId, input.department), learnerOfOrg));
    return rows.map((r) => r.id);
  }
  const wanted = [...new Set(input.users ?? [])];
  const rows = await db
    .select({ id: memberships.userId })
    .from(memberships)
    .where(and(inArray(memberships.userId, wanted), learnerOfOrg));
  const found = new Set(rows.map((r) => r.id));
  const others = wanted.filter((u) => !found.has(u));
  if (others.length > 0) {
    const message = `Only learners of the course's organisation can be assigned; not: ${others.join(', ')}.`;
    throw badRequest(message, { users: [message] });
  }
  return wanted;
}

export const enrolments = {
  /**
   * Enrols learners directly. A pending or rejected request becomes an
   * enrolment; enrolled and completed learners are left as they are.
   */
  async assign(ctx: AppContext, auth: AuthContext, courseId: number, input: TAssignLearners) {
    return runInTransaction(ctx.db, ctx.bus, async ({ tx, emit }) => {
      const course = await managedCourseFor(tx, auth, courseId);
      if (course.status !== 'published') {
        throw badRequest('Only published courses can be assigned.', undefined, [
          'Only published courses can be assigned.',
        ]);
      }
      const userIds = await learnersFor(tx, course, input);
      const now = new Date();
      const dueAt = input.due_at ? new Date(input.due_at) : null;
      // Learners waiting on a request are enrolled by this: their requests close as approved.
      // (The course's pending requests are few, its learners may be thousands: filter here.)
      const chosen = new Set(userIds);
      const waiting = (
        await tx
          .select({ id: courseEnrolments.id, userId: courseEnrolments.userId })
          .from(courseEnrolments)
          .where(
            and(eq(courseEnrolments.courseId, courseId), eq(courseEnrolments.status, 'requested')),
          )
      ).filter((w) => chosen.has(w.userId));
      const assigned: number[] = [];
      for (let i = 0; i < userIds.length; i += 1000) {
        const rows = await tx
          .insert(courseEnrolments)
          .values(
            userIds.slice(i, i + 1000).map((userId) => ({
              courseId,
              userId,
              status: 'enrolled' as const,
              assignedBy: auth.userId,
              enrolledAt: now,
              dueAt,
            })),
          )
          .onConflictDoUpdate({
            target: [courseEnrolments.courseId, courseEnrolments.userId],
            set: {
              status: 'enrolled',
              assignedBy: auth.userId,
              decidedBy: auth.userId,
              enrolledAt: now,
              dueAt,
            },
            setWhere: sql`${courseEnrolments.status} in ('requested', 'rejected')`,
          })
          .returning({ userId: courseEnrolments.userId });
        assigned.push(...rows.map((r) => r.userId));
      }
      await settleEnrolmentRequests(
        ctx,
        { tx, emit },
        waiting.map((w) => w.id),
        'approved',
        auth.userId,
        false,
      );
      if (assigned.length > 0) {
        emit('enrolment.assigned', {
          courseId,
          organisationId: course.organisationId,
          userIds: assigned,
          assignedBy: auth.userId,
        });
      }
      return { assigned: assigned.length, unchanged: userIds.length - assigned.length };
    });
  },

  /** Removes learners from the course; completions are kept as history. */
  async unassign(ctx: AppContext, auth: AuthContext, courseId: number, input: TAssignLearners) {
    return runInTransaction(ctx.db, ctx.bus, async ({ tx, emit }) => {
      const course = await managedCourseFor(tx, auth, courseId);
      const userIds = await learnersFor(tx, course, input);
      if (userIds.length === 0) return { unassigned: 0, kept_completed: 0 };
      const mine = and(
        eq(courseEnrolments.courseId, courseId),
        inArray(courseEnrolments.userId, userIds),
      );
      const removed = await tx
        .delete(courseEnrolments)
        .where(and(mine, ne(courseEnrolments.status, 'completed')))
        .returning({
          id: courseEnrolments.id,
          userId: courseEnrolments.userId,
          status: courseEnrolments.status,
        });
      // A pending or refused request that goes with them was never a place in the course.
      await settleEnrolmentRequests(
        ctx,
        { tx, emit },
        removed.filter((r) => r.status === 'requested').map((r) => r.id),
        'rejected',
        auth.userId,
        false,
      );
      const unenrolled = removed.filter((r) => r.status === 'enrolled').map((r) => r.userId);
      if (unenrolled.length > 0) {
        emit('enrolment.unassigned', {
          courseId,
          organisationId: course.organisationId,
          userIds: unenrolled,
          unassignedBy: auth.userId,
        });
      }
      const [kept] = await tx
        .select({ n: count() })
        .from(courseEnrolments)
        .where(and(mine, eq(courseEnrolments.status, 'completed')));
      return { unassigned: removed.length, kept_completed: kept?.n ?? 0 };
    });
  },

  /** The course's learners for its managers (course_enrolments_course_status_idx). */
  async listForCourse(
    db: DbOrTx,
    auth: AuthContext,
    courseId: number,
    status: EnrolmentStatus | undefined,
    page: { limit: number; offset: number },
    search?: string,
  ) {
    await managedCourseFor(db, auth, courseId);
    const where = and(
      eq(courseEnrolments.courseId, courseId),
      status ? eq(courseEnrolments.status, status) : undefined,
      search ? learnerMatches(search) : undefined,
    );
    const [rows, [total]] = await Promise.all([
      selectEnrolments(db, where)
        .orderBy(desc(courseEnrolments.createdAt), desc(courseEnrolments.id))
        .limit(page.limit)
        .offset(page.offset),
      db.select({ n: count() }).from(courseEnrolments).where(where),
    ]);
    return { count: total?.n ?? 0, rows: rows.map(toEnrolment) };
  },

  /**
   * A manager changes an enrolment: the due date, or its status along the
   * allowed transitions (requested → enrolled/rejected, enrolled → completed,
   * rejected → enrolled, completed → enrolled to reopen it).
   */
  async update(
    ctx: AppContext,
    auth: AuthContext,
    id: number,
    input: TEnrolmentUpdate,
  ): Promise<TEnrolment> {
    await runInTransaction(ctx.db, ctx.bus, async ({ tx, emit }) => {
      const [current] = await tx
        .select({ e: courseEnrolments, organisationId: courses.organisationId })
        .from(courseEnrolments)
        .innerJoin(courses, eq(courses.id, courseEnrolments.courseId))
        .where(eq(courseEnrolments.id, id))
        .for('update', { of: courseEnrolments });
      if (!current) throw notFound(ENROLMENT_NOT_FOUND);
      const { e } = current;
      await managedCourseFor(tx, auth, e.courseId);
      const set: Partial<typeof courseEnrolments.$inferInsert> = {};
      if (input.due_at !== undefined) set.dueAt = input.due_at ? new Date(input.due_at) : null;
      const base = {
        enrolmentId: e.id,
        courseId: e.courseId,
        userId: e.userId,
        organisationId: current.organisationId,
      };
      const next = input.status;
      if (next && next !== e.status) {
        const allowed: Record<EnrolmentStatus, EnrolmentStatus[]> = {
          requested: ['enrolled', 'rejected'],
          enrolled: ['completed'],
          rejected: ['enrolled'],
          completed: ['enrolled'],
        };
        if (!allowed[e.status].includes(next)) {
          throw fieldError('status', `An enrolment cannot go from ${e.status} to ${next}.`);
        }
        const now = new Date();
        set.status = next;
        if (next === 'enrolled') {
          set.enrolledAt = e.enrolledAt ?? now;
          set.completedAt = null;
          if (e.status === 'completed') {
            // Reopened: progress is what the files say again.
            const { total, done } = await requiredCounts(tx, e.courseId, e.id);
            set.progressPercent = total === 0 ? 0 : Math.min(99, Math.floor((done * 100) / total));
          }
          if (e.status === 'requested') {
            set.decidedBy = auth.userId;
            emit('enrolment.approved', { ...base, decidedBy: auth.userId });
            await settleEnrolmentRequests(ctx, { tx, emit }, [e.id], 'approved', auth.userId, true);
          }
        } else if (next === 'rejected') {
          set.decidedBy = auth.userId;
          emit('enrolment.rejected', { ...base, decidedBy: auth.userId });
          await settleEnrolmentRequests(ctx, { tx, emit }, [e.id], 'rejected', auth.userId, true);
        } else if (next === 'completed') {
          set.completedAt = now;
          set.progressPercent = 100;
          emit('course.completed', { ...base, completedAt: now.toISOString() });
        }
      }
      if (Object.keys(set).length > 0) {
        await tx.update(courseEnrolments).set(set).where(eq(courseEnrolments.id, id));
      }
    });
    return (await enrolmentById(ctx.db, id))!;
  },
};
