import type { TMonthlyChart } from '@atrium/contract';
import { sql } from 'drizzle-orm';
import { type DbOrTx, queryRows } from '../../core/db/database.ts';
import {
  activityScope,
  byMonth,
  monthLabels,
  peopleOf,
  type ReportInput,
  yearBounds,
} from './reports.scope.ts';
import { peopleMonthsOfYear, summarisedOrganisation } from './reports.summary.ts';

/**
 * user-time-spentmonthly-chart/: seconds spent per month, from the `module_time` rows of
 * user_activity (what the web records per module when a screen is left, POST
 * user-module-audit-history/). The per-file counters of module_file_progress carry no date, so
 * they cannot be split by month. A trainer sees the time of the learners of their courses.
 */
export async function timeSpentMonthly(
  db: DbOrTx,
  input: ReportInput & { year: number },
): Promise<TMonthlyChart> {
  const { start, end } = yearBounds(input.year);
  const summarised = await summarisedOrganisation(db, input, { byPeople: true });
  const rows = summarised
    ? await peopleMonthsOfYear<{ seconds: number }>(
        db,
        summarised,
        input,
        input.year,
        sql`coalesce(sum(s.seconds), 0)::float8 as seconds`,
      )
    : await queryRows<{ month: number; seconds: number }>(
        db,
        sql`select extract(month from a.created_at at time zone 'UTC')::int as month,
        coalesce(sum(a.seconds), 0)::float8 as seconds
      from user_activity a
      where a.kind = 'module_time' and ${activityScope(input.scope, sql`a.organisation_id`)}
        and a.created_at >= ${start}::date and a.created_at < ${end}::date
        and ${peopleOf(input, sql`a.user_id`)}
      group by 1`,
      );
  return {
    year: input.year,
    labels: monthLabels(input.year),
    series: [
      {
        key: 'seconds',
        label: 'Time spent (seconds)',
        data: byMonth(rows, (r) => Number(r.seconds)),
      },
    ],
  };
}
