import type { TUserStatistics } from '@atrium/contract';
import { type SQL, sql } from 'drizzle-orm';
import { type DbOrTx, queryRows } from '../../core/db/database.ts';
import {
  activityScope,
  courseScope,
  membersOf,
  peopleOf,
  type ReportInput,
  TAKING_PART,
  within,
} from './reports.scope.ts';
import { cellsOf, monthsWithin, summarisedOrganisation } from './reports.summary.ts';

/**
 * user-statistic-report/ (the "Current Statistics" widget): people in scope by role, active and
 * new accounts, courses, enrolments, completions and sign-ins, in one statement whose CTEs each
 * read their table once. New users are memberships begun in the range (default: 30 days).
 */
export async function userStatistics(
  db: DbOrTx,
  input: ReportInput & { from?: string; to?: string },
): Promise<TUserStatistics> {
  const { scope, from, to } = input;
  const joined = newMembers(sql`created_at`, from, to);
  const summarised = await summarisedOrganisation(db, input, { byPeople: true, from, to });
  if (summarised) {
    const [fromSummary] = await queryRows<TUserStatistics>(
      db,
      sql`with cells as (
          select coalesce(sum(s.users), 0)::int as users,
            coalesce(sum(s.users) filter (where s.role_id = 4), 0)::int as learners,
            coalesce(sum(s.users) filter (where s.role_id = 3), 0)::int as trainers,
            coalesce(sum(s.users) filter (where s.role_id = 2), 0)::int as admins,
            coalesce(sum(s.active), 0)::int as active_users
          from report_people_cells s where s.organisation_id = ${summarised} and ${cellsOf(input)}
        ),
        months as (
          select coalesce(sum(s.enrolled), 0)::int as enrolments,
            coalesce(sum(s.completed), 0)::int as completions,
            coalesce(sum(s.sign_ins), 0)::int as logins
          from report_people_months s
          where s.organisation_id = ${summarised} and ${cellsOf(input)} and ${monthsWithin(from, to)}
        )
        select cells.users, cells.learners, cells.trainers, cells.admins, cells.active_users,
          -- New members from the memberships as they are (memberships_org_created_idx), with
          -- the cells' people filters over the same columns.
          (select count(*) from (
            select m.created_at, m.role_id, p.department_id, p.designation_id
            from memberships m left join user_profiles p on p.user_id = m.user_id
            where m.organisation_id = ${summarised}) s
            where ${newMembers(sql`s.created_at`, from, to)} and ${cellsOf(input)})::int as new_users,
          (select count(*) from courses c where c.organisation_id = ${summarised})::int as courses,
          (select count(*) from courses c where c.organisation_id = ${summarised}
            and c.status = 'published')::int as published_courses,
          months.enrolments, months.completions, months.logins
        from cells, months`,
    );
    return fromSummary!;
  }
  const [row] = await queryRows<TUserStatistics>(
    db,
    sql`with people as (
        select u.id, u.is_active, u.approval_status from users u where ${peopleOf(input, sql`u.id`)}
      ),
      mem as (
        select m.user_id, m.role_id, m.created_at from memberships m
        where m.user_id in (select id from people) and ${activityScope(scope, sql`m.organisation_id`)}
      ),
      crs as (select c.id, c.status from courses c where ${courseScope(scope)}),
      enr as (
        select
          count(*) filter (where ${within(sql`e.enrolled_at`, from, to)})::int as enrolments,
          count(*) filter (where e.status = 'completed'
            and ${within(sql`e.completed_at`, from, to)})::int as completions
        from course_enrolments e
        where e.course_id in (select id from crs) and e.status in ${TAKING_PART}
          and ${membersOf(input, sql`e.user_id`)}
      )
      select
        (select count(*) from people)::int as users,
        (select count(distinct user_id) from mem where role_id = 4)::int as learners,
        (select count(distinct user_id) from mem where role_id = 3)::int as trainers,
        (select count(distinct user_id) from mem where role_id = 2)::int as admins,
        (select count(*) from people where is_active and approval_status = 1)::int as active_users,
        (select count(distinct user_id) from mem where ${joined})::int as new_users,
        (select count(*) from crs)::int as courses,
        (select count(*) from crs where status = 'published')::int as published_courses,
        enr.enrolments, enr.completions,
        (select count(*) from user_activity a
          where a.kind = 'sign_in' and ${activityScope(scope, sql`a.organisation_id`)}
            and ${within(sql`a.created_at`, from, to)}
            and a.user_id in (select id from people))::int as logins
      from enr`,
  );
  return row!;
}

/** Memberships begun in the range; without one, in the last 30 days. */
const newMembers = (column: SQL, from?: string, to?: string): SQL =>
  from || to ? within(column, from, to) : sql`${column} >= now() - interval '30 days'`;
