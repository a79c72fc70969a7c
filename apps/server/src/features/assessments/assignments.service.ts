import { MAX_ID } from '@atrium/contract';
import { and, count, desc, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import type { AuthContext } from '../../core/auth/access.ts';
import type { AppContext } from '../../core/context.ts';
import type { DbOrTx } from '../../core/db/database.ts';
import { runInTransaction } from '../../core/db/transaction.ts';
import { badRequest } from '../../core/errors/app-error.ts';
import { assessmentAssignments } from '../../schema/assessments.table.ts';
import { userProfiles } from '../../schema/profiles.table.ts';
import { departments } from '../../schema/structure.table.ts';
import { memberships, users } from '../../schema/users.table.ts';
import { loadAssessmentFor } from './assessment.access.ts';
import { fullname } from './assessment.repository.ts';
import { auditAssessment } from './assessment.service.ts';
import { announceAssignments } from './assignment-notices.ts';
import './assessments.events.ts';

/**
 * Who takes an assessment: users named one by one, and departments (whose members, now and
 * later, take it). Assigning again is harmless: rows already there are kept. Who hears of it, and
 * when, is assignment-notices.ts's: each learner once, while the assessment is published. The
 * attempts part pre-creates attempts for everyone covered before an exam opens.
 */

/** The ids among `userIds` that are members of the organisation. */
async function membersOf(db: DbOrTx, organisationId: number, userIds: number[]) {
  if (userIds.length === 0) return new Set<number>();
  const rows = await db
    .select({ id: memberships.userId })
    .from(memberships)
    .where(
      and(eq(memberships.organisationId, organisationId), inArray(memberships.userId, userIds)),
    );
  return new Set(rows.map((r) => r.id));
}

/** The ids among `deptIds` that are departments of the organisation. */
async function departmentsOf(db: DbOrTx, organisationId: number, deptIds: number[]) {
  if (deptIds.length === 0) return new Set<number>();
  const rows = await db
    .select({ id: departments.id })
    .from(departments)
    .where(and(eq(departments.organisationId, organisationId), inArray(departments.id, deptIds)));
  return new Set(rows.map((r) => r.id));
}

/** 400 naming the users and departments that are not the organisation's, before any write. */
export async function assertPeopleOf(
  db: DbOrTx,
  organisationId: number,
  users: number[],
  depts: number[],
) {
  const [members, own] = await Promise.all([
    membersOf(db, organisationId, users),
    departmentsOf(db, organisationId, depts),
  ]);
  const errors: Record<string, string[]> = {};
  const strangers = users.filter((id) => !members.has(id));
  if (strangers.length) {
    errors.users = [`Not members of the organisation: ${strangers.join(', ')}.`];
  }
  const otherDepts = depts.filter((id) => !own.has(id));
  if (otherDepts.length) {
    errors.departments = [`Not departments of the organisation: ${otherDepts.join(', ')}.`];
  }
  if (Object.keys(errors).length > 0) {
    throw badRequest('Invalid input. Please correct the fields listed.', errors);
  }
}

export const assignmentsService = {
  /** A page of the assignments, newest first; a department's row counts its active members. */
  async list(
    ctx: AppContext,
    auth: AuthContext,
    assessmentId: number,
    page: { limit: number; offset: number },
  ) {
    const a = await loadAssessmentFor(ctx.db, auth, assessmentId);
    const where = eq(assessmentAssignments.assessmentId, a.id);
    const [rows, [total]] = await Promise.all([
      ctx.db
        .select({
          row: assessmentAssignments,
          userName: sql<
            string | null
          >`case when ${users.id} is null then null else ${fullname(users)} end`,
          email: users.email,
          deptName: departments.name,
        })
        .from(assessmentAssignments)
        .leftJoin(users, eq(users.id, assessmentAssignments.userId))
        .leftJoin(departments, eq(departments.id, assessmentAssignments.departmentId))
        .where(where)
        .orderBy(desc(assessmentAssignments.createdAt), desc(assessmentAssignments.id))
        .limit(page.limit)
        .offset(page.offset),
      ctx.db.select({ n: count() }).from(assessmentAssignments).where(where),
    ]);
    const deptIds = rows.flatMap((r) => (r.row.departmentId === null ? [] : [r.row.departmentId]));
    // The page's departments counted in one grouped query.
    const sizes = new Map<number, number>();
    if (deptIds.length > 0) {
      const counted = await ctx.db
        .select({ dept: userProfiles.departmentId, n: count() })
        .from(userProfiles)
        .innerJoin(
          memberships,
          and(
            eq(memberships.userId, userProfiles.userId),
            eq(memberships.organisationId, a.organisationId),
          ),
        )
        .innerJoin(users, and(eq(users.id, userProfiles.userId), eq(users.isActive, true)))
        .where(
          and(inArray(userProfiles.departmentId, deptIds), isNotNull(userProfiles.departmentId)),
        )
        .groupBy(userProfiles.departmentId);
      for (const c of counted) sizes.set(c.dept!, c.n);
    }
    return {
      count: total?.n ?? 0,
      rows: rows.map(({ row, userName, email, deptName }) => ({
        id: row.id,
        user:
          row.userId === null
            ? null
            : { id: row.userId, fullname: userName ?? '', email: email ?? '' },
        department:
          row.departmentId === null ? null : { id: row.departmentId, name: deptName ?? '' },
        learners: row.userId !== null ? 1 : (sizes.get(row.departmentId!) ?? 0),
        created_at: row.createdAt.toISOString(),
      })),
    };
  },

  async assign(
    ctx: AppContext,
    auth: AuthContext,
    input: { assessment: number; users: number[]; departments: number[] },
    ip?: string,
  ): Promise<{ added: number }> {
    return runInTransaction(ctx.db, ctx.bus, async (uow) => {
      const { tx } = uow;
      const a = await loadAssessmentFor(tx, auth, input.assessment, 'assign', { lock: true });
      const userIds = [...new Set(input.users)];
      const deptIds = [...new Set(input.departments)];
      await assertPeopleOf(tx, a.organisationId, userIds, deptIds);
      const base = { assessmentId: a.id, assignedBy: auth.userId };
      const newUsers =
        userIds.length === 0
          ? []
          : await tx
              .insert(assessmentAssignments)
              .values(userIds.map((userId) => ({ ...base, userId })))
              .onConflictDoNothing()
              .returning({ id: assessmentAssignments.userId });
      const newDepts =
        deptIds.length === 0
          ? []
          : await tx
              .insert(assessmentAssignments)
              .values(deptIds.map((departmentId) => ({ ...base, departmentId })))
              .onConflictDoNothing()
              .returning({ id: assessmentAssignments.departmentId });
      // A draft tells nobody yet: publishing does.
      if (a.status === 'published') {
        await announceAssignments(uow, new Date(), { assessmentId: a.id, assignedBy: auth.userId });
      }
      const added = newUsers.length + newDepts.length;
      if (added > 0) {
        await auditAssessment(tx, 'assessment.learners_assigned', auth, a, ip, {
          users: newUsers.map((r) => r.id),
          departments: newDepts.map((r) => r.id),
        });
      }
      return { added };
    });
  },

  /** Removes assignments by id; attempts already made stay with their learners. */
  async unassign(
    ctx: AppContext,
    auth: AuthContext,
    input: { assessment: number; ids: number[] },
    ip?: string,
  ): Promise<void> {
    await runInTransaction(ctx.db, ctx.bus, async ({ tx }) => {
      const a = await loadAssessmentFor(tx, auth, input.assessment, 'assign', { lock: true });
      const ids = [...new Set(input.ids)];
      // Past the id range a number names no row (and the database would refuse the parameter).
      const valid = ids.filter((id) => id <= MAX_ID);
      const mine = await tx
        .select({ id: assessmentAssignments.id })
        .from(assessmentAssignments)
        .where(
          and(
            eq(assessmentAssignments.assessmentId, a.id),
            inArray(assessmentAssignments.id, valid),
          ),
        );
      const known = new Set(mine.map((r) => r.id));
      const unknown = ids.filter((id) => !known.has(id));
      if (unknown.length > 0) {
        throw badRequest('Some assignments are not of this assessment.', {
          ids: [`Not assignments of this assessment: ${unknown.join(', ')}.`],
        });
      }
      const removed = await tx
        .delete(assessmentAssignments)
        .where(inArray(assessmentAssignments.id, ids))
        .returning();
      await auditAssessment(tx, 'assessment.learners_removed', auth, a, ip, {
        users: removed.flatMap((r) => (r.userId === null ? [] : [r.userId])),
        departments: removed.flatMap((r) => (r.departmentId === null ? [] : [r.departmentId])),
      });
    });
  },
};
