import type { TTopCourses } from '@atrium/contract';
import { sql } from 'drizzle-orm';
import { type DbOrTx, queryRows } from '../../core/db/database.ts';
import {
  courseScope,
  membersOf,
  type ReportInput,
  rateOf,
  TAKING_PART,
  within,
} from './reports.scope.ts';

/**
 * top-course/ (the "Top 5 Courses" widget): the scope's courses by enrolments begun in the
 * range, with completions in it; one grouped join of courses and their enrolments.
 */
export async function topCourses(
  db: DbOrTx,
  input: ReportInput & { from?: string; to?: string; limit: number },
): Promise<TTopCourses> {
  const rows = await queryRows<{ id: number; title: string; enrolled: number; completed: number }>(
    db,
    sql`select c.id, c.title,
        count(*) filter (where ${within(sql`e.enrolled_at`, input.from, input.to)})::int as enrolled,
        count(*) filter (where e.status = 'completed'
          and ${within(sql`e.completed_at`, input.from, input.to)})::int as completed
      from courses c
      join course_enrolments e on e.course_id = c.id
      where ${courseScope(input.scope)} and e.status in ${TAKING_PART}
        and ${membersOf(input, sql`e.user_id`)}
      group by c.id
      having count(*) filter (where ${within(sql`e.enrolled_at`, input.from, input.to)}) > 0
      order by enrolled desc, completed desc, c.id
      limit ${input.limit}`,
  );
  return {
    results: rows.map((r) => ({
      course: { id: r.id, title: r.title },
      enrolled: r.enrolled,
      completed: r.completed,
      completion_rate: rateOf(r.completed, r.enrolled),
    })),
  };
}
