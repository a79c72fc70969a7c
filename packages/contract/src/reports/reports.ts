import { z } from 'zod';
import { zIdParam } from '../core/ids.ts';
import { ZPageQuery, zPage } from '../core/pagination.ts';

/**
 * Reports (issue 22, spec §7 /api/report/...): the figures behind the dashboards' widgets (§6)
 * and the /reports screen. Every report is scoped to what the caller may see (a trainer: their
 * own courses and the learners enrolled in them; an admin: their organisation; a superadmin: one
 * organisation or all) and narrowed by the filters below. Dates are UTC calendar days; months
 * are UTC months.
 */

const DAY_MESSAGE = 'Enter a date as YYYY-MM-DD.';
const zDay = z
  .string(DAY_MESSAGE)
  .regex(/^\d{4}-\d{2}-\d{2}$/, DAY_MESSAGE)
  // 2026-02-31 matches the pattern but is no day: Date rolls it over, so compare back.
  .refine((s) => {
    const d = new Date(`${s}T00:00:00Z`);
    return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === s;
  }, DAY_MESSAGE);

export const REPORT_MIN_YEAR = 2000;
export const REPORT_MAX_YEAR = 2100;
const YEAR_MESSAGE = `Enter a year between ${REPORT_MIN_YEAR} and ${REPORT_MAX_YEAR}.`;
const zYear = z.coerce
  .number(YEAR_MESSAGE)
  .int(YEAR_MESSAGE)
  .min(REPORT_MIN_YEAR, YEAR_MESSAGE)
  .max(REPORT_MAX_YEAR, YEAR_MESSAGE);

/** How many rows a "top" widget lists: five by default (spec §6 "Top 5 ..."). */
const zLimit = z.coerce
  .number('Enter a number from 1 to 50.')
  .int('Enter a number from 1 to 50.')
  .min(1, 'Enter a number from 1 to 50.')
  .max(50, 'Enter a number from 1 to 50.')
  .default(5);

/** The people a report counts, by their role in the organisation (the spec's `user_type`). */
export const REPORT_USER_TYPES = ['all', 'learner', 'trainer', 'admin'] as const;
export type TReportUserType = (typeof REPORT_USER_TYPES)[number];
const zUserType = z
  .enum(REPORT_USER_TYPES, 'Choose all, learner, trainer or admin.')
  .default('all');

/**
 * The filters every report takes. `organisation` is a superadmin's choice (others may only name
 * their own); `department` and `designation` narrow the learners counted.
 */
const scopeFields = {
  organisation: zIdParam.optional(),
  department: zIdParam.optional(),
  designation: zIdParam.optional(),
};
const rangeFields = { from: zDay.optional(), to: zDay.optional() };

const fromBeforeTo = (q: { from?: string; to?: string }, ctx: z.RefinementCtx) => {
  if (q.from && q.to && q.from > q.to) {
    ctx.addIssue({
      code: 'custom',
      path: ['to'],
      message: 'The end date must not be before the start date.',
    });
  }
};

export const ZReportScopeQuery = z.object(scopeFields);

/**
 * How current the dashboards' figures are: a large organisation's dashboards read summaries
 * rebuilt every `refresh_minutes` (the last at `as_of`); filtered and date-range reports and
 * smaller organisations read live data (`summarised` false, `as_of` null).
 */
export const ZReportFreshness = z.object({
  summarised: z.boolean(),
  as_of: z.string().nullable(),
  refresh_minutes: z.number().nullable(),
});
export type TReportFreshness = z.infer<typeof ZReportFreshness>;
/** A date range, both ends inclusive: events (enrolment, completion, sign-in) within it count. */
export const ZReportRangeQuery = z
  .object({ ...scopeFields, ...rangeFields })
  .superRefine(fromBeforeTo);
/** A calendar year: the month charts' twelve months (default: the current year). */
export const ZReportYearQuery = z.object({ ...scopeFields, year: zYear.optional() });

