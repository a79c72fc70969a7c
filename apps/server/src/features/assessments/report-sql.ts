import { type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../core/db/database.ts';
import type { DateWindow } from './report-dates.ts';

/**
 * SQL shared by the reports (attendees, list, detail, learner report): the date window, the
 * assigned learners, and the final grade by the assessment's grading method computed as an
 * aggregate, so a report over a thousand learners is one grouped query, never one per learner.
 * The aggregates mirror grading-method.ts (highest, average rounded to two decimals, first,
 * last of the graded attempts); attendees.test.ts checks each method against it.
 */

/** The rows of a raw query: node-postgres and PGlite both answer `{ rows }`. */
export async function rowsOf<T>(db: DbOrTx, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

/** `column` within the window (true when the window is open). */
export function inWindow(column: SQL, w: DateWindow): SQL {
  const parts: SQL[] = [];
  if (w.from) parts.push(sql`${column} >= ${w.from.toISOString()}::timestamptz`);
  if (w.to) parts.push(sql`${column} < ${w.to.toISOString()}::timestamptz`);
  return parts.length === 0 ? sql`true` : sql.join(parts, sql` and `);
}

/** A LIKE pattern matching `text` anywhere, its wildcards escaped. */
export const containing = (text: string) =>
  `%${text.toLowerCase().replace(/[%_\\]/g, (c) => `\\${c}`)}%`;

/**
 * (assessment_id, user_id) of everyone assigned to the assessments `aa.assessment_id` matches:
 * users named one by one and the members of assigned departments, while members of the
 * assessment's organisation (someone who left keeps their attempts, not their assignment).
 */
export function assignedUsers(assessmentFilter: SQL): SQL {
  return sql`
    select aa.assessment_id, aa.user_id
      from assessment_assignments aa
      join assessments a2 on a2.id = aa.assessment_id
      join memberships m on m.user_id = aa.user_id and m.organisation_id = a2.organisation_id
     where aa.user_id is not null and ${assessmentFilter}
    union
    select aa.assessment_id, up.user_id
      from assessment_assignments aa
      join assessments a2 on a2.id = aa.assessment_id
      join user_profiles up on up.department_id = aa.department_id
      join memberships m on m.user_id = up.user_id and m.organisation_id = a2.organisation_id
     where aa.department_id is not null and ${assessmentFilter}`;
}

/**
 * The final percentage of one learner, as an aggregate over their attempts `t` grouped with
 * their assessment `a`; `counted` says which graded attempts count (a date window may narrow it).
 */
export function finalPercent(counted: SQL): SQL {
  const graded = sql`t.status = 'graded' and ${counted}`;
  return sql`(case a.grading_method
    when 'highest' then max(t.percent) filter (where ${graded})
    when 'average' then round(avg(t.percent) filter (where ${graded}), 2)
    when 'first' then (array_agg(t.percent order by t.number) filter (where ${graded}))[1]
    else (array_agg(t.percent order by t.number desc) filter (where ${graded}))[1]
  end)::float8`;
}

/** The final score, taken from the same attempts as finalPercent (highest: the best one's). */
export function finalScore(counted: SQL): SQL {
  const graded = sql`t.status = 'graded' and ${counted}`;
  return sql`(case a.grading_method
    when 'highest' then (array_agg(t.score order by t.percent desc, t.number) filter (where ${graded}))[1]
    when 'average' then round(avg(t.score) filter (where ${graded}), 2)
    when 'first' then (array_agg(t.score order by t.number) filter (where ${graded}))[1]
    else (array_agg(t.score order by t.number desc) filter (where ${graded}))[1]
  end)::float8`;
}

/** An id list for `in (…)`; callers skip the query when it is empty. */
export const idList = (ids: readonly number[]) =>
  sql.join(
    ids.map((id) => sql`${id}`),
    sql`, `,
  );

/** A timestamp column as an ISO string (drivers differ: Date or text). */
export function iso(value: unknown): string | null {
  if (value === null || value === undefined) return null;
  return (value instanceof Date ? value : new Date(String(value))).toISOString();
}

/** A user's name as the lists show it. */
export const fullname = (u: { first_name: string; last_name: string; username: string }) =>
  `${u.first_name} ${u.last_name}`.trim() || u.username;
