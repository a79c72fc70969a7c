import { sql } from 'drizzle-orm';
import { type Db, queryRows } from '../apps/server/src/core/db/database.ts';

/**
 * The report journeys' data (issue 22): `enrolments` course enrolments (1,000,000 by default,
 * ten per member over the catalogue) with progress, completions and due dates spread over the
 * last 24 months, the members placed in 24 departments of 3 designations each, and a year of
 * sign-ins and time spent (two `user_activity` rows a member a month). Loaded set-based with
 * the tables' secondary indexes dropped and rebuilt from their own definitions after, as
 * gamification-data.ts does: minutes, not hours.
 */

export interface ReportDataSummary {
  enrolments: number;
  activity: number;
  departments: number;
  /** The department the filtered journeys name. */
  departmentId: number | null;
  seconds: number;
}

const DEPARTMENTS = 24;
const DESIGNATIONS_PER_DEPARTMENT = 3;
/** Members per statement: 100,000 enrolment rows at ten each. */
const CHUNK = 10_000;

/** Drops the table's plain indexes for a bulk load (unique ones stay: `on conflict` needs them). */
async function withoutIndexes(db: Db, table: string, load: () => Promise<void>): Promise<void> {
  const indexes = await queryRows<{ name: string; definition: string }>(
    db,
    sql`select i.indexname as name, i.indexdef as definition from pg_indexes i
        where i.tablename = ${table} and i.indexdef not like 'CREATE UNIQUE%'
          and not exists (select 1 from pg_constraint c where c.conname = i.indexname)`,
  );
  for (const index of indexes) await db.execute(sql.raw(`drop index "${index.name}"`));
  await load();
  for (const index of indexes) await db.execute(sql.raw(index.definition));
}

export async function seedReportData(
  db: Db,
  options: { organisationId: number; enrolments: number },
): Promise<ReportDataSummary> {
  const started = performance.now();
  const { organisationId } = options;
  const empty = { enrolments: 0, activity: 0, departments: 0, departmentId: null, seconds: 0 };
  if (options.enrolments <= 0) return empty;
  const people = await queryRows<{ user_id: number }>(
    db,
    sql`select m.user_id from memberships m join users u on u.id = m.user_id
        where m.organisation_id = ${organisationId} and u.username like 'bench_user_%'
        order by m.user_id`,
  );
  const courseIds = (
    await queryRows<{ id: number }>(
      db,
      sql`select id from courses where organisation_id = ${organisationId}
          and status = 'published' order by id`,
    )
  ).map((c) => c.id);
  if (people.length === 0 || courseIds.length < 10) return empty;

  // Structure: departments with designations, each member placed by their id.
  const departments = await queryRows<{ id: number }>(
    db,
    sql`insert into departments (organisation_id, name)
        select ${organisationId}, 'Bench department ' || n from generate_series(1, ${DEPARTMENTS}) n
        returning id`,
  );
  await db.execute(sql`insert into designations (department_id, name)
    select d.id, 'Grade ' || g from departments d, generate_series(1, ${DESIGNATIONS_PER_DEPARTMENT}) g
    where d.organisation_id = ${organisationId} and d.name like 'Bench department %'`);
  await db.execute(sql`
    with placed as (
      select m.user_id, d.id as department_id,
        (select g.id from designations g where g.department_id = d.id
          order by g.id offset (m.user_id % ${DESIGNATIONS_PER_DEPARTMENT}) limit 1) as designation_id
      from memberships m
      join lateral (select id from departments where organisation_id = ${organisationId}
        and name like 'Bench department %' order by id
        offset (m.user_id % ${DEPARTMENTS}) limit 1) d on true
      where m.organisation_id = ${organisationId}
        and m.user_id in (select id from users where username like 'bench_user_%'))
    insert into user_profiles (user_id, department_id, designation_id)
    select user_id, department_id, designation_id from placed
    on conflict (user_id) do update set department_id = excluded.department_id,
      designation_id = excluded.designation_id`);

  // Enrolments: member u takes `each` distinct courses (stride 997 over the published ones, so
  // no course repeats for one member); about 40% completed, a fifth of the rest overdue.
  const each = Math.max(1, Math.ceil(options.enrolments / people.length));
  const courseArray = sql.raw(`array[${courseIds.join(',')}]::int[]`);
  await withoutIndexes(db, 'course_enrolments', async () => {
    for (let start = 0; start < people.length; start += CHUNK) {
      const ids = people.slice(start, start + CHUNK).map((p) => p.user_id);
      await db.execute(sql`
        insert into course_enrolments (course_id, user_id, status, enrolled_at, completed_at,
          due_at, progress_percent, created_at)
        select c, u, case when done then 'completed' else 'enrolled' end, enrolled,
          case when done then enrolled + make_interval(days => 1 + h % 60) end,
          case when h % 5 = 0 then enrolled + make_interval(days => 30) end,
          case when done then 100 else h % 100 end, enrolled
        from (
          select u, (${courseArray})[1 + (u * 31 + n * 997) % ${courseIds.length}] as c,
            abs(hashint4(u * 131 + n)) as h,
            abs(hashint4(u * 131 + n)) % 10 < 4 as done,
            now() - make_interval(secs => abs(hashint4(u + n * 7919)) % (730 * 86400)) as enrolled
          from unnest(${sql.raw(`array[${ids.join(',')}]`)}::int[]) u, generate_series(1, ${each}) n
        ) x
        on conflict do nothing`);
    }
  });

  // A year of activity: a sign-in and a module-time row per member per month.
  await withoutIndexes(db, 'user_activity', async () => {
    for (let start = 0; start < people.length; start += CHUNK) {
      const ids = people.slice(start, start + CHUNK).map((p) => p.user_id);
      await db.execute(sql`
        insert into user_activity (user_id, organisation_id, kind, login_from, module, seconds,
          created_at)
        select u, ${organisationId}, k, case when k = 'sign_in' then 'web' end,
          case when k = 'module_time' then 'courses' end,
          case when k = 'module_time' then 60 + abs(hashint4(u * 17 + m)) % 3600 end,
          date_trunc('month', now()) - make_interval(months => m)
            + make_interval(secs => abs(hashint4(u + m * 31)) % (28 * 86400))
        from unnest(${sql.raw(`array[${ids.join(',')}]`)}::int[]) u, generate_series(0, 11) m,
          unnest(array['sign_in', 'module_time']) k`);
    }
  });

  const [counted] = await queryRows<{ enrolments: number; activity: number }>(
    db,
    sql`select (select count(*)::int from course_enrolments) as enrolments,
          (select count(*)::int from user_activity) as activity`,
  );
  return {
    enrolments: counted?.enrolments ?? 0,
    activity: counted?.activity ?? 0,
    departments: departments.length,
    departmentId: departments[0]?.id ?? null,
    seconds: (performance.now() - started) / 1000,
  };
}
