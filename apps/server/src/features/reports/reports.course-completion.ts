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
 * One statement. There is one row per course of the scope (a course without enrolments reads
 * zeros), so the total is the scope's course count and only the page's courses are aggregated:
 * each through its own enrolments (course_enrolments_course_status_idx, a lateral per course),
 * never the organisation's million enrolments for the sake of twenty rows.
 */
export async function courseCompletion(
  db: DbOrTx,
  input: ReportInput & { from?: string; to?: string; page: TPageQuery },
): Promise<{ count: number; rows: TCourseCompletionRow[] }> {
  const { limit, offset } = pageBounds(input.page);
  const [result] = await queryRows<{ total: number; rows: Row[] | string }>(
    db,
    sql`with page as (
        select c.id, c.title from courses c where ${courseScope(input.scope)}
        order by lower(c.title), c.id limit ${limit} offset ${offset}
      )
      select (select count(*) from courses c where ${courseScope(input.scope)})::int as total,
        coalesce((select json_agg(p) from (
          select pg.id, pg.title, agg.*
          from page pg
          cross join lateral (
            select
              count(e.id)::int as enrolled,
              count(e.id) filter (where e.status = 'completed')::int as completed,
              count(e.id) filter (where e.status = 'enrolled' and e.progress_percent = 0)::int as not_started,
              count(e.id) filter (where e.status = 'enrolled' and e.progress_percent > 0)::int as in_progress,
              round(avg(e.progress_percent), 1)::float8 as average_progress
            from course_enrolments e
            where e.course_id = pg.id and e.status in ${TAKING_PART}
              and ${within(sql`e.enrolled_at`, input.from, input.to)}
              and ${membersOf(input, sql`e.user_id`)}
          ) agg
          order by lower(pg.title), pg.id) p), '[]') as rows`,
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
