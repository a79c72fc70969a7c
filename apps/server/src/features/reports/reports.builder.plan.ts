import type {
  TReportColumn,
  TReportColumnType,
  TReportDefinition,
  TReportFilter,
  TReportFilterOp,
} from '@atrium/contract';
import { type SQL, sql } from 'drizzle-orm';
import { fieldError } from '../../core/errors/app-error.ts';
import type { DataSource, SourceColumn } from './reports.builder.catalogue.ts';
import { type ReportInput, within } from './reports.scope.ts';

/**
 * Turns a report definition into SQL, from the source's catalogue only: a definition names
 * columns by key, which are looked up here (an unknown key is a 400 naming the field, never SQL),
 * and every value it carries is a bound parameter. The scope is the source's `from(input)`; the
 * plan only appends filters, grouping and order.
 */
export interface ReportPlan {
  columns: TReportColumn[];
  /** `select … from … where … [group by]` without order or limit. */
  body: SQL;
  /** The order: the sort asked for, then the row key, so that pages never overlap or skip. */
  orderBy: SQL;
  /** The output columns' aliases (`c0`, `c1` …) in `columns` order. */
  aliases: string[];
  /** The PDF's chart: the group column and the first aggregate when grouped. */
  chart: { label: string; value: string } | null;
}

const NUMERIC: readonly TReportColumnType[] = ['number', 'percent', 'duration'];
const DATES: readonly TReportColumnType[] = ['date', 'datetime'];

/** Which comparisons each column type supports (the web offers the same). */
export const OPS_BY_TYPE: Record<TReportColumnType, readonly TReportFilterOp[]> = {
  text: ['eq', 'neq', 'contains', 'in', 'is_empty', 'not_empty'],
  number: ['eq', 'neq', 'gt', 'gte', 'lt', 'lte', 'in', 'is_empty', 'not_empty'],
  percent: ['eq', 'neq', 'gt', 'gte', 'lt', 'lte', 'is_empty', 'not_empty'],
  duration: ['eq', 'neq', 'gt', 'gte', 'lt', 'lte', 'is_empty', 'not_empty'],
  date: ['eq', 'neq', 'gt', 'gte', 'lt', 'lte', 'is_empty', 'not_empty'],
  datetime: ['eq', 'neq', 'gt', 'gte', 'lt', 'lte', 'is_empty', 'not_empty'],
  boolean: ['eq', 'neq', 'is_empty', 'not_empty'],
};

const FN_LABEL = { count: 'Count', sum: 'Total', avg: 'Average', min: 'Minimum', max: 'Maximum' };