export const ZTopLearnerQuery = z
  .object({
    ...scopeFields,
    ...rangeFields,
    /** Rank learners by courses completed, or trainers by completions in their courses. */
    role_name: z.enum(['learner', 'trainer'], 'Choose learner or trainer.').default('learner'),
    limit: zLimit,
  })
  .superRefine(fromBeforeTo);
export const ZTopCourseQuery = z
  .object({ ...scopeFields, ...rangeFields, limit: zLimit })
  .superRefine(fromBeforeTo);
export const ZCourseCompletionQuery = ZPageQuery.extend({
  ...scopeFields,
  ...rangeFields,
  user_type: zUserType,
}).superRefine(fromBeforeTo);
export const ZCourseCompletionTrainerQuery = ZPageQuery.extend({
  ...scopeFields,
  year: zYear.optional(),
});
export const ZUserStatusQuery = z.object({ ...scopeFields, user_type: zUserType });
export const ZTopUserQuery = z
  .object({ ...scopeFields, ...rangeFields, user_type: zUserType, limit: zLimit })
  .superRefine(fromBeforeTo);
/** `year` absent: all time. */
export const ZCategoryStatisticsQuery = z.object({
  ...scopeFields,
  year: zYear.optional(),
  limit: zLimit,
});

export type TReportScopeQuery = z.infer<typeof ZReportScopeQuery>;
export type TReportRangeQuery = z.infer<typeof ZReportRangeQuery>;

// ── Responses ───────────────────────────────────────────────────────────

const count = z.number().int().min(0);
/** Completed / enrolled, 0–100 with one decimal; null when nobody is enrolled. */
const rate = z.number().min(0).max(100).nullable();

export const ZReportedPerson = z.object({
  id: z.number().int(),
  fullname: z.string(),
  email: z.string(),
});
export const ZReportCourse = z.object({ id: z.number().int(), title: z.string() });

/** A chart over the twelve months of a year: one label per month, one series per figure. */
export const ZMonthlyChart = z.object({
  year: z.number().int(),
  /** 'YYYY-MM', January to December. */
  labels: z.array(z.string()).length(12),
  series: z.array(
    z.object({ key: z.string(), label: z.string(), data: z.array(z.number()).length(12) }),
  ),
});
export type TMonthlyChart = z.infer<typeof ZMonthlyChart>;

export const ZTopLearnerRow = z.object({
  user: ZReportedPerson,
  /** Enrolments (enrolled or completed; for a trainer: in their courses) begun in the range. */
  enrolled: count,
  /** Completions in the range. */
  completed: count,
});
export const ZTopLearners = z.object({
  role_name: z.enum(['learner', 'trainer']),
  results: z.array(ZTopLearnerRow),
});
export type TTopLearners = z.infer<typeof ZTopLearners>;

export const ZUserStatistics = z.object({
  /** People in scope (distinct users), by their role. */
  users: count,
  learners: count,
  trainers: count,
  admins: count,
  /** Approved, active accounts. */
  active_users: count,
  /** Joined in the range (without one: the last 30 days). */
  new_users: count,
  courses: count,
  published_courses: count,
  /** Enrolments (enrolled or completed) begun in the range, and completions in it. */
  enrolments: count,
  completions: count,
  /** Sign-ins in the range. */
  logins: count,
});
export type TUserStatistics = z.infer<typeof ZUserStatistics>;

export const ZCourseFigures = z.object({
  course: ZReportCourse,
  enrolled: count,
  completed: count,
  completion_rate: rate,
});
export const ZTopCourses = z.object({ results: z.array(ZCourseFigures) });
export type TTopCourses = z.infer<typeof ZTopCourses>;

export const ZCourseCompletionRow = ZCourseFigures.extend({
  /** Enrolled with no progress yet. */
  not_started: count,
  /** Enrolled with some progress. */
  in_progress: count,
  /** Mean progress of the enrolments counted, 0–100; null without any. */
  average_progress: z.number().min(0).max(100).nullable(),
});
export const ZCourseCompletionPage = zPage(ZCourseCompletionRow);
export type TCourseCompletionRow = z.infer<typeof ZCourseCompletionRow>;

