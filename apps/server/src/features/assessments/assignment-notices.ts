import { sql } from 'drizzle-orm';
import type { AppContext } from '../../core/context.ts';
import { queryRows } from '../../core/db/database.ts';
import { runInTransaction, type UnitOfWork } from '../../core/db/transaction.ts';
import { scheduleRecurring, startRecurring } from '../../core/jobs/recurring.ts';
import { defineJob } from '../../core/module.ts';

declare module '../../core/jobs/queue.ts' {
  interface JobTypes {
    /** Tells the learners a published assessment covers and nobody told yet; then queues its next run. */
    'assessments.audience': Record<string, never>;
  }
}

/**
 * Who hears of an assessment (`assessment.assigned`, which the notifications slice turns into
 * "You have been assigned…"): everyone it covers while it is published and still open, once.
 * `assessment_notices` is the ledger of who was told. The same set-based statement runs when
 * people are assigned to a published assessment, when an assessment is published (a draft
 * assigned ahead of time tells nobody until then), and every 10 minutes for the departments'
 * later members, whom no request ever names.
 */
export const AUDIENCE_EVERY_MS = 10 * 60_000;

/**
 * Records and announces the untold learners of published, open assessments (of one, or of all).
 * One insert through the assignments' and user_profiles' department indexes; the event carries
 * the learners per assessment.
 */
export async function announceAssignments(
  uow: UnitOfWork,
  now: Date,
  only?: { assessmentId: number; assignedBy: number | null },
): Promise<number> {
  const at = sql`${now.toISOString()}::timestamptz`;
  const one = only ? sql`and aa.assessment_id = ${only.assessmentId}` : sql``;
  const rows = await queryRows<{ assessment_id: number; user_id: number; organisation_id: number }>(
    uow.tx,
    sql`with covered as (
          select aa.assessment_id, aa.user_id from assessment_assignments aa
            where aa.user_id is not null ${one}
          union
          select aa.assessment_id, up.user_id from assessment_assignments aa
            join user_profiles up on up.department_id = aa.department_id
            where aa.department_id is not null ${one}
        ), told as (
          insert into assessment_notices (assessment_id, user_id)
          select c.assessment_id, c.user_id from covered c
          join assessments a on a.id = c.assessment_id and a.status = 'published'
            and (a.closes_at is null or a.closes_at > ${at})
          join memberships m on m.user_id = c.user_id and m.organisation_id = a.organisation_id
          join users u on u.id = c.user_id and u.is_active
          on conflict (assessment_id, user_id) do nothing
          returning assessment_id, user_id
        )
        select t.assessment_id, t.user_id, a.organisation_id
        from told t join assessments a on a.id = t.assessment_id
        order by t.assessment_id, t.user_id`,
  );
  const byAssessment = new Map<number, { organisationId: number; userIds: number[] }>();
  for (const r of rows) {
    const id = Number(r.assessment_id);
    const group = byAssessment.get(id) ?? {
      organisationId: Number(r.organisation_id),
      userIds: [],
    };
    group.userIds.push(Number(r.user_id));
    byAssessment.set(id, group);
  }
  for (const [assessmentId, group] of byAssessment) {
    uow.emit('assessment.assigned', {
      assessmentId,
      organisationId: group.organisationId,
      userIds: group.userIds,
      // The job tells people nobody named: no one assigned them just now.
      assignedBy: only?.assignedBy ?? null,
    });
  }
  return rows.length;
}

export const audienceJobs = [
  defineJob({
    type: 'assessments.audience',
    async handle(ctx) {
      await scheduleRecurring(ctx.db, 'assessments.audience', AUDIENCE_EVERY_MS);
      await runInTransaction(ctx.db, ctx.bus, (uow) => announceAssignments(uow, new Date()));
    },
  }),
];

export const audienceOnReady = (ctx: AppContext) =>
  startRecurring(ctx, 'assessments.audience', AUDIENCE_EVERY_MS);
