import { ROLE, type TReportUserType, type TRoleId } from '@atrium/contract';
import { type SQL, sql } from 'drizzle-orm';
import type { AppContext } from '../../core/context.ts';
import { type DbOrTx, queryRows } from '../../core/db/database.ts';
import type { ReportInput } from './reports.scope.ts';
import {
  buildSummaries,
  dropSummaries,
  enrolmentsByOrganisation,
} from './reports.summary.build.ts';

/**
 * Report summaries: the dashboards of a large organisation read per-dimension summary tables
 * (schema/report-summaries.table.ts) instead of a million raw rows. The refresh job rebuilds
 * them every `reports.summaryEveryMs` for organisations with at least `summaryMinEnrolments`
 * enrolments and drops them for the others, which read the raw rows and stay current to the
 * second. A summary answers only what it holds: the organisation scope (an admin, or a
 * superadmin naming the organisation), all time or whole months, and the people filters its
 * dimensions carry; anything else reads the raw rows, as for a small organisation.
 * GET /api/report/freshness/ tells the screens when the figures they show were taken.
 */

const USER_TYPE_ROLE: Record<Exclude<TReportUserType, 'all'>, TRoleId> = {
  learner: ROLE.LEARNER,
  trainer: ROLE.TRAINER,
  admin: ROLE.ADMIN,
};

/** What a report asks of a summary, beside the organisation scope. */
export interface SummaryNeeds {
  /** The summary carries the people dimensions (role, department, designation). */
  byPeople: boolean;
  /** The report's date range, if any: a summary holds whole UTC months only. */
  from?: string;
  to?: string;
  /** The summary holds all-time totals only: any date range reads the raw rows. */
  allTime?: boolean;
}

/** Whether `[from, to]` covers whole months: from the 1st, to a month's last day. */
export function wholeMonths(from?: string, to?: string): boolean {
  if (from && !/^\d{4}-\d{2}-01$/.test(from)) return false;
  if (to) {
    const next = new Date(`${to}T00:00:00Z`);
    next.setUTCDate(next.getUTCDate() + 1);
    if (Number.isNaN(next.getTime()) || next.getUTCDate() !== 1) return false;
  }
  return true;
}

const filtersPeople = (input: ReportInput) =>
  input.department !== undefined ||
  input.designation !== undefined ||
  (input.userType !== undefined && input.userType !== 'all');

/**
 * The organisation a report may read from summaries, or null to read the raw rows: the
 * organisation scope with summaries built, and nothing asked that they do not hold.
 */
export async function summarisedOrganisation(
  db: DbOrTx,
  input: ReportInput,
  needs: SummaryNeeds,
): Promise<number | null> {
  if (input.scope.kind !== 'organisation') return null;
  if (!needs.byPeople && filtersPeople(input)) return null;
  if (needs.allTime ? needs.from || needs.to : !wholeMonths(needs.from, needs.to)) return null;
  const organisationId = input.scope.organisationId;
  const [state] = await queryRows<{ one: number }>(
    db,
    sql`select 1 as one from report_summary_state where organisation_id = ${organisationId}`,
  );
  return state ? organisationId : null;
}

/** The report's people filters over a summary table carrying the people dimensions (alias `s`). */
export function cellsOf(input: ReportInput): SQL {
  const where: SQL[] = [];
  if (input.userType && input.userType !== 'all') {
    where.push(sql`s.role_id = ${USER_TYPE_ROLE[input.userType]}`);
  }
  if (input.department !== undefined) where.push(sql`s.department_id = ${input.department}`);
  if (input.designation !== undefined) where.push(sql`s.designation_id = ${input.designation}`);
  return where.length ? sql.join(where, sql` and `) : sql`true`;
}

/** `[from, to]` over a summary's `month` column (whole months, see wholeMonths). */
export function monthsWithin(from?: string, to?: string): SQL {
  const parts: SQL[] = [];
  if (from) parts.push(sql`s.month >= ${from}::date`);
  if (to) parts.push(sql`s.month <= ${to}::date`);
  return parts.length ? sql.join(parts, sql` and `) : sql`true`;
}

/**
 * Per month of `year`, sums over report_people_months of the report's people (the month
 * charts): `columns` are aggregate expressions over alias `s`.
 */
export function peopleMonthsOfYear<R>(
  db: DbOrTx,
  organisationId: number,
  input: ReportInput,
  year: number,
  columns: SQL,
): Promise<(R & { month: number })[]> {
  return queryRows<R & { month: number }>(
    db,
    sql`select extract(month from s.month)::int as month, ${columns}
      from report_people_months s
      where s.organisation_id = ${organisationId} and ${cellsOf(input)}
        and s.month >= ${`${year}-01-01`}::date and s.month <= ${`${year}-12-01`}::date
      group by 1`,
  );
}

/** When an organisation's summaries were built; null when its reports read the raw rows. */
export async function summaryBuiltAt(db: DbOrTx, organisationId: number): Promise<Date | null> {
  const [row] = await queryRows<{ built_at: string | Date }>(
    db,
    sql`select built_at from report_summary_state where organisation_id = ${organisationId}`,
  );
  return row ? new Date(row.built_at) : null;
}

/**
 * One refresh: rebuilds the summaries of every organisation at or above the threshold, drops
 * those of organisations that fell below it. An organisation failing to build keeps its last
 * summaries and does not stop the others.
 */
export async function refreshSummaries(
  ctx: Pick<AppContext, 'db' | 'log'>,
  minEnrolments: number,
): Promise<{ built: number[]; dropped: number[] }> {
  const built: number[] = [];
  const dropped: number[] = [];
  for (const org of await enrolmentsByOrganisation(ctx.db)) {
    const large = org.enrolments > 0 && org.enrolments >= minEnrolments;
    try {
      if (large) {
        await buildSummaries(ctx.db, org.organisation_id);
        built.push(org.organisation_id);
      } else if (org.summarised) {
        await dropSummaries(ctx.db, org.organisation_id);
        dropped.push(org.organisation_id);
      }
    } catch (err) {
      ctx.log.error({ err, organisationId: org.organisation_id }, 'report summaries failed');
    }
  }
  return { built, dropped };
}