export const ZTrainerCompletionRow = z.object({
  trainer: ZReportedPerson,
  courses: count,
  enrolled: count,
  completed: count,
  completion_rate: rate,
});
export const ZTrainerCompletionPage = zPage(ZTrainerCompletionRow);

export const ZUserStatus = z.object({
  total: count,
  /** Approved and active. */
  active: count,
  /** Approved, deactivated. */
  inactive: count,
  /** Awaiting approval. */
  pending: count,
  rejected: count,
});
export type TUserStatus = z.infer<typeof ZUserStatus>;

export const ZTopUserRow = z.object({
  user: ZReportedPerson,
  /** Time recorded per module (the user-module audit) in the range. */
  time_spent_seconds: count,
  logins: count,
});
export const ZTopUsers = z.object({ results: z.array(ZTopUserRow) });

export const ZCourseStatistics = z.object({
  courses: z.object({
    total: count,
    draft: count,
    pending: count,
    approved: count,
    published: count,
  }),
  enrolments: z.object({
    requested: count,
    enrolled: count,
    completed: count,
    rejected: count,
  }),
  /** Completed / (enrolled + completed). */
  completion_rate: rate,
  /** Mean progress of enrolled and completed enrolments. */
  average_progress: z.number().min(0).max(100).nullable(),
});
export type TCourseStatistics = z.infer<typeof ZCourseStatistics>;

export const ZCategoryFigures = z.object({
  /** null: courses without a category. */
  category: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  courses: count,
  enrolled: count,
  completed: count,
  completion_rate: rate,
});
export const ZCategoryStatistics = z.object({
  year: z.number().int().nullable(),
  results: z.array(ZCategoryFigures),
});
export type TCategoryStatistics = z.infer<typeof ZCategoryStatistics>;

// ── Learners at risk (issue 22, the trainer's dashboard) ───────────────────

export const AT_RISK_DEFAULT_INACTIVE_DAYS = 14;
const INACTIVE_DAYS_MESSAGE = 'Enter a number of days from 1 to 365.';
export const AT_RISK_REASONS = ['overdue', 'inactive'] as const;
export type TAtRiskReason = (typeof AT_RISK_REASONS)[number];

/**
 * `inactive_days`: how long without progress makes a learner inactive (default 14). The scope
 * filters narrow the learners as in the other reports; a trainer sees their own courses' learners.
 */
export const ZLearnersAtRiskQuery = ZPageQuery.extend({
  ...scopeFields,
  inactive_days: z.coerce
    .number(INACTIVE_DAYS_MESSAGE)
    .int(INACTIVE_DAYS_MESSAGE)
    .min(1, INACTIVE_DAYS_MESSAGE)
    .max(365, INACTIVE_DAYS_MESSAGE)
    .default(AT_RISK_DEFAULT_INACTIVE_DAYS),
});
export type TLearnersAtRiskQuery = z.input<typeof ZLearnersAtRiskQuery>;

/** One enrolment (enrolled, not completed) whose learner is at risk in that course. */
export const ZLearnerAtRiskRow = z.object({
  enrolment_id: z.number().int(),
  learner: ZReportedPerson,
  course: ZReportCourse,
  /** Overdue: the due date has passed; inactive: no progress for `inactive_days`. */
  reasons: z.array(z.enum(AT_RISK_REASONS)).min(1),
  /** The latest progress in the course, else when the learner was enrolled (ISO 8601). */
  last_activity_at: z.string().nullable(),
  due_at: z.string().nullable(),
  progress_percent: z.number().int().min(0).max(100),
  /** Whole days past the due date (0 when not overdue) and since the last activity. */
  days_overdue: count,
  days_inactive: count.nullable(),
});
export type TLearnerAtRiskRow = z.infer<typeof ZLearnerAtRiskRow>;
export const ZLearnersAtRiskPage = zPage(ZLearnerAtRiskRow).extend({
  inactive_days: z.number().int(),
  /** Always present here (false when exact): the count stops at COUNT_CAP like every list's. */
  count_capped: z.boolean(),
});
export type TLearnersAtRiskPage = z.infer<typeof ZLearnersAtRiskPage>;
