import { and, eq, or, type SQLWrapper, sql } from 'drizzle-orm';
import type { Actor } from '../../core/auth/actor.ts';
import type { Db, DbOrTx } from '../../core/db/database.ts';
import { preparedPer } from '../../core/db/prepared.ts';
import { forbidden, notFound } from '../../core/errors/app-error.ts';
import {
  assessmentAttempts,
  assessmentOverrides,
  assessments,
} from '../../schema/assessments.table.ts';
import { userProfiles } from '../../schema/profiles.table.ts';
import { users } from '../../schema/users.table.ts';
import { canSeeToTake, canTake, ownsAttempt } from './attempts.policy.ts';
import { mergeOverrides, type TimingOverride } from './deadline.ts';

/**
 * Loading what a taker reaches (issue 16): an assessment by its address with the facts the
 * policy reads (assigned, enrolled) and the learner's own timing (overrides merged); an attempt
 * by id for its learner. 404 outside what the caller may see, 403 when seen but refused.
 */

/** The server's clock for the attempts; tests replace `now` to move time. */
export const attemptClock = { now: (): Date => new Date() };

export type Assessment = typeof assessments.$inferSelect;
export type Attempt = typeof assessmentAttempts.$inferSelect;

export const NOT_FOUND = 'Assessment not found.';
export const ATTEMPT_NOT_FOUND = 'Attempt not found.';

/** The learner's timing: the assessment's, with their own and their department's overrides. */
export interface LearnerTiming {
  opensAt: Date | null;
  closesAt: Date | null;
  /** The limit in force, extra time included (null: untimed). */
  timeLimitSeconds: number | null;
  attemptsAllowed: number | null;
  /** For attemptDeadline(). */
  overrides: TimingOverride;
}

export interface Takeable {
  assessment: Assessment;
  timing: LearnerTiming;
}

type OverrideRow = typeof assessmentOverrides.$inferSelect;

/** The timing in force for one learner, from the overrides that name them or their department. */
export function learnerTiming(a: Assessment, rows: readonly OverrideRow[]): LearnerTiming {
  const own = rows.find((r) => r.userId !== null);
  const groups = rows.filter((r) => r.departmentId !== null);
  const overrides = mergeOverrides(own, groups);
  const earliest = (dates: (Date | null)[]) => {
    const present = dates.filter((d): d is Date => d !== null).map((d) => d.getTime());
    return present.length > 0 ? new Date(Math.min(...present)) : null;
  };
  const most = (values: (number | null)[]) => {
    const present = values.filter((v): v is number => v !== null);
    return present.length > 0 ? Math.max(...present) : null;
  };
  // As mergeOverrides does for the rest: the learner's own wins, else the most generous group's.
  const opensAt = own?.opensAt ?? earliest(groups.map((g) => g.opensAt)) ?? a.opensAt;
  const attemptsAllowed =
    own?.attemptsAllowed ?? most(groups.map((g) => g.attemptsAllowed)) ?? a.attemptsAllowed;
  const limit = overrides.timeLimitSeconds ?? a.timeLimitSeconds;
  return {
    opensAt,
    closesAt: overrides.closesAt ?? a.closesAt,
    timeLimitSeconds: limit === null ? null : limit + (overrides.extraSeconds ?? 0),
    attemptsAllowed,
    overrides,
  };
}

/** The overrides naming the user or their department. */
function overridesQuery(
  db: DbOrTx,
  assessmentId: SQLWrapper | number,
  userId: SQLWrapper | number,
) {
  return db
    .select()
    .from(assessmentOverrides)
    .where(
      and(
        eq(assessmentOverrides.assessmentId, assessmentId),
        or(
          eq(assessmentOverrides.userId, userId),
          eq(
            assessmentOverrides.departmentId,
            sql`(select ${userProfiles.departmentId} from ${userProfiles} where ${userProfiles.userId} = ${userId})`,
          ),
        ),
      ),
    );
}

const overridesFor = (db: DbOrTx, assessmentId: number, userId: number) =>
  overridesQuery(db, assessmentId, userId);

/**
 * Whether the user is assigned (directly or by department) or enrolled in its course. The
 * assessment's columns are written out: drizzle renders a column unqualified in a select, and
 * `id` inside the subquery would then be the assignment's own.
 */
export const assignedSql = (userId: SQLWrapper) => sql<boolean>`exists (
  select 1 from assessment_assignments aa
  where aa.assessment_id = assessments.id
    and (aa.user_id = ${userId}
         or aa.department_id = (select up.department_id from user_profiles up where up.user_id = ${userId})))`;
export const enrolledSql = (
  userId: SQLWrapper,
) => sql<boolean>`(assessments.course_id is not null and exists (
  select 1 from course_enrolments ce
  where ce.course_id = assessments.course_id and ce.user_id = ${userId}
    and ce.status in ('enrolled', 'completed')))`;

/** The two reads of every start (the exam's opening minute), built and planned once. */
const takingStatements = preparedPer((db) => ({
  assessment: db
    .select({
      a: assessments,
      assigned: assignedSql(sql.placeholder('userId')),
      enrolled: enrolledSql(sql.placeholder('userId')),
    })
    .from(assessments)
    .where(eq(assessments.uuid, sql.placeholder('uuid')))
    .prepare('assessments_for_taking'),
  overrides: overridesQuery(db, sql.placeholder('assessmentId'), sql.placeholder('userId')).prepare(
    'assessments_taker_overrides',
  ),
}));

