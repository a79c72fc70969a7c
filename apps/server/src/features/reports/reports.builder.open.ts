import type { TBuilderRunResult, TReportDefinition, TReportRow } from '@atrium/contract';
import { type SQL, sql } from 'drizzle-orm';
import type { AuthContext } from '../../core/auth/access.ts';
import type { AppContext } from '../../core/context.ts';
import { type DbOrTx, queryRows } from '../../core/db/database.ts';
import { boundedCount, COUNT_LIMIT } from '../../core/http/pagination.ts';
import { cellOf, planReport, type ReportPlan } from './reports.builder.plan.ts';
import { builderSource, DATA_SOURCES } from './reports.builder.sources.ts';
import { savedReportFor } from './reports.saved.ts';
import { resolveReport } from './reports.scope.ts';
import type { TabularReport } from './reports.tabular.ts';

/**
 * Running a definition for one caller: the gate (staff, section on), the caller's own scope
 * (resolveReport, as every report), then the plan. The organisation named in a definition only
 * counts for a superadmin: anyone else's report is held to their own organisation, whoever saved
 * the definition.
 */
export async function prepare(
  db: DbOrTx,
  auth: AuthContext,
  definition: TReportDefinition,
): Promise<ReportPlan> {
  const source = await builderSource(db, auth, definition.source);
  const input = await resolveReport(db, auth, {
    organisation: auth.isSuperadmin ? definition.organisation : undefined,
    department: definition.department,
    designation: definition.designation,
  });
  return planReport(source, definition, input);
}

function toRow(plan: ReportPlan, raw: Record<string, unknown>): TReportRow {
  const row: TReportRow = {};
  plan.columns.forEach((c, i) => {
    row[c.key] = cellOf(c.type, raw[plan.aliases[i] as string]);
  });
  return row;
}

const pageOf = (plan: ReportPlan, limit: number, offset: number): SQL =>
  sql`${plan.body} order by ${plan.orderBy} limit ${limit} offset ${offset}`;

/** One page of a definition, with a count capped at COUNT_CAP (the screen's preview). */
export async function runDefinition(
  db: DbOrTx,
  auth: AuthContext,
  definition: TReportDefinition,
  page: { page: number; page_size: number },
): Promise<TBuilderRunResult> {
  const plan = await prepare(db, auth, definition);
  const [rows, [counted]] = await Promise.all([
    queryRows<Record<string, unknown>>(
      db,
      pageOf(plan, page.page_size, (page.page - 1) * page.page_size),
    ),
    queryRows<{ n: number }>(
      db,
      sql`select count(*)::int as n from (${plan.body} limit ${COUNT_LIMIT}) q`,
    ),
  ]);
  const { count, capped } = boundedCount(counted?.n ?? 0);
  return {
    columns: plan.columns,
    count,
    count_capped: capped,
    page: page.page,
    page_size: page.page_size,
    results: rows.map((r) => toRow(plan, r)),
  };
}

/** Rows read per query when a report streams to a file. */
const CHUNK = 1000;

export async function openDefinitionReport(
  ctx: AppContext,
  auth: AuthContext,
  definition: TReportDefinition,
  title = `Custom report: ${DATA_SOURCES[definition.source].title}`,
): Promise<TabularReport> {
  const plan = await prepare(ctx.db, auth, definition);
  const [counted] = await queryRows<{ n: number }>(
    ctx.db,
    sql`select count(*)::int as n from (${plan.body}) q`,
  );
  const subtitle: string[] = [];
  if (definition.from || definition.to) {
    subtitle.push(`Period: ${definition.from ?? '…'} to ${definition.to ?? '…'}`);
  }
  if (definition.filters.length > 0) subtitle.push(`Filters: ${definition.filters.length}`);
  return {
    title,
    subtitle,
    columns: plan.columns,
    count: counted?.n ?? 0,
    chart: plan.chart,
    async *rows() {
      // Pages in the plan's total order (the row key last), so no row repeats or goes missing.
      for (let offset = 0; ; offset += CHUNK) {
        const rows = await queryRows<Record<string, unknown>>(ctx.db, pageOf(plan, CHUNK, offset));
        for (const r of rows) yield toRow(plan, r);
        if (rows.length < CHUNK) return;
      }
    },
  };
}

/** A saved report the caller may see (else 404), opened with the caller's own scope. */
export async function openSavedReport(
  ctx: AppContext,
  auth: AuthContext,
  id: number,
): Promise<TabularReport> {
  const saved = await savedReportFor(ctx.db, auth, id);
  return openDefinitionReport(ctx, auth, saved.definition, saved.name);
}
