import { sql } from 'drizzle-orm';
import { type DbOrTx, queryRows } from '../../core/db/database.ts';
import {
  activityScope,
  PERSON,
  peopleOf,
  personOf,
  type ReportInput,
  within,
} from './reports.scope.ts';
import { cellsOf, summarisedOrganisation } from './reports.summary.ts';

/**
 * top-user/: the scope's people of `user_type` ranked by time spent in the range (the
 * user-module audit's `module_time` rows), with their sign-ins; one grouped read of
 * user_activity.
 */
export async function topUsers(
  db: DbOrTx,
  input: ReportInput & { from?: string; to?: string; limit: number },
) {
  type Row = {
    user_id: number;
    fullname: string;
    email: string;
    seconds: number;
    logins: number;
  };
  const summarised = await summarisedOrganisation(db, input, {
    byPeople: true,
    allTime: true,
    from: input.from,
    to: input.to,
  });
  const rows = summarised
    ? await queryRows<Row>(
        db,
        // In the order of report_user_totals_time_idx.
        sql`select ${PERSON('u')}, s.seconds, s.sign_ins as logins
          from report_user_totals s join users u on u.id = s.user_id
          where s.organisation_id = ${summarised} and ${cellsOf(input)} and s.activity > 0
          order by s.seconds desc nulls last, s.sign_ins desc nulls last, s.user_id
          limit ${input.limit}`,
      )
    : await queryRows<Row>(
        db,
        sql`select ${PERSON('u')},
        coalesce(sum(a.seconds) filter (where a.kind = 'module_time'), 0)::float8 as seconds,
        count(*) filter (where a.kind = 'sign_in')::int as logins
      from user_activity a
      join users u on u.id = a.user_id
      where a.kind in ('module_time', 'sign_in')
        and ${activityScope(input.scope, sql`a.organisation_id`)}
        and ${within(sql`a.created_at`, input.from, input.to)}
        and ${peopleOf(input, sql`a.user_id`)}
      group by u.id
      order by seconds desc, logins desc, u.id
      limit ${input.limit}`,
      );
  return {
    results: rows.map((r) => ({
      user: personOf(r),
      time_spent_seconds: Number(r.seconds),
      logins: r.logins,
    })),
  };
}
