import type { ATTENDEE_STATUSES, ZAttendee } from '@atrium/contract';
import { type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { DbOrTx } from '../../core/db/database.ts';
import type { Assessment } from './assessment.access.ts';
import type { DateWindow } from './report-dates.ts';
import {
  assignedUsers,
  containing,
  finalPercent,
  finalScore,
  fullname,
  inWindow,
  iso,
  rowsOf,
} from './report-sql.ts';

/**
 * The attendees list of one assessment (/assessment/attendees-list/{id}): everyone assigned
 * (by name or department) and anyone with an attempt, with their latest attempt's status (or
 * `not_attempted` when they have none), attempts used, time taken by the latest submitted one,
 * and the final grade by the grading method, in one query per page, sorted by name.
 */

export type TAttendee = z.infer<typeof ZAttendee>;
type AttendeeStatus = (typeof ATTENDEE_STATUSES)[number];

export interface AttendeeFilter {
  search?: string;
  status?: AttendeeStatus;
  /** Keeps those with a submission in the window. */
  window: DateWindow;
}

interface AttendeeRow {
  id: number;
  first_name: string;
  last_name: string;
  username: string;
  email: string;
  department: string | null;
  status: AttendeeStatus;
  attempts_used: number | null;
  last_attempt: number | null;
  last_submitted_at: unknown;
  time_taken: number | null;
  pending_manual: number | null;
  score: number | null;
  percent: number | null;
}

/** The filtered attendees, unordered: the page and the count both select from it. */
function attendees(a: Assessment, f: AttendeeFilter): SQL {
  const windowed = inWindow(sql`t.submitted_at`, f.window);
  const conditions: SQL[] = [];
  if (f.search)
    conditions.push(
      sql`lower(u.first_name || ' ' || u.last_name || ' ' || u.email) like ${containing(f.search)}`,
    );
  if (f.status) conditions.push(sql`coalesce(tr.last_status, 'not_attempted') = ${f.status}`);
  if (f.window.from || f.window.to) conditions.push(sql`coalesce(tr.submitted_in_window, false)`);
  const where = conditions.length === 0 ? sql`true` : sql.join(conditions, sql` and `);
  return sql`
    with people as (
      select user_id from (${assignedUsers(sql`aa.assessment_id = ${a.id}`)}) assigned
      union
      select t.user_id from assessment_attempts t where t.assessment_id = ${a.id}
    ),
    tries as (
      select t.user_id,
        count(*) filter (where t.status <> 'not_started')::int as attempts_used,
        (array_agg(t.status order by t.number desc))[1] as last_status,
        (array_agg(t.id order by t.number desc) filter (where t.status <> 'not_started'))[1] as last_attempt,
        max(t.submitted_at) as last_submitted_at,
        round((array_agg(extract(epoch from t.submitted_at - t.started_at) order by t.number desc)
          filter (where t.submitted_at is not null and t.started_at is not null))[1])::int as time_taken,
        coalesce(sum(t.pending_manual) filter (where t.status = 'submitted'), 0)::int as pending_manual,
        bool_or(t.submitted_at is not null and ${windowed}) as submitted_in_window,
        ${finalScore(sql`true`)} as score,
        ${finalPercent(sql`true`)} as percent
      from assessment_attempts t
      join assessments a on a.id = t.assessment_id
      where t.assessment_id = ${a.id}
      group by t.user_id, a.id
    )
    select u.id, u.first_name, u.last_name, u.username, u.email, d.name as department,
      coalesce(tr.last_status, 'not_attempted') as status, tr.attempts_used, tr.last_attempt,
      tr.last_submitted_at, tr.time_taken, tr.pending_manual, tr.score, tr.percent
    from people p
    join users u on u.id = p.user_id
    left join user_profiles up on up.user_id = u.id
    left join departments d on d.id = up.department_id
    left join tries tr on tr.user_id = u.id
    where ${where}`;
}

function toAttendee(r: AttendeeRow, passMark: number): TAttendee {
  return {
    user: { id: r.id, fullname: fullname(r), email: r.email, department: r.department },
    status: r.status,
    attempts_used: r.attempts_used ?? 0,
    last_attempt: r.last_attempt,
    last_submitted_at: iso(r.last_submitted_at),
    time_taken_seconds: r.time_taken,
    score: r.score,
    percent: r.percent,
    passed: r.percent === null ? null : r.percent >= passMark,
    pending_manual: r.pending_manual ?? 0,
  };
}

const byName = sql`order by lower(x.first_name || ' ' || x.last_name), x.id`;

export async function listAttendees(
  db: DbOrTx,
  a: Assessment,
  f: AttendeeFilter,
  page: { limit: number; offset: number },
): Promise<{ count: number; rows: TAttendee[] }> {
  const base = attendees(a, f);
  const [rows, [total]] = await Promise.all([
    rowsOf<AttendeeRow>(
      db,
      sql`select * from (${base}) x ${byName} limit ${page.limit} offset ${page.offset}`,
    ),
    rowsOf<{ n: number }>(db, sql`select count(*)::int as n from (${base}) x`),
  ]);
  return { count: total?.n ?? 0, rows: rows.map((r) => toAttendee(r, a.passMark)) };
}

/** Every attendee, a batch at a time, for the export. */
export async function* iterateAttendees(
  db: DbOrTx,
  a: Assessment,
  f: AttendeeFilter,
  batch = 500,
): AsyncGenerator<TAttendee> {
  const base = attendees(a, f);
  for (let offset = 0; ; offset += batch) {
    const rows = await rowsOf<AttendeeRow>(
      db,
      sql`select * from (${base}) x ${byName} limit ${batch} offset ${offset}`,
    );
    for (const r of rows) yield toAttendee(r, a.passMark);
    if (rows.length < batch) return;
  }
}
