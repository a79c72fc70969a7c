import { classroomReportOps as ops, ROLE, type TClassroomLearnerReport } from '@atrium/contract';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { access, caller } from '../../core/auth/access.ts';
import type { AppContext } from '../../core/context.ts';
import { csvStream, type Sheet, xlsxStream } from '../../core/export/spreadsheet.ts';
import { route } from '../../core/http/operation.ts';
import { calendar } from './dashboard.calendar.ts';
import { dashboard, dashboardAdditional } from './dashboard.service.ts';
import { importLearners } from './import.service.ts';
import { classReport, learnerReport, sessionDataCount, sessionReport } from './reports.service.ts';

/**
 * Reports, dashboard, calendar and the learner import. Reports are staff's at the route
 * (learners 403) except a learner's own learner-report; which classes and sessions is
 * reports.scope.ts. The calendar is everyone's (what it shows is the caller's).
 */

function sendSheet(reply: FastifyReply, sheet: Sheet, name: string, format: 'csv' | 'xlsx') {
  reply.header('content-disposition', `attachment; filename="${name}.${format}"`);
  reply.header('x-content-type-options', 'nosniff');
  reply.header('cache-control', 'private, no-store');
  if (format === 'xlsx') {
    reply.type('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    return reply.send(xlsxStream(sheet, name));
  }
  reply.type('text/csv; charset=utf-8');
  return reply.send(csvStream(sheet));
}

const cols = (...keys: string[]) => keys.map((key) => ({ header: key, key }));

function learnerSheet(report: TClassroomLearnerReport): Sheet {
  return {
    columns: cols(
      'classroom',
      'class',
      'session',
      'starts_at',
      'session_status',
      'booking_status',
      'attendance',
      'checked_in_at',
    ),
    rows: report.bookings.map((b) => ({
      classroom: b.classroom_title,
      class: b.class_name,
      session: b.session_title,
      starts_at: b.starts_at,
      session_status: b.session_status,
      booking_status: b.status,
      attendance: b.attendance ?? '',
      checked_in_at: b.checked_in_at ?? '',
    })),
  };
}

export function registerReportRoutes(app: FastifyInstance, ctx: AppContext): void {
  const staff = { access: access.menu('/classroom', [ROLE.ADMIN, ROLE.TRAINER]) };
  const members = { access: access.menu('/classroom') };

  route(app, ops.classReport, staff, async (req) =>
    classReport(ctx.db, caller(req), req.query.class_id),
  );
  route(app, ops.classReportExport, staff, async (req, reply) => {
    const r = await classReport(ctx.db, caller(req), req.query.class_id);
    const sheet: Sheet = {
      columns: cols('name', 'email', 'attended', 'late', 'sessions', 'completed', 'completed_at'),
      rows: r.learners.map((l) => ({
        name: l.user.fullname,
        email: l.user.email,
        attended: l.attended,
        late: l.partial,
        sessions: l.total,
        completed: l.completed ? 'yes' : 'no',
        completed_at: l.completed_at ?? '',
      })),
    };
    return sendSheet(reply, sheet, `class-report-${r.class.id}`, req.query.format);
  });

  route(app, ops.sessionReport, staff, async (req) =>
    sessionReport(ctx.db, caller(req), req.query.session_id),
  );
  route(app, ops.sessionReportExport, staff, async (req, reply) => {
    const r = await sessionReport(ctx.db, caller(req), req.query.session_id);
    const sheet: Sheet = {
      columns: cols('name', 'email', 'status', 'attendance', 'checked_in_at', 'checkin_method'),
      rows: r.attendees.map((a) => ({
        name: a.user.fullname,
        email: a.user.email,
        status: a.status,
        attendance: a.attendance ?? '',
        checked_in_at: a.checked_in_at ?? '',
        checkin_method: a.checkin_method ?? '',
      })),
    };
    return sendSheet(reply, sheet, `session-report-${r.session.id}`, req.query.format);
  });

  route(app, ops.learnerReport, members, async (req) =>
    learnerReport(ctx.db, caller(req), req.query),
  );
  route(app, ops.learnerReportExport, members, async (req, reply) => {
    const r = await learnerReport(ctx.db, caller(req), req.query);
    return sendSheet(reply, learnerSheet(r), `learner-report-${r.user.id}`, req.query.format);
  });

  route(app, ops.sessionDataCount, staff, async (req) =>
    sessionDataCount(ctx.db, caller(req), req.query),
  );
  route(app, ops.dashboard, staff, async (req) =>
    dashboard(ctx.db, caller(req), req.query.organisation),
  );
  route(app, ops.dashboardAdditional, staff, async (req) =>
    dashboardAdditional(ctx.db, caller(req), req.query.organisation),
  );
  route(app, ops.calendar, members, async (req) => calendar(ctx.db, caller(req), req.query));

  route(app, ops.importLearners, staff, async (req) => importLearners(ctx, caller(req), req));
  route(app, ops.learnerSample, staff, async (req, reply) => {
    const sheet: Sheet = { columns: cols('email'), rows: [{ email: 'jane.doe@example.com' }] };
    return sendSheet(reply, sheet, 'learner-import-sample', req.query.format);
  });
}
