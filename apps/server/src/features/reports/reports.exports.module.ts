import { AUTHORS, SIGNED_IN } from '../../core/auth/matrix-rows.ts';
import type { AppContext } from '../../core/context.ts';
import { scheduleRecurring, startRecurring } from '../../core/jobs/recurring.ts';
import { defineJob, type JobDefinition, type MatrixRow } from '../../core/module.ts';
import { deleteExpiredExports, runExport } from './reports.exports.service.ts';
import './reports.exports.events.ts';

/** Expired files go within the hour: retention is counted in days. */
export const RETENTION_EVERY_MS = 60 * 60_000;

/**
 * The exports part's authorization matrix rows and jobs (wired in index.ts). Creating an export
 * is for staff with the Reports menu (learners 403); the rest is signed-in callers' own exports.
 */
export const exportsMatrix: Record<string, MatrixRow> = {
  'POST /api/report/exports/': AUTHORS,
  'GET /api/report/exports/': SIGNED_IN,
  'GET /api/report/exports/:id/': SIGNED_IN,
  'GET /api/report/exports/:id/file/': SIGNED_IN,
  'DELETE /api/report/exports/:id/': SIGNED_IN,
};

/** For the routes' onReady hook: starts the retention chain. */
export const exportJobsOnReady = (ctx: AppContext) =>
  startRecurring(ctx, 'reports.exports.retention', RETENTION_EVERY_MS);

export const exportsJobs: readonly JobDefinition[] = [
  defineJob({
    type: 'reports.export',
    // A large report can take minutes: it must not hold up the short jobs (mails).
    lane: 'long',
    async handle(ctx, payload) {
      await runExport(ctx, payload.exportId);
    },
  }),
  defineJob({
    type: 'reports.exports.retention',
    async handle(ctx) {
      await scheduleRecurring(ctx.db, 'reports.exports.retention', RETENTION_EVERY_MS);
      await deleteExpiredExports(ctx);
    },
  }),
];
