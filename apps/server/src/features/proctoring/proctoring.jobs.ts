import { DEFAULT_PROCTORING_SETTINGS, MONITORING_LOST_SECONDS } from '@atrium/contract';
import { eq, sql } from 'drizzle-orm';
import type { AppContext } from '../../core/context.ts';
import { queryRows } from '../../core/db/database.ts';
import { runInTransaction } from '../../core/db/transaction.ts';
import { scheduleRecurring, startRecurring } from '../../core/jobs/recurring.ts';
import { defineJob, defineSubscriber } from '../../core/module.ts';
import { proctoringSessions } from '../../schema/proctoring.table.ts';
import { raiseFlag } from './flag-raise.ts';
import { publishToProctors } from './proctoring.live.ts';
import { settingsOf } from './settings.service.ts';
import './proctoring.events.ts';

declare module '../../core/jobs/queue.ts' {
  interface JobTypes {
    /** Deletes evidence past its assessment's retention; then queues its next run. */
    'proctoring.retention': Record<string, never>;
  }
}

/**
 * Proctoring's reactions: a session for every proctored attempt that starts (so the grid shows a
 * learner whose device has not logged in yet as "waiting"); the session's end when the attempt is
 * submitted, with a `monitoring_stopped` flag if the device went silent before it; live grid
 * hints for every flag; and the retention job.
 */
export const RETENTION_EVERY_MS = 3600_000;
const BATCH = 500;

export const proctoringSubscribers = [
  defineSubscriber({
    event: 'assessment.started',
    name: 'proctoring-session-on-start',
    when: (e) => e.proctored,
    async handle(ctx, e, meta) {
      if (!e.proctored) return;
      const settings = await settingsOf(ctx.db, e.assessmentId);
      const [row] = await ctx.db
        .insert(proctoringSessions)
        .values({
          attemptId: e.attemptId,
          assessmentId: e.assessmentId,
          organisationId: e.organisationId,
          userId: e.userId,
          mode: settings.mode,
          startedAt: meta.occurredAt,
        })
        .onConflictDoNothing()
        .returning();
      if (row) await publishToProctors(ctx, row);
    },
  }),
  defineSubscriber({
    event: 'assessment.submitted',
    name: 'proctoring-session-on-submit',
    // An exam of a thousand unproctored submissions queues nothing here (events written
    // before the field existed say nothing, and are looked at).
    when: (e) => e.proctored !== false,
    async handle(ctx, e, meta) {
      const ended = await runInTransaction(ctx.db, ctx.bus, async (uow) => {
        const [s] = await uow.tx
          .select()
          .from(proctoringSessions)
          .where(eq(proctoringSessions.attemptId, e.attemptId))
          .for('update');
        if (!s || s.endedAt) return null;
        const end = meta.occurredAt;
        const silentSince = s.lastSeenAt ?? s.startedAt;
        const silent = (end.getTime() - silentSince.getTime()) / 1000;
        if (silent > MONITORING_LOST_SECONDS || !s.lastSeenAt) {
          const settings = await settingsOf(uow.tx, s.assessmentId);
          await raiseFlag(
            uow,
            s,
            { violationBudget: settings.violation_budget, autoSubmit: false },
            {
              type: 'monitoring_stopped',
              occurredAt: silentSince,
              confidence: 1,
              detail: s.lastSeenAt
                ? `The learner’s device stopped reporting ${Math.round(silent / 60)} min before the attempt ended.`
                : 'Monitoring never started on the learner’s device.',
            },
          );
        }
        const [row] = await uow.tx
          .update(proctoringSessions)
          .set({ endedAt: end })
          .where(eq(proctoringSessions.id, s.id))
          .returning();
        return row!;
      });
      if (ended) await publishToProctors(ctx, ended);
    },
  }),
  defineSubscriber({
    event: 'proctoring.flagged',
    name: 'proctoring-live-flag',
    async handle(ctx, e) {
      await publishToProctors(ctx, { id: e.sessionId, assessmentId: e.assessmentId });
    },
  }),
];

/**
 * Deletes evidence files (stills, clips, identity photos) and thumbnails older than their
 * assessment's retention in days; flags, decisions and the timeline stay. Rows first, in
 * batches, then the files. Returns how many files went.
 */
export async function applyRetention(ctx: AppContext, now = new Date()): Promise<number> {
  const at = sql`${now.toISOString()}::timestamptz`;
  const days = sql`make_interval(days => coalesce(ps.retention_days, ${DEFAULT_PROCTORING_SETTINGS.retention_days}))`;
  let removed = 0;
  for (;;) {
    const rows = await queryRows<{ key: string }>(
      ctx.db,
      sql`delete from proctoring_evidence where id in (
            select e.id from proctoring_evidence e
            join proctoring_sessions s on s.id = e.session_id
            left join proctoring_settings ps on ps.assessment_id = s.assessment_id
            where e.created_at < ${at} - ${days}
            limit ${BATCH})
          returning key`,
    );
    const thumbs = await queryRows<{ key: string }>(
      ctx.db,
      sql`with old as (
            select s.id, s.thumbnail_key as key from proctoring_sessions s
            left join proctoring_settings ps on ps.assessment_id = s.assessment_id
            where s.thumbnail_key is not null and s.thumbnail_at < ${at} - ${days}
            limit ${BATCH} for update of s skip locked)
          update proctoring_sessions t set thumbnail_key = null
          from old where t.id = old.id
          returning old.key`,
    );
    for (const r of [...rows, ...thumbs]) {
      await ctx.files
        .delete(r.key)
        .catch((err) => ctx.log.warn({ err, key: r.key }, 'proctoring evidence not deleted'));
    }
    removed += rows.length + thumbs.length;
    if (rows.length < BATCH && thumbs.length < BATCH) return removed;
  }
}

export const proctoringJobs = [
  defineJob({
    type: 'proctoring.retention',
    async handle(ctx) {
      await scheduleRecurring(ctx.db, 'proctoring.retention', RETENTION_EVERY_MS);
      await applyRetention(ctx);
    },
  }),
];

export const proctoringJobsOnReady = (ctx: AppContext) =>
  startRecurring(ctx, 'proctoring.retention', RETENTION_EVERY_MS);
