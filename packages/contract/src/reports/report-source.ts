import { z } from 'zod';
import { zId } from '../core/ids.ts';

/**
 * What a report is, wherever it is shown, exported or mailed (issue 22): one of the §6 widgets
 * with its filters, a saved custom report, or a custom report's definition not saved yet. The
 * server opens any of them as one table (columns and rows) for the caller's own visibility, so
 * the screen, the CSV, the XLSX, the PDF and the scheduled e-mail always hold the same figures.
 */

/**
 * The report sections of spec §6 a user may put in a custom report, switched on per user like
 * the menu (staff get them all by default; an admin may switch one off for someone).
 */
export const REPORT_SECTIONS = [
  'profile_details',
  'to_do',
  'assessment',
  'learning_path',
  'courses',
] as const;
export type TReportSection = (typeof REPORT_SECTIONS)[number];
export const REPORT_SECTION_TITLES: Record<TReportSection, string> = {
  profile_details: 'Profile Details',
  to_do: 'To Do List',
  assessment: 'Assessment',
  learning_path: 'Learning Path',
  courses: 'Courses',
};

/** The data a custom report reads from, each in one §6 section. */
export const REPORT_DATA_SOURCES = [
  'users',
  'course_progress',
  'learning_paths',
  'assessments',
  'classroom_attendance',
  'cpd',
  'to_do',
] as const;
export type TReportDataSource = (typeof REPORT_DATA_SOURCES)[number];
export const REPORT_SOURCE_SECTION: Record<TReportDataSource, TReportSection> = {
  users: 'profile_details',
  cpd: 'profile_details',
  course_progress: 'courses',
  classroom_attendance: 'courses',
  learning_paths: 'learning_path',
  assessments: 'assessment',
  to_do: 'to_do',
};

/** How a column's values read and sort: the web formats them, the PDF and XLSX type them. */
export const REPORT_COLUMN_TYPES = [
  'text',
  'number',
  'percent',
  'date',
  'datetime',
  'duration',
  'boolean',
] as const;
export type TReportColumnType = (typeof REPORT_COLUMN_TYPES)[number];

export const REPORT_FILTER_OPS = [
  'eq',
  'neq',
  'contains',
  'gt',
  'gte',
  'lt',
  'lte',
  'in',
  'is_empty',
  'not_empty',
] as const;
export type TReportFilterOp = (typeof REPORT_FILTER_OPS)[number];

export const REPORT_AGGREGATES = ['count', 'sum', 'avg', 'min', 'max'] as const;
export type TReportAggregate = (typeof REPORT_AGGREGATES)[number];

const zColumnKey = z
  .string('Choose a column.')
  .regex(/^[a-z][a-z0-9_]{0,59}$/, 'Choose a column from the list.');
const zFilterValue = z.union([
  z.string().max(200, 'At most 200 characters.'),
  z.number(),
  z.boolean(),
  z.array(z.union([z.string().max(200), z.number()])).max(100, 'At most 100 values.'),
]);

export const ZReportFilter = z.strictObject({
  column: zColumnKey,
  op: z.enum(REPORT_FILTER_OPS, 'Choose how to compare.'),
  /** Absent for is_empty and not_empty; a list for `in`. */
  value: zFilterValue.optional(),
});
export type TReportFilter = z.infer<typeof ZReportFilter>;

const DAY_MESSAGE = 'Enter a date as YYYY-MM-DD.';
const zDay = z.string(DAY_MESSAGE).regex(/^\d{4}-\d{2}-\d{2}$/, DAY_MESSAGE);

/**
 * A custom report (the report builder): a data source, the columns to show, filters, an optional
 * grouping with aggregates, and a sort. The scope fields narrow it as /reports' filters do
 * (`organisation` is a superadmin's choice; `from`/`to` apply to the source's main date). Column
 * keys are the source's own (GET .../builder/sources/ lists them); when `group_by` is set a row
 * is a group: the grouped column, `count`, then one `<fn>_<column>` per aggregate.
 */
export const ZReportDefinition = z.strictObject({
  source: z.enum(REPORT_DATA_SOURCES, 'Choose a data source.'),
  columns: z.array(zColumnKey).min(1, 'Choose at least one column.').max(30, 'At most 30 columns.'),
  filters: z.array(ZReportFilter).max(20, 'At most 20 filters.').default([]),
  group_by: zColumnKey.nullable().default(null),
  aggregates: z
    .array(
      z.strictObject({
        column: zColumnKey,
        fn: z.enum(REPORT_AGGREGATES, 'Choose count, sum, average, minimum or maximum.'),
      }),
    )
    .max(10, 'At most 10 aggregates.')
    .default([]),
  sort: z
    .array(z.strictObject({ column: zColumnKey, direction: z.enum(['asc', 'desc']) }))
    .max(3, 'Sort by at most 3 columns.')
    .default([]),
  organisation: zId.optional(),
  department: zId.optional(),
  designation: zId.optional(),
  from: zDay.optional(),
  to: zDay.optional(),
});
export type TReportDefinition = z.infer<typeof ZReportDefinition>;
export type TReportDefinitionInput = z.input<typeof ZReportDefinition>;

/** The §6 widgets (spec §7 /api/report/... reads), each exportable with its filters. */
export const REPORT_WIDGETS = [
  'top-learner',
  'user-statistic-report',
  'top-course',
  'user-time-spentmonthly-chart',
  'number-of-completion-chart',
  'number-of-login-user-chart',
  'course-completion',
  'course-completion-trainer',
  'user-status',
  'top-user',
  'overall-course-statistics',
  'overall-category-statistics',
  'learners-at-risk',
] as const;
export type TReportWidget = (typeof REPORT_WIDGETS)[number];

export const ZReportSource = z.discriminatedUnion(
  'kind',
  [
    z.strictObject({
      kind: z.literal('widget'),
      widget: z.enum(REPORT_WIDGETS, 'Choose a report.'),
      /** The widget's own query (its §7 endpoint's parameters), checked by its schema. */
      query: z.record(z.string().max(40), z.union([z.string().max(100), z.number()])).default({}),
    }),
    z.strictObject({ kind: z.literal('saved'), id: zId }),
    z.strictObject({ kind: z.literal('definition'), definition: ZReportDefinition }),
  ],
  'Choose a report: a widget, a saved report or a definition.',
);
export type TReportSource = z.infer<typeof ZReportSource>;
export type TReportSourceInput = z.input<typeof ZReportSource>;

export const REPORT_FORMATS = ['csv', 'xlsx', 'pdf'] as const;
export type TReportFormat = (typeof REPORT_FORMATS)[number];
export const ZReportFormat = z.enum(REPORT_FORMATS, 'Choose CSV, XLSX or PDF.');

/** A column of an opened report, as the web and the exports show it. */
export const ZReportColumn = z.object({
  key: z.string(),
  label: z.string(),
  type: z.enum(REPORT_COLUMN_TYPES),
});
export type TReportColumn = z.infer<typeof ZReportColumn>;
