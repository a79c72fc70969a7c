import { and, asc, eq, lte, sql } from 'drizzle-orm';
import type { AppContext } from '../../core/context.ts';
import { queryRows } from '../../core/db/database.ts';
import { runInTransaction } from '../../core/db/transaction.ts';
import { scheduleRecurring, startRecurring } from '../../core/jobs/recurring.ts';
import { defineJob } from '../../core/module.ts';
import { assessmentAttempts, assessments } from '../../schema/assessments.table.ts';
import { prepareAttempts } from './attempt-prepare.ts';
import { submitLocked } from './attempt-submit.ts';

declare module '../../core/jobs/queue.ts' {
  interface JobTypes {
    /** Submits the attempts whose time and grace are over; then queues its next run. */
    'assessments.timeout': Record<string, never>;
    /** Pre-creates attempts for learners of exams opening soon; then queues its next run. */
    'assessments.precreate': Record<string, never>;
  }
}

/**
 * The attempts' background work (issue 16).
 *
 * Time-out: one self-rescheduling job every 15 s rather than one job per attempt at its expiry.
 * An exam of 1,000 learners expires in the same second: one run submits them in batches, where
 * per-attempt jobs would be 1,000 queue rows to insert at the start (the busiest minute) and to
 * reschedule whenever an override moves a deadline. An expiry is handled within ~15 s, and the
 * attempt is dated at its deadline anyway (deadline.ts submittedAt), so the delay changes nothing
 * a learner or a report sees.
 *
 * Pre-create: every 10 minutes, `not_started` attempts for the assigned learners of published
 * exams opening within 2 hours, each with its draw and empty answers prepared
 * (attempt-prepare.ts), so the opening minute flips rows instead of drawing and inserting.
 */
export const TIMEOUT_EVERY_MS = 15_000;
export const PRECREATE_EVERY_MS = 10 * 60_000;
const PRECREATE_AHEAD_MS = 2 * 3600_000;
/** Attempts per transaction: each is a few statements; a batch must not hold locks for long. */
const BATCH = 100;

/**
 * Submits every in-progress attempt whose expiry (deadline + grace) is at or before `now`, dated
 * at its deadline, `submitted_by` 'timeout'. Batches claim rows with SKIP LOCKED, so two nodes
 * (or a learner submitting at that moment) never submit one attempt twice.
 */
export async function timeOutAttempts(ctx: AppContext, now = new Date()): Promise<number> {
  let total = 0;
  for (;;) {
    const n = await runInTransaction(ctx.db, ctx.bus, async (uow) => {
      // assessment_attempts_expiry_idx: in-progress attempts by expiry.
      const due = await uow.tx
        .select({ attempt: assessmentAttempts, assessment: assessments })
        .from(assessmentAttempts)
        .innerJoin(assessments, eq(assessments.id, assessmentAttempts.assessmentId))
        .where(
          and(eq(assessmentAttempts.status, 'in_progress'), lte(assessmentAttempts.expiresAt, now)),
        )
        .orderBy(asc(assessmentAttempts.expiresAt))
        .limit(BATCH)
        .for('update', { of: assessmentAttempts, skipLocked: true });
      for (const { attempt, assessment } of due)
        await submitLocked(uow, attempt, assessment, now, 'timeout', ctx.db);
      return due.length;
    });
    total += n;
    if (n < BATCH) return total;
  }
}

/**
 * Pre-creates attempt 1 (`not_started`) for each assigned learner (directly or as a department
 * member, active and still in the organisation) of every published assessment opening within the
 * next two hours who has no attempt yet (one set-based insert), then prepares the draw of every
 * waiting attempt of those assessments that has none, or one older than the assessment's last
 * edit. Returns how many attempts were created.
 */
export async function precreateAttempts(ctx: AppContext, now = new Date()): Promise<number> {
  const at = sql`${now.toISOString()}::timestamptz`;
  const rows = await queryRows<{ id: number }>(
    ctx.db,
    sql`insert into assessment_attempts (assessment_id, user_id, number, status)
        select t.assessment_id, t.user_id, 1, 'not_started'
        from (
          select aa.assessment_id, aa.user_id from assessment_assignments aa
            where aa.user_id is not null
          union
          select aa.assessment_id, up.user_id from assessment_assignments aa
            join user_profiles up on up.department_id = aa.department_id
            where aa.department_id is not null
        ) t
        join assessments a on a.id = t.assessment_id and a.status = 'published'
          and a.opens_at > ${at} and a.opens_at <= ${at} + make_interval(secs => ${PRECREATE_AHEAD_MS / 1000})
        join memberships m on m.user_id = t.user_id and m.organisation_id = a.organisation_id
        join users u on u.id = t.user_id and u.is_active
        where not exists (select 1 from assessment_attempts x
                          where x.assessment_id = t.assessment_id and x.user_id = t.user_id)
        on conflict (assessment_id, user_id, number) do nothing
        returning id`,
  );
  await prepareAttempts(ctx, now, PRECREATE_AHEAD_MS);
  return rows.length;
}

/** For the module's onReady hook: starts both chains. */
export async function attemptJobsOnReady(ctx: AppContext) {
  await startRecurring(ctx, 'assessments.timeout', TIMEOUT_EVERY_MS);
  await startRecurring(ctx, 'assessments.precreate', 0);
}

export const attemptJobDefinitions = [
  defineJob({
    type: 'assessments.timeout',
    async handle(ctx) {
      // The successor first: a failing run never ends the chain.
      await scheduleRecurring(ctx.db, 'assessments.timeout', TIMEOUT_EVERY_MS);
      await timeOutAttempts(ctx);
    },
  }),
  defineJob({
    type: 'assessments.precreate',
    async handle(ctx) {
      await scheduleRecurring(ctx.db, 'assessments.precreate', PRECREATE_EVERY_MS);
      await precreateAttempts(ctx);
    },
  }),
];
