import type { TCourseStatistics } from '@atrium/contract';
import { sql } from 'drizzle-orm';
import { type DbOrTx, queryRows } from '../../core/db/database.ts';
import { courseScope, membersOf, type ReportInput, rateOf } from './reports.scope.ts';
import { summarisedOrganisation } from './reports.summary.ts';

type Row = {
  total: number;
  draft: number;
  pending: number;
  approved: number;
  published: number;
  requested: number;
  enrolled: number;
  completed: number;
  rejected: number;
  average_progress: number | null;
};

/**
 * overall-course-statistics/: the scope's courses by status and their enrolments (by the
 * scope's people) by status; one statement over two CTEs.
 */
export async function courseStatistics(db: DbOrTx, input: ReportInput): Promise<TCourseStatistics> {
  const summarised = await summarisedOrganisation(db, input, { byPeople: false });
  const [r] = summarised
    ? await queryRows<Row>(
        db,
        sql`with crs as (select c.status from courses c where c.organisation_id = ${summarised}),
          enr as (
            select coalesce(sum(s.requested), 0)::int as requested,
              coalesce(sum(s.enrolled), 0)::int as enrolled,
              coalesce(sum(s.completed), 0)::int as completed,
              coalesce(sum(s.rejected), 0)::int as rejected,
              sum(s.progress_sum::bigint) as progress_sum
            from report_course_totals s where s.organisation_id = ${summarised}
          )
          select
            (select count(*) from crs)::int as total,
            (select count(*) from crs where status = 'draft')::int as draft,
            (select count(*) from crs where status = 'pending')::int as pending,
            (select count(*) from crs where status = 'approved')::int as approved,
            (select count(*) from crs where status = 'published')::int as published,
            enr.requested, enr.enrolled, enr.completed, enr.rejected,
            round(enr.progress_sum::numeric / nullif(enr.enrolled + enr.completed, 0), 1)::float8
              as average_progress
          from enr`,
      )
    : await queryRows<Row>(
        db,
        sql`with crs as (select c.id, c.status from courses c where ${courseScope(input.scope)}),
      enr as (
        select e.status, e.progress_percent from course_enrolments e
        where e.course_id in (select id from crs) and ${membersOf(input, sql`e.user_id`)}
      )
      select
        (select count(*) from crs)::int as total,
        (select count(*) from crs where status = 'draft')::int as draft,
        (select count(*) from crs where status = 'pending')::int as pending,
        (select count(*) from crs where status = 'approved')::int as approved,
        (select count(*) from crs where status = 'published')::int as published,
        count(*) filter (where status = 'requested')::int as requested,
        count(*) filter (where status = 'enrolled')::int as enrolled,
        count(*) filter (where status = 'completed')::int as completed,
        count(*) filter (where status = 'rejected')::int as rejected,
        round(avg(progress_percent) filter (where status in ('enrolled', 'completed')), 1)::float8
          as average_progress
      from enr`,
      );
  const row = r!;
  return {
    courses: {
      total: row.total,
      draft: row.draft,
      pending: row.pending,
      approved: row.approved,
      published: row.published,
    },
    enrolments: {
      requested: row.requested,
      enrolled: row.enrolled,
      completed: row.completed,
      rejected: row.rejected,
    },
    completion_rate: rateOf(row.completed, row.enrolled + row.completed),
    average_progress: row.average_progress,
  };
}
