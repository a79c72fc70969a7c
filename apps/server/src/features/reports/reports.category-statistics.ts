import type { TCategoryStatistics } from '@atrium/contract';
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
import { monthsWithin, summarisedOrganisation } from './reports.summary.ts';

/**
 * overall-category-statistics/ (the "Top 5 Categories" widget): the scope's courses grouped by
 * category (null: none), ranked by enrolments begun in the year (all time without one), with
 * completions in it; one grouped join.
 */
export async function categoryStatistics(
  db: DbOrTx,
  input: ReportInput & { year?: number; limit: number },
): Promise<TCategoryStatistics> {
  const from = input.year ? `${input.year}-01-01` : undefined;
  const to = input.year ? `${input.year}-12-31` : undefined;
  type Row = {
    id: number | null;
    name: string | null;
    courses: number;
    enrolled: number;
    completed: number;
  };
  const summarised = await summarisedOrganisation(db, input, { byPeople: false, from, to });
  const rows = summarised
    ? await queryRows<Row>(
        db,
        // Course counts from the courses as they are; enrolments from the summary's months.
        sql`with crs as (
            select c.category_id, count(*)::int as courses from courses c
            where c.organisation_id = ${summarised} group by 1
          ),
          sums as (
            select s.category_id, sum(s.enrolled)::int as enrolled, sum(s.completed)::int as completed
            from report_category_months s
            where s.organisation_id = ${summarised} and ${monthsWithin(from, to)}
            group by 1
          )
          select cat.id, cat.name, crs.courses, coalesce(sums.enrolled, 0)::int as enrolled,
            coalesce(sums.completed, 0)::int as completed
          from crs
          left join sums on sums.category_id is not distinct from crs.category_id
          left join course_categories cat on cat.id = crs.category_id
          order by enrolled desc, completed desc, courses desc, cat.id nulls last
          limit ${input.limit}`,
      )
    : await queryRows<Row>(
        db,
        sql`select cat.id, cat.name,
        count(distinct c.id)::int as courses,
        count(e.id) filter (where ${within(sql`e.enrolled_at`, from, to)})::int as enrolled,
        count(e.id) filter (where e.status = 'completed'
          and ${within(sql`e.completed_at`, from, to)})::int as completed
      from courses c
      left join course_categories cat on cat.id = c.category_id
      left join course_enrolments e on e.course_id = c.id and e.status in ${TAKING_PART}
        and ${membersOf(input, sql`e.user_id`)}
      where ${courseScope(input.scope)}
      group by cat.id, cat.name
      order by enrolled desc, completed desc, courses desc, cat.id nulls last
      limit ${input.limit}`,
      );
  return {
    year: input.year ?? null,
    results: rows.map((r) => ({
      category: r.id === null ? null : { id: r.id, name: r.name ?? '' },
      courses: r.courses,
      enrolled: r.enrolled,
      completed: r.completed,
      completion_rate: rateOf(r.completed, r.enrolled),
    })),
  };
}
