import { z } from 'zod';
import { zIdParam } from '../core/ids.ts';
import { BOOKING_STATUSES, SESSION_STATUSES, zDate } from './sessions.ts';

/**
 * Classroom reports, the dashboard, the calendar and the learner import (spec §7 class-report,
 * session-report, learner-report, session-data-count, classroom-dashboard,
 * dashboard-additional-data, classroom-calendar, import-learner, learner-sample-report).
 *
 * Counting: a seat is held by a booking that is booked, attended, partial (late) or no_show
 * (absent or excused); the attendance rate is a percentage (one decimal): attended + partial
 * over the marked bookings, an excused absence left out; null while nobody is marked.
 */

const organisation = zIdParam.optional();
export const ZExportFormat = z.enum(['csv', 'xlsx']).default('csv');

export const ZReportPerson = z.object({
  id: z.number().int(),
  fullname: z.string(),
  email: z.string(),
});

export const ZSurveySummary = z.object({
  /** Mean rating (1–5), two decimals; null without responses. */
  average: z.number().nullable(),
  count: z.number().int(),
  questions: z.array(z.object({ question: z.string(), answers: z.array(z.string()) })),
  comments: z.array(z.string()),
});
export type TSurveySummary = z.infer<typeof ZSurveySummary>;

const counts = {
  booked: z.number().int(),
  attended: z.number().int(),
  partial: z.number().int(),
  no_show: z.number().int(),
  excused: z.number().int(),
  attendance_rate: z.number().nullable(),
};

// ── class-report ──────────────────────────────────────────────────────

export const ZClassReportQuery = z.object({ class_id: zIdParam });
export const ZClassReportExportQuery = ZClassReportQuery.extend({ format: ZExportFormat });
export const ZClassReportSession = z.object({
  session: z.number().int(),
  title: z.string(),
  topic_title: z.string(),
  starts_at: z.string(),
  status: z.enum(SESSION_STATUSES),
  capacity: z.number().int(),
  ...counts,
  survey_average: z.number().nullable(),
  survey_count: z.number().int(),
});
export const ZClassReportLearner = z.object({
  user: ZReportPerson,
  /** Sessions attended, present or late (what completion counts). */
  attended: z.number().int(),
  /** Of those, attended late (partially). */
  partial: z.number().int(),
  /** The class's sessions not cancelled. */
  total: z.number().int(),
  completed: z.boolean(),
  completed_at: z.string().nullable(),
});
export const ZClassReport = z.object({
  class: z.object({
    id: z.number().int(),
    name: z.string(),
    classroom: z.number().int(),
    classroom_title: z.string(),
    completion_percent: z.number().int(),
  }),
  sessions: z.array(ZClassReportSession),
  learners: z.array(ZClassReportLearner),
  survey: ZSurveySummary,
});
export type TClassReport = z.infer<typeof ZClassReport>;

// ── session-report ────────────────────────────────────────────────────

export const ZSessionReportQuery = z.object({ session_id: zIdParam });
export const ZSessionReportExportQuery = ZSessionReportQuery.extend({ format: ZExportFormat });
export const ZSessionReportAttendee = z.object({
  booking: z.number().int(),
  user: ZReportPerson,
  status: z.enum(BOOKING_STATUSES),
  attendance: z.enum(['present', 'late', 'excused', 'absent']).nullable(),
  checked_in_at: z.string().nullable(),
  checkin_method: z.enum(['code', 'meeting', 'trainer']).nullable(),
  requested_at: z.string(),
});
export const ZSessionReport = z.object({
  session: z.object({
    id: z.number().int(),
    title: z.string(),
    class: z.number().int(),
    class_name: z.string(),
    classroom_title: z.string(),
    starts_at: z.string(),
    ends_at: z.string(),
    time_zone: z.string(),
    status: z.enum(SESSION_STATUSES),
    capacity: z.number().int(),
  }),
  counts: z.object({ ...counts, waitlisted: z.number().int(), requested: z.number().int() }),
  attendees: z.array(ZSessionReportAttendee),
  survey: ZSurveySummary,
});
export type TSessionReport = z.infer<typeof ZSessionReport>;

// ── learner-report ────────────────────────────────────────────────────

/** Without user_id: the caller's own report (what a learner sees). */
export const ZClassroomLearnerReportQuery = z.object({
  user_id: zIdParam.optional(),
  organisation,
});
export const ZClassroomLearnerReportExportQuery = ZClassroomLearnerReportQuery.extend({
  format: ZExportFormat,
});
export const ZClassroomLearnerReport = z.object({
  user: ZReportPerson,
  bookings: z.array(
    z.object({
      booking: z.number().int(),
      session: z.number().int(),
      session_title: z.string(),
      class: z.number().int(),
      class_name: z.string(),
      classroom_title: z.string(),
      starts_at: z.string(),
      session_status: z.enum(SESSION_STATUSES),
      status: z.enum(BOOKING_STATUSES),
      attendance: z.enum(['present', 'late', 'excused', 'absent']).nullable(),
      checked_in_at: z.string().nullable(),
    }),
  ),
  classes: z.array(
    z.object({
      class: z.number().int(),
      class_name: z.string(),
      classroom_title: z.string(),
      attended: z.number().int(),
      total: z.number().int(),
      completed: z.boolean(),
      completed_at: z.string().nullable(),
    }),
  ),
});
export type TClassroomLearnerReport = z.infer<typeof ZClassroomLearnerReport>;