function lookUp(source: DataSource, key: string, field: string): SourceColumn {
  const found = source.columns.find((c) => c.key === key);
  if (!found) throw fieldError(field, `“${key}” is not a column of ${source.title}.`);
  return found;
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const COMPARE: Partial<Record<TReportFilterOp, SQL>> = {
  eq: sql`=`,
  neq: sql`<>`,
  gt: sql`>`,
  gte: sql`>=`,
  lt: sql`<`,
  lte: sql`<=`,
};

/** One value as a typed parameter, or a 400 on the filter's `value`. */
function param(col: SourceColumn, value: unknown, field: string): SQL {
  if (NUMERIC.includes(col.type)) {
    const n = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
    if (typeof n !== 'number' || !Number.isFinite(n)) throw fieldError(field, 'Enter a number.');
    return sql`${n}::numeric`;
  }
  if (DATES.includes(col.type)) {
    if (typeof value !== 'string' || !DAY.test(value) || Number.isNaN(Date.parse(value))) {
      throw fieldError(field, 'Enter a date as YYYY-MM-DD.');
    }
    return sql`${value}::date`;
  }
  if (col.type === 'boolean') {
    if (typeof value !== 'boolean') throw fieldError(field, 'Choose yes or no.');
    return sql`${value}::boolean`;
  }
  if (typeof value !== 'string' && typeof value !== 'number') {
    throw fieldError(field, 'Enter a text.');
  }
  return sql`${String(value)}::text`;
}

/** A filter as a condition over the source's aliases. */
function condition(col: SourceColumn, f: TReportFilter, field: string): SQL {
  if (!OPS_BY_TYPE[col.type].includes(f.op)) {
    throw fieldError(`${field}.op`, `“${f.op}” does not apply to ${col.label}.`);
  }
  // Dates compare by day: "on 2025-03-01" means the whole day.
  const expr = DATES.includes(col.type) ? sql`(${col.expr})::date` : sql`(${col.expr})`;
  switch (f.op) {
    case 'is_empty':
      return col.type === 'text' ? sql`coalesce(${expr}, '') = ''` : sql`${expr} is null`;
    case 'not_empty':
      return col.type === 'text' ? sql`coalesce(${expr}, '') <> ''` : sql`${expr} is not null`;
    case 'contains': {
      if (typeof f.value !== 'string') throw fieldError(`${field}.value`, 'Enter a text.');
      const escaped = f.value.replace(/[\\%_]/g, (c) => `\\${c}`);
      return sql`${expr} ilike ${`%${escaped}%`}`;
    }
    case 'in': {
      if (!Array.isArray(f.value) || f.value.length === 0) {
        throw fieldError(`${field}.value`, 'Enter at least one value.');
      }
      const values = f.value.map((v, i) => param(col, v, `${field}.value.${i}`));
      return sql`${expr} in (${sql.join(values, sql`, `)})`;
    }
    default: {
      if (f.value === undefined || Array.isArray(f.value)) {
        throw fieldError(`${field}.value`, 'Enter a value.');
      }
      const compared = sql`${expr} ${COMPARE[f.op]} ${param(col, f.value, `${field}.value`)}`;
      // "not equal" keeps the empty ones, as a person reading the filter expects.
      return f.op === 'neq' ? sql`(${compared} or ${expr} is null)` : compared;
    }
  }
}

/** Numbers and dates as the web and exports want them (no bigint strings, no Date objects). */
export function cellOf(type: TReportColumnType, value: unknown): string | number | boolean | null {
  if (value === null || value === undefined) return null;
  if (NUMERIC.includes(type)) return typeof value === 'number' ? value : Number(value);
  if (value instanceof Date) {
    return type === 'date' ? value.toISOString().slice(0, 10) : value.toISOString();
  }
  if (type === 'date' && typeof value === 'string') return value.slice(0, 10);
  if (typeof value === 'boolean' || typeof value === 'number') return value;
  return String(value);
}

/**
 * A column as selected: a day as 'YYYY-MM-DD' text, read in the database, so that the driver
 * never turns it into a local-midnight Date that a server's time zone shifts by a day.
 */
const output = (type: TReportColumnType, expr: SQL): SQL =>
  type === 'date' ? sql`to_char((${expr})::date, 'YYYY-MM-DD')` : expr;

const orderOf = (expr: SQL, direction: 'asc' | 'desc') =>
  direction === 'asc' ? sql`${expr} asc nulls last` : sql`${expr} desc nulls last`;

/** Builds the plan; every key is checked first, so a bad definition never reaches SQL. */
export function planReport(
  source: DataSource,
  definition: TReportDefinition,
  input: ReportInput,
): ReportPlan {
  const columns = definition.columns.map((key, i) => lookUp(source, key, `columns.${i}`));
  const where: SQL[] = definition.filters.map((f, i) =>
    condition(lookUp(source, f.column, `filters.${i}.column`), f, `filters.${i}`),
  );
  if (definition.from || definition.to) {
    where.push(
      within(lookUp(source, source.dateColumn, 'from').expr, definition.from, definition.to),
    );
  }
  const from = sql`${source.from(input)}${where.length ? sql` and ${sql.join(where, sql` and `)}` : sql``}`;

  if (definition.group_by === null) {
    if (definition.aggregates.length > 0) {
      throw fieldError('group_by', 'Choose a column to group by to add totals.');
    }
    const aliases = columns.map((_, i) => `c${i}`);
    const select = sql.join(
      columns.map(
        (c, i) => sql`${output(c.type, c.expr)} as ${sql.identifier(aliases[i] as string)}`,
      ),
      sql`, `,
    );
    const sorts = definition.sort.map((s, i) =>
      orderOf(lookUp(source, s.column, `sort.${i}.column`).expr, s.direction),
    );
    return {
      columns: columns.map(({ key, label, type }) => ({ key, label, type })),
      body: sql`select ${select} ${from}`,
      orderBy: sql.join([...sorts, sql`${source.rowKey} asc`], sql`, `),
      aliases,
      chart: null,
    };
  }

  const group = lookUp(source, definition.group_by, 'group_by');
  if (!group.groupable) throw fieldError('group_by', `${group.label} cannot be grouped.`);
  const groupExpr = group.type === 'date' ? sql`(${group.expr})::date` : group.expr;
  const out: { column: TReportColumn; expr: SQL }[] = [
    { column: { key: group.key, label: group.label, type: group.type }, expr: groupExpr },
    { column: { key: 'count', label: 'Count', type: 'number' }, expr: sql`count(*)::int` },
  ];
  definition.aggregates.forEach((a, i) => {
    const col = lookUp(source, a.column, `aggregates.${i}.column`);
    const key = `${a.fn}_${col.key}`;
    if (out.some((o) => o.column.key === key)) {
      throw fieldError(`aggregates.${i}`, 'This total is already in the report.');
    }
    const label = `${FN_LABEL[a.fn]} of ${col.label.toLowerCase()}`;
    const onDates = (a.fn === 'min' || a.fn === 'max') && DATES.includes(col.type);
    if (a.fn === 'count') {
      out.push({ column: { key, label, type: 'number' }, expr: sql`count(${col.expr})::int` });
    } else if (onDates) {
      out.push({
        column: { key, label, type: col.type },
        expr: sql`${sql.raw(a.fn)}(${col.expr})`,
      });
    } else if (!col.aggregatable) {
      throw fieldError(`aggregates.${i}.column`, `${col.label} cannot be totalled or averaged.`);
    } else {
      // Averages keep two decimals; sums and extremes are exact.
      const value =
        a.fn === 'avg'
          ? sql`round(avg(${col.expr})::numeric, 2)::float8`
          : sql`${sql.raw(a.fn)}(${col.expr})::float8`;
      out.push({ column: { key, label, type: col.type }, expr: value });
    }
  });
  const aliases = out.map((_, i) => `c${i}`);
  const select = sql.join(
    out.map(
      (o, i) => sql`${output(o.column.type, o.expr)} as ${sql.identifier(aliases[i] as string)}`,
    ),
    sql`, `,
  );
  const sorts = definition.sort.map((s, i) => {
    const at = out.findIndex((o) => o.column.key === s.column);
    if (at < 0) {
      throw fieldError(`sort.${i}.column`, 'Sort by the grouped column, the count or a total.');
    }
    return orderOf(sql`${sql.identifier(aliases[at] as string)}`, s.direction);
  });
  const first = out[2];
  return {
    columns: out.map((o) => o.column),
    body: sql`select ${select} ${from} group by 1`,
    // A group is unique by its value: the last order key.
    orderBy: sql.join([...sorts, sql`1 asc nulls last`], sql`, `),
    aliases,
    chart: first
      ? { label: group.key, value: first.column.key }
      : { label: group.key, value: 'count' },
  };
}
