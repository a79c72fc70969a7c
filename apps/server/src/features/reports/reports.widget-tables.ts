import { permittedPaths, ROLE, reportOps, type TReportWidget } from '@atrium/contract';
import type { AuthContext } from '../../core/auth/access.ts';
import type { AppContext } from '../../core/context.ts';
import { forbidden } from '../../core/errors/app-error.ts';
import { parseInput } from '../../core/http/forms.ts';
import { learnersAtRisk } from './reports.at-risk.ts';
import { categoryStatistics } from './reports.category-statistics.ts';
import { completionChart } from './reports.completion-chart.ts';
import { courseCompletion } from './reports.course-completion.ts';
import { courseStatistics } from './reports.course-statistics.ts';
import { loginChart } from './reports.login-chart.ts';
import { currentYear, type ReportInput, resolveReport } from './reports.scope.ts';
import type { TabularReport } from './reports.tabular.ts';
import { timeSpentMonthly } from './reports.time-spent.ts';
import { topCourses } from './reports.top-course.ts';
import { topLearners } from './reports.top-learner.ts';
import { topUsers } from './reports.top-user.ts';
import { trainerCompletion } from './reports.trainer-completion.ts';
import { userStatistics } from './reports.user-statistics.ts';
import { userStatus } from './reports.user-status.ts';
import {
  COURSE_COLUMNS,
  col,
  courseRow,
  figures,
  fixed,
  monthly,
  PERSON_COLUMNS,
  paged,
  person,
  rangeLine,
  scopeLines,
} from './reports.widget-tables.shapes.ts';

/**
 * The §6 widgets as tables, for exports and scheduled e-mails: each reads with the very function
 * and query schema its §7 route uses (reports.routes.ts), so a file holds the screen's figures.
 * Paged widgets export every row (read a page at a time, lazily), not only the page on screen.
 */

/** The roles the widget routes let through (reports.routes.ts' `staff`); superadmin always. */
const STAFF_ROLES: readonly number[] = [ROLE.ADMIN, ROLE.TRAINER, ROLE.HIRING_MANAGER];
/** The same rule as the widget routes' access check, for callers that come without a route. */
export function assertMayReport(auth: AuthContext): void {
  if (auth.isSuperadmin) return;
  if (!STAFF_ROLES.includes(auth.roleId) || !permittedPaths(auth.menu).has('/reports')) {
    throw forbidden('You may not see reports.');
  }
}

/**
 * Opens a widget as a table for `auth`, with `query` checked by the widget's own schema (400
 * when wrong; 403/404 as its route answers for scope filters the caller may not use).
 */
export async function openWidgetReport(
  ctx: AppContext,
  auth: AuthContext,
  widget: TReportWidget,
  query: Record<string, unknown>,
): Promise<TabularReport> {
  assertMayReport(auth);
  const scoped = (q: Parameters<typeof resolveReport>[2]): Promise<ReportInput> =>
    resolveReport(ctx.db, auth, q);
  const report = await openWidget(ctx, widget, query, scoped);
  const narrowed = await scopeLines(ctx, query);
  return { ...report, subtitle: [...narrowed, ...report.subtitle] };
}

