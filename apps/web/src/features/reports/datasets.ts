import type {
  TCategoryStatistics,
  TMonthlyChart,
  TTopCourses,
  TTopLearners,
  TUserStatus,
} from '@atrium/contract';
import { formatDuration } from '../../shared/format/duration.ts';

/*
 * A widget's figures in one shape that both its chart and its table are drawn from, so the
 * accessible table can never say something the picture does not (and the tests check one).
 */

export type Format = (value: number | null) => string;

export interface DatasetSeries {
  key: string;
  label: string;
  format: Format;
  /** Only in the table (a rate beside the counts it is computed from). */
  tableOnly?: boolean;
}

export interface DatasetRow {
  key: string;
  /** The row's full name (table row header, chart tooltip). */
  label: string;
  /** A short name for a chart's axis (a month's abbreviation). */
  short?: string;
  values: (number | null)[];
  /** A colour with a meaning (a status), from the theme's palette; otherwise the series order. */
  tone?: 'success' | 'warning' | 'error' | 'grey';
}

export interface Dataset {
  /** What the numbers are: the table's caption. */
  caption: string;
  /** The name of the rows' header column. */
  rowHeader: string;
  series: DatasetSeries[];
  rows: DatasetRow[];
}

export const formatCount: Format = (n) => (n === null ? '–' : n.toLocaleString());
export const formatRate: Format = (n) => (n === null ? '–' : `${n.toLocaleString()} %`);
export const formatSeconds: Format = (n) => (n === null ? '–' : formatDuration(n));

/** 'YYYY-MM' as a month name: long for the table, short for an axis. */
export function monthName(month: string, style: 'short' | 'long' = 'long'): string {
  const [y, m] = month.split('-').map(Number);
  return new Date(Date.UTC(y ?? 2000, (m ?? 1) - 1, 1)).toLocaleDateString(undefined, {
    month: style,
    ...(style === 'long' ? { year: 'numeric' } : {}),
    timeZone: 'UTC',
  });
}

/** A month chart: one row per month, one column per series of the response. */
export function monthlyDataset(
  chart: TMonthlyChart,
  caption: string,
  format: Format = formatCount,
): Dataset {
  return {
    caption: `${caption}, ${chart.year}`,
    rowHeader: 'Month',
    series: chart.series.map((s) => ({ key: s.key, label: s.label, format })),
    rows: chart.labels.map((month, i) => ({
      key: month,
      label: monthName(month),
      short: monthName(month, 'short'),
      values: chart.series.map((s) => s.data[i] ?? 0),
    })),
  };
}

const enrolledCompleted = (rate: boolean): DatasetSeries[] => [
  { key: 'enrolled', label: 'Enrolled', format: formatCount },
  { key: 'completed', label: 'Completed', format: formatCount },
  ...(rate ? [{ key: 'rate', label: 'Completion rate', format: formatRate, tableOnly: true }] : []),
];

export const topCoursesDataset = (data: TTopCourses): Dataset => ({
  caption: 'Top courses by enrolments',
  rowHeader: 'Course',
  series: enrolledCompleted(true),
  rows: data.results.map((r) => ({
    key: String(r.course.id),
    label: r.course.title,
    values: [r.enrolled, r.completed, r.completion_rate],
  })),
});

export const UNCATEGORISED = 'No category';

export const categoriesDataset = (data: TCategoryStatistics): Dataset => ({
  caption: `Top categories by enrolments${data.year === null ? '' : `, ${data.year}`}`,
  rowHeader: 'Category',
  series: [
    { key: 'courses', label: 'Courses', format: formatCount, tableOnly: true },
    ...enrolledCompleted(true),
  ],
  rows: data.results.map((r) => ({
    key: String(r.category?.id ?? 'none'),
    label: r.category?.name ?? UNCATEGORISED,
    values: [r.courses, r.enrolled, r.completed, r.completion_rate],
  })),
});

export const learnersDataset = (data: TTopLearners): Dataset => ({
  caption:
    data.role_name === 'trainer'
      ? 'Top trainers by completions in their courses'
      : 'Top learners by courses completed',
  rowHeader: data.role_name === 'trainer' ? 'Trainer' : 'Learner',
  series: enrolledCompleted(false),
  rows: data.results.map((r) => ({
    key: String(r.user.id),
    label: r.user.fullname,
    values: [r.enrolled, r.completed],
  })),
});

export const USER_STATUSES = [
  ['active', 'Active', 'success'],
  ['inactive', 'Inactive', 'grey'],
  ['pending', 'Awaiting approval', 'warning'],
  ['rejected', 'Rejected', 'error'],
] as const;

export const userStatusDataset = (data: TUserStatus): Dataset => ({
  caption: `Accounts by status (${data.total.toLocaleString()} in all)`,
  rowHeader: 'Status',
  series: [{ key: 'accounts', label: 'Accounts', format: formatCount }],
  rows: USER_STATUSES.map(([key, label, tone]) => ({ key, label, tone, values: [data[key]] })),
});

/** Whether a dataset has nothing worth drawing: no rows, or only zeros in its charted series. */
export const isBlank = (d: Dataset) =>
  d.rows.length === 0 ||
  d.rows.every((r) => r.values.every((v, i) => !v || d.series[i]?.tableOnly));
