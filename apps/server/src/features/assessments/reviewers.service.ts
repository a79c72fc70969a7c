import { ROLE } from '@atrium/contract';
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { AuthContext } from '../../core/auth/access.ts';
import type { AppContext } from '../../core/context.ts';
import type { DbOrTx } from '../../core/db/database.ts';
import { runInTransaction } from '../../core/db/transaction.ts';
import { badRequest, notFound } from '../../core/errors/app-error.ts';
import { assessmentReviewers } from '../../schema/assessments.table.ts';
import { memberships, users } from '../../schema/users.table.ts';
import { loadAssessmentFor } from './assessment.access.ts';
import { fullname } from './assessment.repository.ts';
import { auditAssessment } from './assessment.service.ts';

/**
 * The trainers (or admins) who grade an assessment's essays and uploads, and with that see its
 * results (assessments.policy.ts). Naming a reviewer widens who reads learners' answers, so
 * changes are audited.
 */

async function reviewerList(db: DbOrTx, assessmentId: number) {
  return db
    .select({ id: users.id, fullname: fullname(users), email: users.email })
    .from(assessmentReviewers)
    .innerJoin(users, eq(users.id, assessmentReviewers.userId))
    .where(eq(assessmentReviewers.assessmentId, assessmentId))
    .orderBy(asc(users.firstName), asc(users.lastName), asc(users.id));
}

export const reviewersService = {
  async list(ctx: AppContext, auth: AuthContext, assessmentId: number) {
    const a = await loadAssessmentFor(ctx.db, auth, assessmentId);
    return reviewerList(ctx.db, a.id);
  },

  /** Adds trainers and admins of the organisation (400 naming anyone else); repeats are kept. */
  async add(
    ctx: AppContext,
    auth: AuthContext,
    input: { assessment: number; users: number[] },
    ip?: string,
  ) {
    const id = await runInTransaction(ctx.db, ctx.bus, async ({ tx }) => {
      const a = await loadAssessmentFor(tx, auth, input.assessment, 'assign', { lock: true });
      const wanted = [...new Set(input.users)];
      const staff = await tx
        .select({ id: memberships.userId })
        .from(memberships)
        .where(
          and(
            eq(memberships.organisationId, a.organisationId),
            inArray(memberships.userId, wanted),
            inArray(memberships.roleId, [ROLE.ADMIN, ROLE.TRAINER]),
          ),
        );
      const ok = new Set(staff.map((s) => s.id));
      const refused = wanted.filter((u) => !ok.has(u));
      if (refused.length > 0) {
        throw badRequest('Reviewers must be trainers or admins of the organisation.', {
          users: [`Not trainers or admins of the organisation: ${refused.join(', ')}.`],
        });
      }
      const added = await tx
        .insert(assessmentReviewers)
        .values(wanted.map((userId) => ({ assessmentId: a.id, userId })))
        .onConflictDoNothing()
        .returning({ id: assessmentReviewers.userId });
      if (added.length > 0) {
        await auditAssessment(tx, 'assessment.reviewers_changed', auth, a, ip, {
          added: added.map((r) => r.id),
        });
      }
      return a.id;
    });
    return reviewerList(ctx.db, id);
  },

  /** Grades the reviewer already gave stay (answers keep who graded them). */
  async remove(
    ctx: AppContext,
    auth: AuthContext,
    input: { assessment: number; user: number },
    ip?: string,
  ) {
    await runInTransaction(ctx.db, ctx.bus, async ({ tx }) => {
      const a = await loadAssessmentFor(tx, auth, input.assessment, 'assign', { lock: true });
      const removed = await tx
        .delete(assessmentReviewers)
        .where(
          and(
            eq(assessmentReviewers.assessmentId, a.id),
            eq(assessmentReviewers.userId, input.user),
          ),
        )
        .returning({ id: assessmentReviewers.userId });
      if (removed.length === 0) throw notFound('This user is not a reviewer of the assessment.');
      await auditAssessment(tx, 'assessment.reviewers_changed', auth, a, ip, {
        removed: [input.user],
      });
    });
  },
};
