import { AUTHORS } from '../../core/auth/matrix-rows.ts';
import { scheduleRecurring } from '../../core/jobs/recurring.ts';
import { defineJob, type JobDefinition, type MatrixRow } from '../../core/module.ts';
import { runDueSchedules } from './reports.schedules.run.ts';

declare module '../../core/jobs/queue.ts' {
  interface JobTypes {
    /** Sends the scheduled e-mail reports that are due; then queues its next run. */
    'reports.schedules': Record<string, never>;
  }
}

/** Schedules are set to the minute: the job looks for due ones every minute. */
export const SCHEDULES_EVERY_MS = 60_000;

/**
 * The schedules part's authorization matrix rows and jobs (wired in index.ts). Staff with the
 * Reports menu entry pass the access check (learners 403); whose schedule is the service's.
 */
export const schedulesMatrix: Record<string, MatrixRow> = {
  'GET /api/report/crone_job_email_setting/': AUTHORS,
  'POST /api/report/crone_job_email_setting/': AUTHORS,
  'GET /api/report/crone_job_email_setting/:id/': AUTHORS,
  'PATCH /api/report/crone_job_email_setting/:id/': AUTHORS,
  'DELETE /api/report/crone_job_email_setting/:id/': AUTHORS,
};

export const schedulesJobs: readonly JobDefinition[] = [
  defineJob({
    type: 'reports.schedules',
    async handle(ctx) {
      // The successor first: a failing run never ends the chain.
      await scheduleRecurring(ctx.db, 'reports.schedules', SCHEDULES_EVERY_MS);
      await runDueSchedules(ctx);
    },
  }),
];
