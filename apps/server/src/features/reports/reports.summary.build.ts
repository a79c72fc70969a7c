import { type SQL, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../core/db/database.ts';
import { queryRows } from '../../core/db/database.ts';
import { TAKING_PART } from './reports.scope.ts';

/**
 * Builds one organisation's report summaries (schema/report-summaries.table.ts) from the raw
 * rows, with exactly the rules of the live queries (reports.<name>.ts): enrolments of the
 * organisation's courses by its members, taking part or completed; sign-ins and module time of
 * its members in it; months in UTC. One transaction deletes the old rows and writes the new,
 * so readers never see a half-built organisation.
 */

const SUMMARY_TABLES = [
  'report_people_cells',
  'report_people_months',
  'report_course_totals',
  'report_category_months',
  'report_user_totals',
] as const;

const month = (column: SQL) => sql`date_trunc('month', ${column} at time zone 'UTC')::date`;

/** The organisation's members and their people cell. */
const people = (organisationId: number) => sql`select m.user_id, m.role_id,
    p.department_id, p.designation_id
  from memberships m left join user_profiles p on p.user_id = m.user_id
  where m.organisation_id = ${organisationId}`;

/** Enrolments of the organisation's courses by its members (alias `e`, courses `c`). */
const memberEnrolments = (organisationId: number) => sql`from course_enrolments e
  join courses c on c.id = e.course_id
  where c.organisation_id = ${organisationId}
    and e.user_id in (select m.user_id from memberships m where m.organisation_id = ${organisationId})`;

export async function buildSummaries(db: Db, organisationId: number): Promise<void> {
  const started = Date.now();
  await db.transaction(async (tx) => {
    for (const table of SUMMARY_TABLES) {
      await tx.execute(
        sql`delete from ${sql.identifier(table)} where organisation_id = ${organisationId}`,
      );
    }
    // Per member and month, every figure the people tables need: read each raw table once.
    await tx.execute(sql`create temp table report_build_user_months on commit drop as
      select user_id, month, sum(enrolled)::int as enrolled, sum(completed)::int as completed,
        sum(activity)::int as activity, sum(sign_ins)::int as sign_ins,
        sum(seconds)::float8 as seconds
      from (
        select e.user_id, ${month(sql`e.enrolled_at`)} as month, count(*) as enrolled,
          0 as completed, 0 as activity, 0 as sign_ins, 0::float8 as seconds
        ${memberEnrolments(organisationId)} and e.status in ${TAKING_PART}
        group by 1, 2
        union all
        select e.user_id, ${month(sql`e.completed_at`)}, 0, count(*), 0, 0, 0
        ${memberEnrolments(organisationId)} and e.status = 'completed'
        group by 1, 2
        union all
        select a.user_id, ${month(sql`a.created_at`)}, 0, 0, count(*),
          count(*) filter (where a.kind = 'sign_in'),
          coalesce(sum(a.seconds) filter (where a.kind = 'module_time'), 0)
        from user_activity a
        where a.organisation_id = ${organisationId} and a.kind in ('sign_in', 'module_time')
        group by 1, 2
      ) facts
      group by 1, 2`);
    await tx.execute(sql`insert into report_people_cells (organisation_id, role_id, department_id,
        designation_id, users, active, inactive, pending, rejected)
      select ${organisationId}, p.role_id, p.department_id, p.designation_id, count(*),
        count(*) filter (where u.approval_status = 1 and u.is_active),
        count(*) filter (where u.approval_status = 1 and not u.is_active),
        count(*) filter (where u.approval_status = 0),
        count(*) filter (where u.approval_status = 2)
      from (${people(organisationId)}) p join users u on u.id = p.user_id
      group by 2, 3, 4`);
    await tx.execute(sql`insert into report_people_months (organisation_id, role_id, department_id,
        designation_id, month, enrolled, completed, sign_ins, sign_in_users, seconds)
      select ${organisationId}, p.role_id, p.department_id, p.designation_id, f.month,
        sum(f.enrolled), sum(f.completed), sum(f.sign_ins),
        count(*) filter (where f.sign_ins > 0), sum(f.seconds)
      from report_build_user_months f join (${people(organisationId)}) p on p.user_id = f.user_id
      group by 2, 3, 4, 5`);
    await tx.execute(sql`insert into report_user_totals (organisation_id, user_id, role_id,
        department_id, designation_id, enrolled, completed, activity, seconds, sign_ins)
      select ${organisationId}, p.user_id, p.role_id, p.department_id, p.designation_id,
        sum(f.enrolled), sum(f.completed), sum(f.activity), sum(f.seconds), sum(f.sign_ins)
      from report_build_user_months f join (${people(organisationId)}) p on p.user_id = f.user_id
      group by 2, 3, 4, 5`);
    await tx.execute(sql`insert into report_course_totals (organisation_id, course_id, created_by,
        requested, enrolled, completed, rejected, progress_sum)
      select ${organisationId}, c.id, c.created_by,
        count(*) filter (where e.status = 'requested'),
        count(*) filter (where e.status = 'enrolled'),
        count(*) filter (where e.status = 'completed'),
        count(*) filter (where e.status = 'rejected'),
        coalesce(sum(e.progress_percent) filter (where e.status in ${TAKING_PART}), 0)
      ${memberEnrolments(organisationId)}
      group by c.id`);
    await tx.execute(sql`insert into report_category_months (organisation_id, category_id, month,
        enrolled, completed)
      select ${organisationId}, category_id, month, sum(enrolled), sum(completed)
      from (
        select c.category_id, ${month(sql`e.enrolled_at`)} as month, count(*) as enrolled,
          0 as completed
        ${memberEnrolments(organisationId)} and e.status in ${TAKING_PART}
        group by 1, 2
        union all
        select c.category_id, ${month(sql`e.completed_at`)}, 0, count(*)
        ${memberEnrolments(organisationId)} and e.status = 'completed'
        group by 1, 2
      ) facts
      group by 2, 3`);
    const [{ enrolments } = { enrolments: 0 }] = await queryRows<{ enrolments: number }>(
      tx,
      sql`select count(*)::int as enrolments from course_enrolments e
        join courses c on c.id = e.course_id where c.organisation_id = ${organisationId}`,
    );
    await tx.execute(sql`insert into report_summary_state (organisation_id, built_at, enrolments,
        build_ms)
      values (${organisationId}, now(), ${enrolments}, ${Date.now() - started})
      on conflict (organisation_id) do update set built_at = excluded.built_at,
        enrolments = excluded.enrolments, build_ms = excluded.build_ms`);
  });
  // Fresh statistics, or the planner takes a rebuilt table for empty and sorts instead of
  // reading the ranking indexes (seen: 300 ms instead of 1 ms for the top learners).
  await db.execute(sql.raw(`analyze ${SUMMARY_TABLES.join(', ')}`));
}

/** Drops an organisation's summaries: its reports read the raw rows again. */
export async function dropSummaries(db: Db, organisationId: number): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.execute(
      sql`delete from report_summary_state where organisation_id = ${organisationId}`,
    );
    for (const table of SUMMARY_TABLES) {
      await tx.execute(
        sql`delete from ${sql.identifier(table)} where organisation_id = ${organisationId}`,
      );
    }
  });
}

/** Enrolments per organisation (of its courses), for deciding which need summaries. */
export async function enrolmentsByOrganisation(
  db: DbOrTx,
): Promise<{ organisation_id: number; enrolments: number; summarised: boolean }[]> {
  return queryRows(
    db,
    sql`select o.id as organisation_id, coalesce(n.enrolments, 0)::int as enrolments,
        (s.organisation_id is not null) as summarised
      from organisations o
      left join (select c.organisation_id, count(*) as enrolments from course_enrolments e
        join courses c on c.id = e.course_id group by 1) n on n.organisation_id = o.id
      left join report_summary_state s on s.organisation_id = o.id
      order by o.id`,
  );
}
