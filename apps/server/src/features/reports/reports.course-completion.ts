import type { TCourseCompletionRow, TPageQuery } from '@atrium/contract';
import { sql } from 'drizzle-orm';
import { type DbOrTx, queryRows } from '../../core/db/database.ts';
import { pageBounds } from '../../core/http/pagination.ts';
import {
  courseScope,
  membersOf,
  type ReportInput,
  rateOf,
  TAKING_PART,
  within,
} from './reports.scope.ts';

type Row = {
  id: number;
  title: string;
  enrolled: number;
  completed: number;
  not_started: number;
  in_progress: number;
  average_progress: number | null;
};

/**
 * course-completion/: per course of the scope (by title), its enrolments begun in the range by
 * the people of `user_type` — not started, in progress, completed — and the mean progress.
 * One statement: the grouped rows are counted and one page of them returned as JSON, so an
 * empty page still knows the total.
 */
export async function courseCompletion(
  db: DbOrTx,
  input: ReportInput & { from?: string; to?: string; page: TPageQuery },
): Promise<{ count: number; rows: TCourseCompletionRow[] }> {
  const { limit, offset } = pageBounds(input.page);
  const [result] = await queryRows<{ total: number; rows: Row[] | string }>(
    db,
    sql`with agg as (
        select c.id, c.title,
          count(e.id)::int as enrolled,
          count(e.id) filter (where e.status = 'completed')::int as completed,
          count(e.id) filter (where e.status = 'enrolled' and e.progress_percent = 0)::int as not_started,
          count(e.id) filter (where e.status = 'enrolled' and e.progress_percent > 0)::int as in_progress,
          round(avg(e.progress_percent), 1)::float8 as average_progress
        from courses c
        left join course_enrolments e on e.course_id = c.id and e.status in ${TAKING_PART}
          and ${within(sql`e.enrolled_at`, input.from, input.to)}
          and ${membersOf(input, sql`e.user_id`)}
        where ${courseScope(input.scope)}
        group by c.id
      )
      select (select count(*) from agg)::int as total,
        coalesce((select json_agg(p) from
          (select * from agg order by lower(title), id limit ${limit} offset ${offset}) p), '[]') as rows`,
  );
  const rows = (
    typeof result!.rows === 'string' ? JSON.parse(result!.rows) : result!.rows
  ) as Row[];
  return {
    count: result!.total,
    rows: rows.map((r) => ({
      course: { id: r.id, title: r.title },
      enrolled: r.enrolled,
      completed: r.completed,
      completion_rate: rateOf(r.completed, r.enrolled),
      not_started: r.not_started,
      in_progress: r.in_progress,
      average_progress: r.average_progress,
    })),
  };
}