async function openWidget(
  ctx: AppContext,
  widget: TReportWidget,
  query: Record<string, unknown>,
  scoped: (q: Parameters<typeof resolveReport>[2]) => Promise<ReportInput>,
): Promise<TabularReport> {
  const db = ctx.db;
  switch (widget) {
    case 'top-learner': {
      const q = parseInput(reportOps.topLearner.query, query);
      const r = await topLearners(db, {
        ...(await scoped(q)),
        role: q.role_name,
        from: q.from,
        to: q.to,
        limit: q.limit,
      });
      const who = q.role_name === 'trainer' ? 'Trainers' : 'Learners';
      return fixed(
        `Top ${who}`,
        [
          ...PERSON_COLUMNS,
          col('enrolled', 'Enrolled', 'number'),
          col('completed', 'Completed', 'number'),
        ],
        r.results.map((x) => ({ ...person(x.user), enrolled: x.enrolled, completed: x.completed })),
        { label: 'name', value: 'completed' },
        rangeLine(q),
      );
    }
    case 'user-statistic-report': {
      const q = parseInput(reportOps.userStatistics.query, query);
      const s = await userStatistics(db, { ...(await scoped(q)), from: q.from, to: q.to });
      const report = figures('User Statistics', [
        ['Users', s.users],
        ['Learners', s.learners],
        ['Trainers', s.trainers],
        ['Admins', s.admins],
        ['Active users', s.active_users],
        ['New users', s.new_users],
        ['Courses', s.courses],
        ['Published courses', s.published_courses],
        ['Enrolments', s.enrolments],
        ['Completions', s.completions],
        ['Sign-ins', s.logins],
      ]);
      return { ...report, subtitle: rangeLine(q) };
    }
    case 'top-course': {
      const q = parseInput(reportOps.topCourse.query, query);
      const r = await topCourses(db, {
        ...(await scoped(q)),
        from: q.from,
        to: q.to,
        limit: q.limit,
      });
      return fixed(
        'Top Courses',
        COURSE_COLUMNS,
        r.results.map(courseRow),
        { label: 'course', value: 'enrolled' },
        rangeLine(q),
      );
    }
    case 'user-time-spentmonthly-chart': {
      const q = parseInput(reportOps.timeSpentMonthly.query, query);
      const year = q.year ?? currentYear();
      return monthly(
        'Time Spent per Month',
        await timeSpentMonthly(db, { ...(await scoped(q)), year }),
      );
    }
    case 'number-of-completion-chart': {
      const q = parseInput(reportOps.completionChart.query, query);
      const year = q.year ?? currentYear();
      return monthly(
        'Completions per Month',
        await completionChart(db, { ...(await scoped(q)), year }),
      );
    }
    case 'number-of-login-user-chart': {
      const q = parseInput(reportOps.loginChart.query, query);
      const year = q.year ?? currentYear();
      return monthly('Sign-ins per Month', await loginChart(db, { ...(await scoped(q)), year }));
    }
    case 'course-completion': {
      const q = parseInput(reportOps.courseCompletion.query, query);
      const input = await scoped(q);
      const report = await paged(
        'Course Completion',
        [
          ...COURSE_COLUMNS,
          col('not_started', 'Not started', 'number'),
          col('in_progress', 'In progress', 'number'),
          col('average_progress', 'Average progress', 'percent'),
        ],
        { label: 'course', value: 'completed' },
        (page) => courseCompletion(db, { ...input, from: q.from, to: q.to, page }),
        (r) => ({
          ...courseRow(r),
          not_started: r.not_started,
          in_progress: r.in_progress,
          average_progress: r.average_progress,
        }),
      );
      return { ...report, subtitle: rangeLine(q) };
    }
    case 'course-completion-trainer': {
      const q = parseInput(reportOps.courseCompletionTrainer.query, query);
      const input = await scoped(q);
      const report = await paged(
        'Course Completion by Trainer',
        [
          ...PERSON_COLUMNS,
          col('courses', 'Courses', 'number'),
          col('enrolled', 'Enrolled', 'number'),
          col('completed', 'Completed', 'number'),
          col('completion_rate', 'Completion rate', 'percent'),
        ],
        { label: 'name', value: 'completed' },
        (page) => trainerCompletion(db, { ...input, year: q.year, page }),
        (r) => ({
          ...person(r.trainer),
          courses: r.courses,
          enrolled: r.enrolled,
          completed: r.completed,
          completion_rate: r.completion_rate,
        }),
      );
      return { ...report, subtitle: q.year ? [`Year: ${q.year}`] : [] };
    }
    case 'user-status': {
      const q = parseInput(reportOps.userStatus.query, query);
      const s = await userStatus(db, await scoped(q));
      return figures('User Status', [
        ['Total', s.total],
        ['Active', s.active],
        ['Inactive', s.inactive],
        ['Awaiting approval', s.pending],
        ['Rejected', s.rejected],
      ]);
    }
    case 'top-user': {
      const q = parseInput(reportOps.topUser.query, query);
      const r = await topUsers(db, {
        ...(await scoped(q)),
        from: q.from,
        to: q.to,
        limit: q.limit,
      });
      return fixed(
        'Top Users',
        [
          ...PERSON_COLUMNS,
          col('time_spent_seconds', 'Time spent (seconds)', 'duration'),
          col('logins', 'Sign-ins', 'number'),
        ],
        r.results.map((x) => ({
          ...person(x.user),
          time_spent_seconds: x.time_spent_seconds,
          logins: x.logins,
        })),
        { label: 'name', value: 'time_spent_seconds' },
        rangeLine(q),
      );
    }
    case 'overall-course-statistics': {
      const q = parseInput(reportOps.courseStatistics.query, query);
      const s = await courseStatistics(db, await scoped(q));
      return figures('Course Statistics', [
        ['Courses', s.courses.total],
        ['Draft courses', s.courses.draft],
        ['Pending courses', s.courses.pending],
        ['Approved courses', s.courses.approved],
        ['Published courses', s.courses.published],
        ['Requested enrolments', s.enrolments.requested],
        ['Enrolled', s.enrolments.enrolled],
        ['Completed', s.enrolments.completed],
        ['Rejected enrolments', s.enrolments.rejected],
        ['Completion rate (%)', s.completion_rate],
        ['Average progress (%)', s.average_progress],
      ]);
    }
    case 'overall-category-statistics': {
      const q = parseInput(reportOps.categoryStatistics.query, query);
      const r = await categoryStatistics(db, {
        ...(await scoped(q)),
        year: q.year,
        limit: q.limit,
      });
      return fixed(
        'Category Statistics',
        [
          col('category', 'Category'),
          col('courses', 'Courses', 'number'),
          col('enrolled', 'Enrolled', 'number'),
          col('completed', 'Completed', 'number'),
          col('completion_rate', 'Completion rate', 'percent'),
        ],
        r.results.map((x) => ({
          category: x.category?.name ?? 'Uncategorised',
          courses: x.courses,
          enrolled: x.enrolled,
          completed: x.completed,
          completion_rate: x.completion_rate,
        })),
        { label: 'category', value: 'enrolled' },
        r.year ? [`Year: ${r.year}`] : [],
      );
    }
    case 'learners-at-risk': {
      const q = parseInput(reportOps.learnersAtRisk.query, query);
      const input = await scoped(q);
      const report = await paged(
        'Learners at Risk',
        [
          ...PERSON_COLUMNS,
          col('course', 'Course'),
          col('reasons', 'Reasons'),
          col('last_activity_at', 'Last activity', 'datetime'),
          col('due_at', 'Due', 'datetime'),
          col('progress_percent', 'Progress', 'percent'),
          col('days_overdue', 'Days overdue', 'number'),
          col('days_inactive', 'Days inactive', 'number'),
        ],
        null,
        (page) => learnersAtRisk(db, { ...input, inactiveDays: q.inactive_days, page }),
        (r) => ({
          ...person(r.learner),
          course: r.course.title,
          reasons: r.reasons.join(', '),
          last_activity_at: r.last_activity_at,
          due_at: r.due_at,
          progress_percent: r.progress_percent,
          days_overdue: r.days_overdue,
          days_inactive: r.days_inactive,
        }),
      );
      return { ...report, subtitle: [`Inactive for ${q.inactive_days} days or more`] };
    }
  }
}
