import type { TReportColumn } from '@atrium/contract';

/**
 * A report opened for one caller, as a table: what the screen pages through and what every
 * export (CSV, XLSX, PDF) and scheduled e-mail renders, so that they all hold the same figures.
 * Rows are read lazily (`rows()` may be called once per rendering) so that a large report
 * streams instead of sitting in memory.
 */
export interface TabularReport {
  title: string;
  /** What narrowed it, for the export's header lines (e.g. "Department: Operations"). */
  subtitle: string[];
  columns: TReportColumn[];
  /** How many rows `rows()` yields: drives progress and the inline-or-job choice of exports. */
  count: number;
  rows(): AsyncIterable<Record<string, unknown>>;
  /** The chart the PDF draws: a label column and a numeric column of the same rows. */
  chart: { label: string; value: string } | null;
}
