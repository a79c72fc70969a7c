import type { TMonthlyChart, TPageQuery, TReportColumn } from '@atrium/contract';
import { sql } from 'drizzle-orm';
import type { AppContext } from '../../core/context.ts';
import { queryRows } from '../../core/db/database.ts';
import type { TabularReport } from './reports.tabular.ts';

/** How the §6 widgets' results become tables (reports.widget-tables.ts). */

/** Paged widgets are read in pages of this size while a file is written. */
const EXPORT_PAGE = 500;

export const col = (key: string, label: string, type: TReportColumn['type'] = 'text') => ({
  key,
  label,
  type,
});
export const PERSON_COLUMNS = [col('name', 'Name'), col('email', 'Email')];
export const person = (p: { fullname: string; email: string }) => ({
  name: p.fullname,
  email: p.email,
});

/** A report of rows already in hand (the widgets that are one small query). */
export function fixed(
  title: string,
  columns: TReportColumn[],
  rows: Record<string, unknown>[],
  chart: TabularReport['chart'],
  subtitle: string[] = [],
): TabularReport {
  return {
    title,
    subtitle,
    columns,
    count: rows.length,
    chart,
    async *rows() {
      yield* rows;
    },
  };
}

/** A paged widget: its first page tells the count; rows() reads every page in turn. */
export async function paged<R>(
  title: string,
  columns: TReportColumn[],
  chart: TabularReport['chart'],
  read: (page: TPageQuery) => Promise<{ count: number; rows: R[] }>,
  toRow: (r: R) => Record<string, unknown>,
): Promise<TabularReport> {
  const first = await read({ page: 1, page_size: EXPORT_PAGE });
  return {
    title,
    subtitle: [],
    columns,
    count: first.count,
    chart,
    async *rows() {
      let page = first;
      for (let n = 1; ; n++) {
        if (n > 1) page = await read({ page: n, page_size: EXPORT_PAGE });
        for (const r of page.rows) yield toRow(r);
        if (page.rows.length < EXPORT_PAGE) return;
      }
    },
  };
}

/** A month chart as twelve rows: the month, then one column per series. */
export function monthly(title: string, chart: TMonthlyChart): TabularReport {
  const columns = [
    col('month', 'Month'),
    ...chart.series.map((s) => col(s.key, s.label, s.key.includes('time') ? 'duration' : 'number')),
  ];
  const rows = chart.labels.map((month, i) => {
    const row: Record<string, unknown> = { month };
    for (const s of chart.series) row[s.key] = s.data[i] ?? 0;
    return row;
  });
  const first = chart.series[0];
  return fixed(title, columns, rows, first ? { label: 'month', value: first.key } : null, [
    `Year: ${chart.year}`,
  ]);
}

/** Figures of one object as (figure, value) rows. */
export function figures(title: string, entries: [string, number | null][]): TabularReport {
  return fixed(
    title,
    [col('figure', 'Figure'), col('value', 'Value', 'number')],
    entries.map(([figure, value]) => ({ figure, value })),
    { label: 'figure', value: 'value' },
  );
}

export const rangeLine = (q: { from?: string; to?: string }) =>
  q.from || q.to ? [`Period: ${q.from ?? '…'} to ${q.to ?? '…'}`] : [];

export const COURSE_COLUMNS = [
  col('course', 'Course'),
  col('enrolled', 'Enrolled', 'number'),
  col('completed', 'Completed', 'number'),
  col('completion_rate', 'Completion rate', 'percent'),
];
export const courseRow = (r: {
  course: { title: string };
  enrolled: number;
  completed: number;
  completion_rate: number | null;
}) => ({
  course: r.course.title,
  enrolled: r.enrolled,
  completed: r.completed,
  completion_rate: r.completion_rate,
});

/** The scope filters by name, for the file's header lines ("Department: Operations"). */
export async function scopeLines(
  ctx: AppContext,
  query: Record<string, unknown>,
): Promise<string[]> {
  const id = (v: unknown) => (v === undefined || v === '' ? null : Number(v));
  const organisation = id(query.organisation);
  const department = id(query.department);
  const designation = id(query.designation);
  if (organisation === null && department === null && designation === null) return [];
  // resolveReport has checked these ids against the caller's scope already.
  const [names] = await queryRows<{ o: string | null; d: string | null; g: string | null }>(
    ctx.db,
    sql`select (select title from organisations where id = ${organisation}::int) as o,
      (select name from departments where id = ${department}::int) as d,
      (select name from designations where id = ${designation}::int) as g`,
  );
  const lines: string[] = [];
  if (names?.o) lines.push(`Organisation: ${names.o}`);
  if (names?.d) lines.push(`Department: ${names.d}`);
  if (names?.g) lines.push(`Designation: ${names.g}`);
  return lines;
}
