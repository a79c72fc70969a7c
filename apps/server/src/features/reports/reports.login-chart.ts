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
 * number-of-login-user-chart/: sign-ins and distinct users signing in, per month. Sign-ins are
 * the `sign_in` rows of user_activity, which every password and SSO sign-in writes (auth slice).
 */
export async function loginChart(
  db: DbOrTx,
  input: ReportInput & { year: number },
): Promise<TMonthlyChart> {
  const { start, end } = yearBounds(input.year);
  const summarised = await summarisedOrganisation(db, input, { byPeople: true });
  const rows = summarised
    ? await peopleMonthsOfYear<{ logins: number; users: number }>(
        db,
        summarised,
        input,
        input.year,
        // Distinct people add up over the cells: each member is in exactly one.
        sql`coalesce(sum(s.sign_ins), 0)::int as logins, coalesce(sum(s.sign_in_users), 0)::int as users`,
      )
    : await queryRows<{ month: number; logins: number; users: number }>(
        db,
        sql`select extract(month from a.created_at at time zone 'UTC')::int as month,
        count(*)::int as logins, count(distinct a.user_id)::int as users
      from user_activity a
      where a.kind = 'sign_in' and ${activityScope(input.scope, sql`a.organisation_id`)}
        and a.created_at >= ${start}::date and a.created_at < ${end}::date
        and ${peopleOf(input, sql`a.user_id`)}
      group by 1`,
      );
  return {
    year: input.year,
    labels: monthLabels(input.year),
    series: [
      { key: 'logins', label: 'Sign-ins', data: byMonth(rows, (r) => r.logins) },
      { key: 'users', label: 'Users signing in', data: byMonth(rows, (r) => r.users) },
    ],
  };
}