// ── session-data-count ────────────────────────────────────────────────

export const ZSessionDataCountQuery = z
  .object({ class_id: zIdParam.optional(), topic_id: zIdParam.optional() })
  .superRefine((q, ctx) => {
    if (!q.class_id && !q.topic_id) {
      ctx.addIssue({ code: 'custom', path: ['class_id'], message: 'Name a class or a topic.' });
    }
  });
export const ZSessionDataCount = z.object({
  session: z.number().int(),
  /** Seats held; attended counts present and late. */
  booked: z.number().int(),
  waitlisted: z.number().int(),
  requested: z.number().int(),
  attended: z.number().int(),
  capacity: z.number().int(),
});
export const ZSessionDataCountList = z.array(ZSessionDataCount);
export type TSessionDataCount = z.infer<typeof ZSessionDataCount>;

// ── Dashboard ─────────────────────────────────────────────────────────

export const ZDashboardQuery = z.object({ organisation });
export const ZDashboardSession = z.object({
  id: z.number().int(),
  title: z.string(),
  class_name: z.string(),
  classroom_title: z.string(),
  starts_at: z.string(),
  ends_at: z.string(),
  time_zone: z.string(),
  booked: z.number().int(),
  capacity: z.number().int(),
});
export const ZClassroomDashboard = z.object({
  counts: z.object({
    classrooms: z.number().int(),
    classes: z.number().int(),
    upcoming_sessions: z.number().int(),
    /** Seats held in sessions not cancelled. */
    bookings: z.number().int(),
    waitlisted: z.number().int(),
    /** Over sessions that started in the last 30 days; null when nobody was marked. */
    attendance_rate_30d: z.number().nullable(),
  }),
  /** The last 12 weeks (Monday first, UTC), oldest first, every week present. */
  attendance_by_week: z.array(
    z.object({ week_start: z.string(), attended: z.number().int(), booked: z.number().int() }),
  ),
  upcoming: z.array(ZDashboardSession),
});
export type TClassroomDashboard = z.infer<typeof ZClassroomDashboard>;

export const ZDashboardAdditional = z.object({
  top_classes: z.array(
    z.object({
      class: z.number().int(),
      class_name: z.string(),
      classroom_title: z.string(),
      attended: z.number().int(),
      marked: z.number().int(),
      attendance_rate: z.number().nullable(),
    }),
  ),
  survey_averages: z.array(
    z.object({
      class: z.number().int(),
      class_name: z.string(),
      classroom_title: z.string(),
      average: z.number(),
      count: z.number().int(),
    }),
  ),
  /** Scheduled sessions to come whose seats held are below their minimum size. */
  below_minimum: z.array(
    ZDashboardSession.extend({
      minimum_size: z.number().int(),
      cut_off_at: z.string().nullable(),
    }),
  ),
});
export type TDashboardAdditional = z.infer<typeof ZDashboardAdditional>;

// ── Calendar ──────────────────────────────────────────────────────────

export const CALENDAR_MAX_DAYS = 92;
export const ZCalendarQuery = z
  .object({ from: zDate, to: zDate, organisation })
  .superRefine((q, ctx) => {
    const days = (Date.parse(q.to) - Date.parse(q.from)) / 86_400_000;
    if (days < 0) {
      ctx.addIssue({
        code: 'custom',
        path: ['to'],
        message: 'The end must not be before the start.',
      });
    } else if (days > CALENDAR_MAX_DAYS) {
      ctx.addIssue({
        code: 'custom',
        path: ['to'],
        message: `Ask for at most ${CALENDAR_MAX_DAYS} days at a time.`,
      });
    }
  });
export type TCalendarQuery = z.infer<typeof ZCalendarQuery>;
export const ZCalendarEntry = z.object({
  id: z.number().int(),
  title: z.string(),
  class: z.number().int(),
  class_name: z.string(),
  classroom: z.number().int(),
  classroom_title: z.string(),
  date: z.string(),
  start_time: z.string(),
  end_time: z.string(),
  starts_at: z.string(),
  ends_at: z.string(),
  time_zone: z.string(),
  status: z.enum(SESSION_STATUSES),
  online: z.boolean(),
  room: z.string().nullable(),
  /** The caller trains it. */
  is_trainer: z.boolean(),
  my_booking_status: z.enum(BOOKING_STATUSES).nullable(),
});
export const ZCalendar = z.array(ZCalendarEntry);
export type TCalendarEntry = z.infer<typeof ZCalendarEntry>;

// ── Import ────────────────────────────────────────────────────────────

export const LEARNER_IMPORT_MAX_BYTES = 5 * 1024 * 1024;
export const LEARNER_IMPORT_MAX_ROWS = 2000;
export const ZLearnerSampleQuery = z.object({ format: ZExportFormat });
export const ZLearnerImportResult = z.object({
  booked: z.number().int(),
  waitlisted: z.number().int(),
  /** Rows already holding a live booking of the session: left as they were. */
  skipped: z.array(z.object({ row: z.number().int(), email: z.string(), status: z.string() })),
  message: z.string(),
});
export type TLearnerImportResult = z.infer<typeof ZLearnerImportResult>;
