import { ROLE, type TReportUserType, type TRoleId } from '@atrium/contract';
import { type SQL, sql } from 'drizzle-orm';
import type { AuthContext } from '../../core/auth/access.ts';
import { type DbOrTx, queryRows } from '../../core/db/database.ts';
import { forbidden, notFound } from '../../core/errors/app-error.ts';
import { mayFilterByStructure, type ReportScope, reportScopeOf } from './reports.policy.ts';

/**
 * The scope of reports.policy.ts as SQL, shared by every report query (reports.<name>.ts), so
 * that each query applies the same rule. The fragments use fixed aliases: `c` courses,
 * `e` course_enrolments; people sets are semi-joins (`x in (select ...)`), which PostgreSQL runs
 * as one hash or index join, never a subquery per row.
 */

/** What a report narrows its learners by, beside the scope. */
export interface PeopleFilters {
  department?: number;
  designation?: number;
  userType?: TReportUserType;
}

/** A report's scope and filters, checked: what each reports.<name>.ts query receives. */
export interface ReportInput extends PeopleFilters {
  scope: ReportScope;
}

const USER_TYPE_ROLE: Record<Exclude<TReportUserType, 'all'>, TRoleId> = {
  learner: ROLE.LEARNER,
  trainer: ROLE.TRAINER,
  admin: ROLE.ADMIN,
};

/**
 * Runs a report's statement without parallel workers. A short aggregate (tens of ms) spends more
 * starting and gathering workers than it saves, and with several reports running at once on a
 * small machine the workers compete with the other requests: measured on the bench's trainer
 * completion, 60 ms alone with workers, 17 ms without, and a p97.5 of 519 ms under 10
 * connections with them. `set local` ends with the transaction.
 */
export function serially<T>(db: DbOrTx, run: (tx: DbOrTx) => Promise<T>): Promise<T> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`set local max_parallel_workers_per_gather = 0`);
    return run(tx);
  });
}

/** Enrolments in which a learner takes part (the catalogue's ACTIVE_STATUSES). */
export const TAKING_PART = sql`('enrolled', 'completed')`;

/**
 * Resolves the caller's scope and checks the organisation, department and designation they
 * named, in one look-up: 403 for an organisation they may not report on, 404 for one that does
 * not exist or for a department or designation outside the scope (it does not exist for them).
 */
export async function resolveReport(
  db: DbOrTx,
  auth: AuthContext,
  query: {
    organisation?: number;
    department?: number;
    designation?: number;
    user_type?: TReportUserType;
  },
  options: { ownFigures?: boolean } = {},
): Promise<ReportInput> {
  const scope = reportScopeOf(auth, query.organisation, options);
  if (!scope) throw forbidden('You may not see reports of this organisation.');
  const { organisation, department, designation } = query;
  if (organisation !== undefined || department !== undefined || designation !== undefined) {
    const [found] = await queryRows<{
      organisation: number | null;
      department_org: number | null;
      designation_org: number | null;
      designation_department: number | null;
    }>(
      db,
      sql`select
        (select id from organisations where id = ${organisation ?? null}::int) as organisation,
        (select organisation_id from departments where id = ${department ?? null}::int) as department_org,
        (select d.organisation_id from designations g join departments d on d.id = g.department_id
          where g.id = ${designation ?? null}::int) as designation_org,
        (select department_id from designations where id = ${designation ?? null}::int) as designation_department`,
    );
    if (organisation !== undefined && found?.organisation == null) {
      throw notFound('Organisation not found.');
    }
    if (
      department !== undefined &&
      (found?.department_org == null || !mayFilterByStructure(scope, found.department_org))
    ) {
      throw notFound('Department not found.');
    }
    if (
      designation !== undefined &&
      (found?.designation_org == null ||
        !mayFilterByStructure(scope, found.designation_org) ||
        (department !== undefined && found.designation_department !== department))
    ) {
      throw notFound('Designation not found.');
    }
  }
  return { scope, department, designation, userType: query.user_type };
}

/** The scope's courses, on alias `c`. */
export function courseScope(scope: ReportScope): SQL {
  if (scope.kind === 'all') return sql`true`;
  // `self`: the organisation's courses; membersOf keeps only the learner's own enrolments.
  if (scope.kind === 'organisation' || scope.kind === 'self') {
    return sql`c.organisation_id = ${scope.organisationId}`;
  }
  return sql`c.organisation_id = ${scope.organisationId} and c.created_by = ${scope.userId}`;
}

