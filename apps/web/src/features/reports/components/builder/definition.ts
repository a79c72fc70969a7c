import type {
  TBuilderColumn,
  TBuilderSource,
  TReportAggregate,
  TReportColumnType,
  TReportDataSource,
  TReportFilter,
  TReportFilterOp,
} from '@atrium/contract';

/**
 * The builder's state and the pure rules of its form: what each column type may be compared
 * with (the server's reports.builder.plan.ts checks the same), how a filter's text becomes its
 * value, and how a cell reads.
 */
export interface Draft {
  source: TReportDataSource;
  columns: string[];
  filters: TReportFilter[];
  group_by: string | null;
  aggregates: { column: string; fn: TReportAggregate }[];
  sort: { column: string; direction: 'asc' | 'desc' }[];
  from?: string;
  to?: string;
  department?: number;
  designation?: number;
  organisation?: number;
}

export const OPS_BY_TYPE: Record<TReportColumnType, readonly TReportFilterOp[]> = {
  text: ['eq', 'neq', 'contains', 'in', 'is_empty', 'not_empty'],
  number: ['eq', 'neq', 'gt', 'gte', 'lt', 'lte', 'in', 'is_empty', 'not_empty'],
  percent: ['eq', 'neq', 'gt', 'gte', 'lt', 'lte', 'is_empty', 'not_empty'],
  duration: ['eq', 'neq', 'gt', 'gte', 'lt', 'lte', 'is_empty', 'not_empty'],
  date: ['eq', 'neq', 'gt', 'gte', 'lt', 'lte', 'is_empty', 'not_empty'],
  datetime: ['eq', 'neq', 'gt', 'gte', 'lt', 'lte', 'is_empty', 'not_empty'],
  boolean: ['eq', 'neq', 'is_empty', 'not_empty'],
};

export const OP_LABELS: Record<TReportFilterOp, string> = {
  eq: 'is',
  neq: 'is not',
  contains: 'contains',
  gt: 'more than',
  gte: 'at least',
  lt: 'less than',
  lte: 'at most',
  in: 'is one of',
  is_empty: 'is empty',
  not_empty: 'is not empty',
};

export const AGGREGATE_LABELS: Record<TReportAggregate, string> = {
  count: 'Count',
  sum: 'Total',
  avg: 'Average',
  min: 'Minimum',
  max: 'Maximum',
};

export const needsValue = (op: TReportFilterOp) => op !== 'is_empty' && op !== 'not_empty';

const NUMERIC: readonly TReportColumnType[] = ['number', 'percent', 'duration'];

/** A new draft on a source: its first few columns, nothing else. */
export function draftFor(source: TBuilderSource): Draft {
  return {
    source: source.key,
    columns: source.columns.slice(0, 4).map((c) => c.key),
    filters: [],
    group_by: null,
    aggregates: [],
    sort: [],
  };
}

/**
 * A filter's value from what was typed: numbers for numeric columns, yes/no for booleans, a
 * comma-separated list for "is one of"; `undefined` when nothing usable was typed yet.
 */
export function filterValue(
  column: TBuilderColumn,
  op: TReportFilterOp,
  text: string,
): TReportFilter['value'] {
  if (!needsValue(op)) return undefined;
  const numeric = NUMERIC.includes(column.type);
  if (op === 'in') {
    const parts = text
      .split(',')
      .map((p) => p.trim())
      .filter(Boolean);
    if (parts.length === 0) return undefined;
    return numeric ? parts.map(Number).filter((n) => Number.isFinite(n)) : parts;
  }
  if (column.type === 'boolean')
    return text === 'true' ? true : text === 'false' ? false : undefined;
  if (text.trim() === '') return undefined;
  if (numeric) {
    const n = Number(text);
    return Number.isFinite(n) ? n : undefined;
  }
  return text;
}

/** The text a filter's value shows in its field. */
export function valueText(value: TReportFilter['value']): string {
  if (value === undefined) return '';
  if (Array.isArray(value)) return value.join(', ');
  return String(value);
}

/**
 * The draft as the server takes it: filters still missing a value are left out (the preview
 * should not fail while someone is typing), and totals only with a grouping.
 */
export function toDefinition(draft: Draft): Draft {
  return {
    ...draft,
    filters: draft.filters.filter((f) => !needsValue(f.op) || f.value !== undefined),
    aggregates: draft.group_by ? draft.aggregates : [],
  };
}

/** A cell as the preview shows it. */
export function cellText(type: TReportColumnType, value: unknown): string {
  if (value === null || value === undefined || value === '') return '—';
  if (type === 'boolean') return value ? 'Yes' : 'No';
  if (type === 'percent' && typeof value === 'number') return `${value}%`;
  if (type === 'date' && typeof value === 'string')
    return new Date(`${value.slice(0, 10)}T00:00:00`).toLocaleDateString();
  if (type === 'datetime' && typeof value === 'string') return new Date(value).toLocaleString();
  if (type === 'duration' && typeof value === 'number') {
    const minutes = Math.round(value / 60);
    return minutes >= 60 ? `${Math.floor(minutes / 60)} h ${minutes % 60} min` : `${minutes} min`;
  }
  if (typeof value === 'number') return value.toLocaleString();
  return String(value);
}
