import type { TMonthlyChart } from '@atrium/contract';
import { sql } from 'drizzle-orm';
import { type DbOrTx, queryRows } from '../../core/db/database.ts';
import {
  byMonth,
  courseScope,
  membersOf,
  monthLabels,
  type ReportInput,
  TAKING_PART,
  yearBounds,
} from './reports.scope.ts';
import { peopleMonthsOfYear, summarisedOrganisation } from './reports.summary.ts';

/**
 * number-of-completion-chart/: per month of the year, enrolments begun and courses completed in
 * the scope's courses; one statement, the two month groupings side by side.
 */
export async function completionChart(
  db: DbOrTx,
  input: ReportInput & { year: number },
): Promise<TMonthlyChart> {
  const summarised = await summarisedOrganisation(db, input, { byPeople: true });
  if (summarised) {
    const sums = await peopleMonthsOfYear<{ enrolled: number; completed: number }>(
      db,
      summarised,
      input,
      input.year,
      sql`coalesce(sum(s.enrolled), 0)::int as enrolled, coalesce(sum(s.completed), 0)::int as completed`,
    );
    return chartOf(
      input.year,
      byMonth(sums, (r) => r.enrolled),
      byMonth(sums, (r) => r.completed),
    );
  }
  const { start, end } = yearBounds(input.year);
  const base = sql`from course_enrolments e join courses c on c.id = e.course_id
    where ${courseScope(input.scope)} and ${membersOf(input, sql`e.user_id`)}`;
  const rows = await queryRows<{ kind: 'enrolled' | 'completed'; month: number; n: number }>(
    db,
    sql`select 'completed' as kind, extract(month from e.completed_at at time zone 'UTC')::int as month,
        count(*)::int as n ${base}
        and e.status = 'completed' and e.completed_at >= ${start}::date and e.completed_at < ${end}::date
      group by 2
      union all
      select 'enrolled', extract(month from e.enrolled_at at time zone 'UTC')::int, count(*)::int ${base}
        and e.status in ${TAKING_PART} and e.enrolled_at >= ${start}::date and e.enrolled_at < ${end}::date
      group by 2`,
  );
  const of = (kind: 'enrolled' | 'completed') =>
    byMonth(
      rows.filter((r) => r.kind === kind),
      (r) => r.n,
    );
  return chartOf(input.year, of('enrolled'), of('completed'));
}

const chartOf = (year: number, enrolled: number[], completed: number[]): TMonthlyChart => ({
  year,
  labels: monthLabels(year),
  series: [
    { key: 'enrolled', label: 'Enrolments', data: enrolled },
    { key: 'completed', label: 'Completions', data: completed },
  ],
});