/**
 * The assessment at `uuid` for a taker: 404 when it does not exist for them, 403 when they may
 * not take it (`forStart`) — the start page itself is shown to whoever may see it, with why not.
 * Prepared reads on the pool: ctx.db, never a transaction.
 */
export async function loadForTaking(
  db: Db,
  actor: Actor,
  uuid: string,
): Promise<Takeable & { mayTake: boolean }> {
  const statements = takingStatements(db);
  const [row] = await statements.assessment.execute({ userId: actor.userId, uuid });
  if (!row) throw notFound(NOT_FOUND);
  const facts = {
    organisationId: row.a.organisationId,
    status: row.a.status,
    assigned: Boolean(row.assigned),
    enrolled: Boolean(row.enrolled),
  };
  if (!canSeeToTake(actor, facts)) throw notFound(NOT_FOUND);
  const mayTake = canTake(actor, facts);
  if (!mayTake && row.a.status === 'published' && !facts.assigned && !facts.enrolled)
    throw forbidden('This assessment is not assigned to you.');
  const overrides = await statements.overrides.execute({
    assessmentId: row.a.id,
    userId: actor.userId,
  });
  return { assessment: row.a, timing: learnerTiming(row.a, overrides), mayTake };
}

/** The timing of one attempt's learner (the time-out job and the view need no actor). */
export async function timingOf(db: DbOrTx, a: Assessment, userId: number): Promise<LearnerTiming> {
  return learnerTiming(a, await overridesFor(db, a.id, userId));
}

/**
 * An attempt and its assessment, for its learner only: someone else's attempt, or one in another
 * organisation, does not exist for the caller (readOwnAttempt, lockOwnAttempt).
 */
function ownOrNotFound(
  actor: Actor,
  row: { attempt: Attempt; assessment: Assessment } | undefined,
): { attempt: Attempt; assessment: Assessment } {
  if (!row || !ownsAttempt(actor, row.attempt)) throw notFound(ATTEMPT_NOT_FOUND);
  if (!actor.isSuperadmin && row.assessment.organisationId !== actor.organisationId)
    throw notFound(ATTEMPT_NOT_FOUND);
  return row;
}

const ownAttemptStatement = preparedPer((db) =>
  db
    .select({ attempt: assessmentAttempts, assessment: assessments })
    .from(assessmentAttempts)
    .innerJoin(assessments, eq(assessments.id, assessmentAttempts.assessmentId))
    .where(eq(assessmentAttempts.id, sql.placeholder('id')))
    .prepare('assessments_own_attempt'),
);

/**
 * The attempt under its row lock for its learner (the submit), with the learner's name for the
 * result it answers with.
 */
export async function lockOwnAttempt(
  tx: DbOrTx,
  actor: Actor,
  attemptId: number,
): Promise<{ attempt: Attempt; assessment: Assessment; learnerName: string }> {
  const [row] = await tx
    .select({ attempt: assessmentAttempts, assessment: assessments, learnerName: learnerFullname })
    .from(assessmentAttempts)
    .innerJoin(assessments, eq(assessments.id, assessmentAttempts.assessmentId))
    .innerJoin(users, eq(users.id, assessmentAttempts.userId))
    .where(eq(assessmentAttempts.id, attemptId))
    .for('update', { of: assessmentAttempts });
  return { ...ownOrNotFound(actor, row), learnerName: row!.learnerName };
}

/** A learner's name as lists and results show it: first and last, else the user name. */
export const learnerFullname = sql<string>`coalesce(nullif(trim(${users.firstName} || ' ' || ${users.lastName}), ''), ${users.username})`;

/** The attempt and its assessment, prepared: every save of an exam reads it (ctx.db only). */
export async function readOwnAttempt(
  db: Db,
  actor: Actor,
  attemptId: number,
): Promise<{ attempt: Attempt; assessment: Assessment }> {
  const [row] = await ownAttemptStatement(db).execute({ id: attemptId });
  return ownOrNotFound(actor, row);
}

/** Why a new attempt cannot start now, and when the next may (pure: the start page and start). */
export function startBlock(
  now: Date,
  timing: LearnerTiming,
  attempts: readonly Pick<Attempt, 'status' | 'submittedAt'>[],
  delaySeconds: number,
): { reason: string | null; nextAttemptAt: Date | null } {
  if (timing.opensAt && timing.opensAt.getTime() > now.getTime())
    return { reason: 'This assessment is not open yet.', nextAttemptAt: timing.opensAt };
  if (timing.closesAt && timing.closesAt.getTime() <= now.getTime())
    return { reason: 'This assessment is closed.', nextAttemptAt: null };
  const used = attempts.filter((t) => t.status !== 'not_started').length;
  if (timing.attemptsAllowed !== null && used >= timing.attemptsAllowed)
    return { reason: 'You have used all your attempts.', nextAttemptAt: null };
  const last = Math.max(0, ...attempts.map((t) => t.submittedAt?.getTime() ?? 0));
  if (delaySeconds > 0 && last > 0 && last + delaySeconds * 1000 > now.getTime()) {
    const next = new Date(last + delaySeconds * 1000);
    return {
      reason: `You can start another attempt at ${next.toISOString()}.`,
      nextAttemptAt: next,
    };
  }
  return { reason: null, nextAttemptAt: null };
}
