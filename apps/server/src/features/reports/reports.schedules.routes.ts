import { scheduleOps as ops, ROLE } from '@atrium/contract';
import type { FastifyInstance } from 'fastify';
import { access, caller } from '../../core/auth/access.ts';
import type { AppContext } from '../../core/context.ts';
import { route } from '../../core/http/operation.ts';
import { startRecurring } from '../../core/jobs/recurring.ts';
import { SCHEDULES_EVERY_MS } from './reports.schedules.module.ts';
import {
  createSchedule,
  getSchedule,
  listSchedules,
  removeSchedule,
  updateSchedule,
} from './reports.schedules.service.ts';

/**
 * Spec §7 Reports `crone_job_email_setting/` (issue 22): scheduled e-mail reports. Staff with the
 * Reports menu entry, as the reports themselves; whose schedule is whose is the service's (404
 * for anyone else's). Also starts the minute job's chain on every node (one queued at a time).
 */
export function registerSchedulesRoutes(app: FastifyInstance, ctx: AppContext): void {
  const staff = {
    access: access.menu('/reports', [ROLE.ADMIN, ROLE.TRAINER, ROLE.HIRING_MANAGER]),
  };

  route(app, ops.schedules, staff, async (req) =>
    listSchedules(ctx.db, caller(req), req.query, req.url),
  );
  route(app, ops.createSchedule, staff, async (req) => createSchedule(ctx, caller(req), req.body));
  route(app, ops.schedule, staff, async (req) => getSchedule(ctx.db, caller(req), req.params.id));
  route(app, ops.updateSchedule, staff, async (req) =>
    updateSchedule(ctx, caller(req), req.params.id, req.body),
  );
  route(app, ops.removeSchedule, staff, async (req) => {
    await removeSchedule(ctx.db, caller(req), req.params.id);
  });

  app.addHook('onReady', async () => {
    await startRecurring(ctx, 'reports.schedules', SCHEDULES_EVERY_MS);
  });
}
