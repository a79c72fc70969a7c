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
import { summarisedOrganisation } from './reports.summary.ts';

/**
 * top-course/ (the "Top 5 Courses" widget): the scope's courses by enrolments begun in the
 * range, with completions in it; one grouped join of courses and their enrolments.
 */
export async function topCourses(
  db: DbOrTx,
  input: ReportInput & { from?: string; to?: string; limit: number },
): Promise<TTopCourses> {
  type Row = { id: number; title: string; enrolled: number; completed: number };
  const summarised = await summarisedOrganisation(db, input, {
    byPeople: false,
    allTime: true,
    from: input.from,
    to: input.to,
  });
  const rows = summarised
    ? await queryRows<Row>(
        db,
        // In the order of report_course_totals_rank_idx (nulls last as drizzle writes its desc
        // columns, though none is null): the first rows of one index scan.
        sql`select c.id, c.title, (s.enrolled + s.completed)::int as enrolled, s.completed
          from report_course_totals s join courses c on c.id = s.course_id
          where s.organisation_id = ${summarised} and c.organisation_id = ${summarised}
            and (s.enrolled + s.completed) > 0
          order by (s.enrolled + s.completed) desc, s.completed desc nulls last, s.course_id
          limit ${input.limit}`,
      )
    : await queryRows<Row>(
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
