import { assessmentReportOps as ops, ROLE } from '@atrium/contract';
import type { FastifyInstance } from 'fastify';
import { recordAudit } from '../../core/audit/audit-log.ts';
import { access, caller } from '../../core/auth/access.ts';
import { AUTHORS, SIGNED_IN } from '../../core/auth/matrix-rows.ts';
import type { AppContext } from '../../core/context.ts';
import { forbidden, notFound } from '../../core/errors/app-error.ts';
import { route } from '../../core/http/operation.ts';
import { pageBounds, toPage } from '../../core/http/pagination.ts';
import type { EventSubscriber, JobDefinition, MatrixRow } from '../../core/module.ts';
import { loadAssessmentFor } from './assessment.access.ts';
import { iterateAttendees, listAttendees } from './attendees.repository.ts';
import { isMember, learnerReport } from './learner-report.repository.ts';
import { dateWindow } from './report-dates.ts';
import { attendeesCsv, contentDisposition, reportXlsx } from './report-export.ts';
import { learnerReportAccess, reportScope } from './reports.policy.ts';
import { itemAnalysis, listReports, reportDetail } from './reports.repository.ts';

/**
 * Assessment reports (issue 16): the attendees list, report/list, report/detail with the item
 * analysis, its export, and learner/report. One assessment's reports are for its admins, its
 * author and its reviewers (loadAssessmentFor(…, 'report'): 404 for another organisation's,
 * 403 for a trainer who neither wrote nor reviews it); the list covers what reports.policy.ts's
 * scope gives the caller; learner/report is everyone's own, and staff's for a member.
 */

/** The mobile app's page: ten rows, whatever page_size says. */
const MOBILE_PAGE_SIZE = 10;

export function registerReportRoutes(app: FastifyInstance, ctx: AppContext): void {
  const staff = { access: access.menu('/assessment', [ROLE.ADMIN, ROLE.TRAINER]) };
  const members = { access: access.menu('/assessment') };

  route(app, ops.attendees, staff, async (req) => {
    const q = req.query;
    const window = dateWindow(q, new Date());
    const a = await loadAssessmentFor(ctx.db, caller(req), req.params.id, 'report');
    const page = await listAttendees(
      ctx.db,
      a,
      { search: q.search, status: q.status, window },
      pageBounds(q),
    );
    return toPage(req.url, q, page.count, page.rows);
  });

  route(app, ops.list, staff, async (req) => {
    const q = req.query;
    const window = dateWindow(q, new Date());
    const page = await listReports(
      ctx.db,
      caller(req),
      { search: q.search, window },
      pageBounds(q),
    );
    return toPage(req.url, q, page.count, page.rows);
  });

  route(app, ops.detail, staff, async (req) => {
    const window = dateWindow(req.query, new Date());
    const a = await loadAssessmentFor(ctx.db, caller(req), req.query.assessment, 'report');
    return reportDetail(ctx.db, a, window);
  });

  route(app, ops.export, staff, async (req, reply) => {
    const q = req.query;
    const now = new Date();
    const window = dateWindow(q, now);
    // Checked before the first byte: a refusal is an ordinary 404/403, never a cut-off file.
    const actor = caller(req);
    const a = await loadAssessmentFor(ctx.db, actor, q.assessment, 'report');
    const attendees = iterateAttendees(ctx.db, a, { search: q.search, window });
    // Learners' results leave the system: who took them, and which, is on the record.
    await recordAudit(ctx.db, {
      action: 'assessment.report_exported',
      actorId: actor.userId,
      organisationId: a.organisationId,
      ip: req.ip,
      details: {
        assessment: a.id,
        format: q.format,
        search: q.search ?? null,
        date_filter: q.date_filter,
      },
    });
    reply.header('content-disposition', contentDisposition(a.title, q.format, now));
    if (q.format === 'csv') {
      reply.type('text/csv; charset=utf-8');
      return reply.send(attendeesCsv(attendees));
    }
    const items = await itemAnalysis(ctx.db, a, window);
    reply.type('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    return reply.send(reportXlsx(attendees, items));
  });

  route(app, ops.learner, members, async (req) => {
    const actor = caller(req);
    const q = req.query.mobile ? { ...req.query, page_size: MOBILE_PAGE_SIZE } : req.query;
    const window = dateWindow(q, new Date());
    const target = q.user ?? actor.userId;
    // Only staff naming someone else need the lookup; a learner is refused before it.
    const lookup =
      target !== actor.userId && learnerReportAccess(actor, target, true) === 'allowed';
    const member = lookup ? await isMember(ctx.db, actor.organisationId, target) : false;
    const decision = learnerReportAccess(actor, target, member);
    if (decision === 'forbidden') throw forbidden('You can only see your own assessment report.');
    if (decision === 'not_found') throw notFound('User not found.');
    const page = await learnerReport(
      ctx.db,
      {
        organisationId: actor.organisationId,
        userId: target,
        staff: reportScope(actor) !== 'none',
      },
      { search: q.search, window },
      pageBounds(q),
      new Date(),
    );
    return toPage(req.url, q, page.count, page.rows);
  });
}

export const reportMatrix: Record<string, MatrixRow> = {
  'GET /api/assessment/attendees-list/:id/': AUTHORS,
  'GET /api/assessment/report/list/': AUTHORS,
  'GET /api/assessment/report/detail/': AUTHORS,
  'GET /api/assessment/report/detail/export/': AUTHORS,
  'GET /api/assessment/learner/report/': SIGNED_IN,
};
export const reportJobs: JobDefinition[] = [];
export const reportSubscribers: EventSubscriber[] = [];
export function reportOnReady(_ctx: AppContext): Promise<void> | void {}