/**
 * The members whose figures count, as a condition on a user-id column: members of the scope's
 * organisation with the role and placement asked for. Learners of another organisation enrolled
 * in a shared course are not the organisation's people, so they never count. `true` when
 * nothing narrows (a superadmin's "all" without filters).
 */
export function membersOf(input: ReportInput, column: SQL): SQL {
  if (input.scope.kind === 'self') return sql`${column} = ${input.scope.userId}`;
  const organisationId = input.scope.kind === 'all' ? null : input.scope.organisationId;
  const role = input.userType && input.userType !== 'all' ? USER_TYPE_ROLE[input.userType] : null;
  const placed = input.department !== undefined || input.designation !== undefined;
  if (organisationId === null && role === null && !placed) return sql`true`;
  const where: SQL[] = [];
  if (organisationId !== null) where.push(sql`m.organisation_id = ${organisationId}`);
  if (role !== null) where.push(sql`m.role_id = ${role}`);
  if (input.department !== undefined) where.push(sql`p.department_id = ${input.department}`);
  if (input.designation !== undefined) where.push(sql`p.designation_id = ${input.designation}`);
  const join = placed ? sql` join user_profiles p on p.user_id = m.user_id` : sql``;
  return sql`${column} in (select m.user_id from memberships m${join} where ${sql.join(where, sql` and `)})`;
}

/**
 * The people a person-centred report (users, sign-ins, time) covers, as a condition on a user-id
 * column: the members of membersOf and, for a trainer, only those enrolled in their courses.
 */
export function peopleOf(input: ReportInput, column: SQL): SQL {
  const members = membersOf(input, column);
  if (input.scope.kind !== 'author') return members;
  const { organisationId, userId } = input.scope;
  return sql`${members} and ${column} in (select e.user_id from course_enrolments e
    join courses c on c.id = e.course_id
    where c.organisation_id = ${organisationId} and c.created_by = ${userId}
      and e.status in ${TAKING_PART})`;
}

/** Where activity rows (sign-ins, time) are held: the scope's organisation, or anywhere. */
export function activityScope(scope: ReportScope, column: SQL): SQL {
  return scope.kind === 'all' ? sql`true` : sql`${column} = ${scope.organisationId}`;
}

/** `[from, to]` as a half-open timestamp range over a column; `true` for an open end. */
export function within(column: SQL, from?: string, to?: string): SQL {
  const parts: SQL[] = [];
  if (from) parts.push(sql`${column} >= ${from}::date`);
  // Inclusive of the whole last day.
  if (to) parts.push(sql`${column} < (${to}::date + 1)`);
  return parts.length ? sql.join(parts, sql` and `) : sql`true`;
}

/** The year's bounds, for month charts (UTC). */
export function yearBounds(year: number): { start: string; end: string } {
  return { start: `${year}-01-01`, end: `${year + 1}-01-01` };
}

export const currentYear = () => new Date().getUTCFullYear();

/** 'YYYY-01' … 'YYYY-12'. */
export const monthLabels = (year: number) =>
  Array.from({ length: 12 }, (_, i) => `${year}-${String(i + 1).padStart(2, '0')}`);

/** Spreads month-numbered rows (1–12) into twelve values, zero where no row. */
export function byMonth<R extends { month: number }>(rows: R[], value: (r: R) => number): number[] {
  const out = Array.from({ length: 12 }, () => 0);
  for (const r of rows) out[r.month - 1] = value(r);
  return out;
}

/** Completed / enrolled as a percentage with one decimal; null without enrolments. */
export const rateOf = (completed: number, enrolled: number): number | null =>
  // Completions in a range may outnumber enrolments begun in it: the rate stops at 100.
  enrolled > 0 ? Math.min(100, Math.round((completed / enrolled) * 1000) / 10) : null;

/** A person column set for the responses: id, "first last" (else the user name), e-mail. */
export const PERSON = (alias: string) =>
  sql.raw(`${alias}.id as user_id,
    coalesce(nullif(trim(${alias}.first_name || ' ' || ${alias}.last_name), ''), ${alias}.username) as fullname,
    ${alias}.email as email`);

export const personOf = (r: { user_id: number; fullname: string; email: string }) => ({
  id: r.user_id,
  fullname: r.fullname,
  email: r.email,
});
