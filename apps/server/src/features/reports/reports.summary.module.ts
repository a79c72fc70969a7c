import type { AppContext } from '../../core/context.ts';
import { scheduleRecurring, startRecurring } from '../../core/jobs/recurring.ts';
import { defineJob, type JobDefinition } from '../../core/module.ts';
import { refreshSummaries } from './reports.summary.ts';

declare module '../../core/jobs/queue.ts' {
  interface JobTypes {
    /** Rebuilds the report summaries of large organisations; then queues its next run. */
    'reports.summaries': Record<string, never>;
  }
}

/** A node starting builds missing summaries soon, not a whole interval later. */
const FIRST_AFTER_MS = 30_000;

/** For the routes' onReady hook: starts the refresh chain. */
export const summaryJobsOnReady = (ctx: AppContext) =>
  startRecurring(ctx, 'reports.summaries', FIRST_AFTER_MS);

export const summaryJobs: readonly JobDefinition[] = [
  defineJob({
    type: 'reports.summaries',
    // A build reads every enrolment of an organisation: seconds at a million rows.
    lane: 'long',
    async handle(ctx) {
      await scheduleRecurring(ctx.db, 'reports.summaries', ctx.config.reports.summaryEveryMs);
      await refreshSummaries(ctx, ctx.config.reports.summaryMinEnrolments);
    },
  }),
];
