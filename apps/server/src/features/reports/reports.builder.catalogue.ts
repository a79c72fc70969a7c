import {
  REPORT_SOURCE_SECTION,
  ROLE_NAMES,
  type TBuilderColumn,
  type TBuilderSource,
  type TReportDataSource,
} from '@atrium/contract';
import { type SQL, sql } from 'drizzle-orm';
import type { ReportScope } from './reports.policy.ts';
import type { ReportInput } from './reports.scope.ts';

/**
 * The report builder's data sources (issue 22): each reports.source.<name>.ts describes its
 * columns as SQL expressions over its own FROM clause, and that clause with the caller's scope
 * already applied. Only these expressions ever reach SQL: a definition names columns by key and
 * the builder looks them up here (reports.builder.plan.ts), and every value is a parameter.
 */
export interface SourceColumn extends TBuilderColumn {
  /** The value, over the source's aliases. */
  expr: SQL;
}

export interface DataSource {
  key: TReportDataSource;
  title: string;
  /** The key of the column `from`/`to` apply to. */
  dateColumn: string;
  columns: SourceColumn[];
  /**
   * `from … where <scope>`: the rows the caller may see; the builder appends `and <filters>`.
   * The people filters (department, designation) and the scope are the input's.
   */
  from(input: ReportInput): SQL;
  /** A unique key of a row, the last sort key so that pages never overlap. */
  rowKey: SQL;
}

type Def = Omit<SourceColumn, 'groupable' | 'aggregatable'> &
  Partial<Pick<SourceColumn, 'groupable' | 'aggregatable'>>;

/** Column defaults by type: numbers aggregate, texts and dates group. */
export function column(def: Def): SourceColumn {
  const numeric = def.type === 'number' || def.type === 'percent' || def.type === 'duration';
  return {
    groupable: def.groupable ?? !numeric,
    aggregatable: def.aggregatable ?? numeric,
    ...def,
  };
}

/** An object (course, path, assessment, class) held to the scope: its organisation and author. */
export function ownedBy(scope: ReportScope, organisation: SQL, author: SQL): SQL {
  if (scope.kind === 'all') return sql`true`;
  if (scope.kind === 'author') {
    return sql`${organisation} = ${scope.organisationId} and ${author} = ${scope.userId}`;
  }
  return sql`${organisation} = ${scope.organisationId}`;
}

/** The person's name, as every report shows it. */
export const fullName = (alias: string) =>
  sql.raw(
    `coalesce(nullif(trim(${alias}.first_name || ' ' || ${alias}.last_name), ''), ${alias}.username)`,
  );

/**
 * The person columns every people-centred source offers, over `pu` (users), `pdep`
 * (departments) and `pdes` (designations), joined by personJoins.
 */
export const personColumns = (): SourceColumn[] => [
  column({ key: 'learner', label: 'Learner', type: 'text', expr: fullName('pu') }),
  column({
    key: 'email',
    label: 'E-mail',
    type: 'text',
    expr: sql.raw('pu.email'),
    groupable: false,
  }),
  column({ key: 'department', label: 'Department', type: 'text', expr: sql.raw('pdep.name') }),
  column({ key: 'designation', label: 'Designation', type: 'text', expr: sql.raw('pdes.name') }),
];

export const personJoins = (userId: string) =>
  sql.raw(`join users pu on pu.id = ${userId}
    left join user_profiles pprof on pprof.user_id = pu.id
    left join departments pdep on pdep.id = pprof.department_id
    left join designations pdes on pdes.id = pprof.designation_id`);

/** The role's name, from its id (spec §6). */
export const roleName = (roleId: string) =>
  sql.raw(
    `case ${roleId} ${Object.entries(ROLE_NAMES)
      .map(([id, name]) => `when ${Number(id)} then '${name.replace(/'/g, "''")}'`)
      .join(' ')} end`,
  );

/** The source as GET .../builder/sources/ lists it. */
export function describeSource(source: DataSource): TBuilderSource {
  return {
    key: source.key,
    title: source.title,
    section: REPORT_SOURCE_SECTION[source.key],
    date_column: source.dateColumn,
    columns: source.columns.map(({ key, label, type, groupable, aggregatable }) => ({
      key,
      label,
      type,
      groupable,
      aggregatable,
    })),
  };
}
