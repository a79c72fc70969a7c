import type { TAssessmentOverride } from '@atrium/contract';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { AuthContext } from '../../core/auth/access.ts';
import type { AppContext } from '../../core/context.ts';
import type { DbOrTx } from '../../core/db/database.ts';
import { runInTransaction } from '../../core/db/transaction.ts';
import { conflict, fieldError, notFound } from '../../core/errors/app-error.ts';
import { assessmentOverrides } from '../../schema/assessments.table.ts';
import { departments } from '../../schema/structure.table.ts';
import { users } from '../../schema/users.table.ts';
import { loadAssessmentFor } from './assessment.access.ts';
import { fullname } from './assessment.repository.ts';
import { assertPeopleOf } from './assignments.service.ts';

/**
 * Exceptions to an assessment's timing and attempts for one learner or one department (one
 * each; deadline.ts merges them with the settings when an attempt starts). A date pair must
 * stay in order once merged with what is stored, whichever of the two a change sends.
 */

const OVERRIDE_NOT_FOUND = 'Exception not found.';

interface OverrideFields {
  extra_seconds?: number | null;
  time_limit_seconds?: number | null;
  opens_at?: string | null;
  closes_at?: string | null;
  attempts_allowed?: number | null;
}

function fieldsToSet(input: OverrideFields) {
  const set: Partial<typeof assessmentOverrides.$inferInsert> = {};
  if (input.extra_seconds !== undefined) set.extraSeconds = input.extra_seconds;
  if (input.time_limit_seconds !== undefined) set.timeLimitSeconds = input.time_limit_seconds;
  if (input.opens_at !== undefined) set.opensAt = input.opens_at ? new Date(input.opens_at) : null;
  if (input.closes_at !== undefined)
    set.closesAt = input.closes_at ? new Date(input.closes_at) : null;
  if (input.attempts_allowed !== undefined) set.attemptsAllowed = input.attempts_allowed;
  return set;
}

function assertOrder(opens: Date | null | undefined, closes: Date | null | undefined) {
  if (opens && closes && opens >= closes) {
    throw fieldError('closes_at', 'The close must be after the open.');
  }
}

async function overrideRows(db: DbOrTx, where: ReturnType<typeof eq>) {
  const rows = await db
    .select({
      o: assessmentOverrides,
      userName: sql<
        string | null
      >`case when ${users.id} is null then null else ${fullname(users)} end`,
      deptName: departments.name,
    })
    .from(assessmentOverrides)
    .leftJoin(users, eq(users.id, assessmentOverrides.userId))
    .leftJoin(departments, eq(departments.id, assessmentOverrides.departmentId))
    .where(where)
    .orderBy(asc(assessmentOverrides.id));
  return rows.map(
    ({ o, userName, deptName }): TAssessmentOverride => ({
      id: o.id,
      user: o.userId === null ? null : { id: o.userId, fullname: userName ?? '' },
      department: o.departmentId === null ? null : { id: o.departmentId, name: deptName ?? '' },
      extra_seconds: o.extraSeconds,
      time_limit_seconds: o.timeLimitSeconds,
      opens_at: o.opensAt?.toISOString() ?? null,
      closes_at: o.closesAt?.toISOString() ?? null,
      attempts_allowed: o.attemptsAllowed,
    }),
  );
}

async function editableOverride(db: DbOrTx, auth: AuthContext, id: number) {
  const [o] = await db.select().from(assessmentOverrides).where(eq(assessmentOverrides.id, id));
  if (!o) throw notFound(OVERRIDE_NOT_FOUND);
  const a = await loadAssessmentFor(db, auth, o.assessmentId, 'assign', { lock: true });
  return { o, a };
}

export const overridesService = {
  async list(ctx: AppContext, auth: AuthContext, assessmentId: number) {
    const a = await loadAssessmentFor(ctx.db, auth, assessmentId);
    return overrideRows(ctx.db, eq(assessmentOverrides.assessmentId, a.id));
  },

  async add(
    ctx: AppContext,
    auth: AuthContext,
    input: OverrideFields & {
      assessment: number;
      user?: number | null;
      department?: number | null;
    },
  ): Promise<TAssessmentOverride> {
    const id = await runInTransaction(ctx.db, ctx.bus, async ({ tx }) => {
      const a = await loadAssessmentFor(tx, auth, input.assessment, 'assign', { lock: true });
      await assertPeopleOf(
        tx,
        a.organisationId,
        input.user ? [input.user] : [],
        input.department ? [input.department] : [],
      );
      const set = fieldsToSet(input);
      assertOrder(set.opensAt, set.closesAt);
      const [row] = await tx
        .insert(assessmentOverrides)
        .values({
          ...set,
          assessmentId: a.id,
          userId: input.user ?? null,
          departmentId: input.department ?? null,
          createdBy: auth.userId,
        })
        .onConflictDoNothing()
        .returning({ id: assessmentOverrides.id });
      if (!row) {
        throw conflict(
          input.user
            ? 'This learner already has an exception on this assessment: change it instead.'
            : 'This department already has an exception on this assessment: change it instead.',
        );
      }
      return row.id;
    });
    const [out] = await overrideRows(ctx.db, eq(assessmentOverrides.id, id));
    return out!;
  },

  async update(
    ctx: AppContext,
    auth: AuthContext,
    id: number,
    input: OverrideFields,
  ): Promise<TAssessmentOverride> {
    await runInTransaction(ctx.db, ctx.bus, async ({ tx }) => {
      const { o } = await editableOverride(tx, auth, id);
      const set = fieldsToSet(input);
      assertOrder(
        set.opensAt !== undefined ? set.opensAt : o.opensAt,
        set.closesAt !== undefined ? set.closesAt : o.closesAt,
      );
      if (Object.keys(set).length > 0) {
        await tx.update(assessmentOverrides).set(set).where(eq(assessmentOverrides.id, o.id));
      }
    });
    const [out] = await overrideRows(ctx.db, eq(assessmentOverrides.id, id));
    return out!;
  },

  async remove(ctx: AppContext, auth: AuthContext, id: number): Promise<void> {
    await runInTransaction(ctx.db, ctx.bus, async ({ tx }) => {
      const { o } = await editableOverride(tx, auth, id);
      await tx
        .delete(assessmentOverrides)
        .where(
          and(
            eq(assessmentOverrides.id, o.id),
            eq(assessmentOverrides.assessmentId, o.assessmentId),
          ),
        );
    });
  },
};
