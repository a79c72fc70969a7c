import type { ATTENDEE_STATUSES, TReviewOptions, ZLearnerReportRow } from '@atrium/contract';
import { type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { DbOrTx } from '../../core/db/database.ts';
import type { DateWindow } from './report-dates.ts';
import { containing, finalPercent, inWindow, iso, rowsOf } from './report-sql.ts';
import { reviewVisibility } from './review-visibility.ts';

/**
 * learner/report: one learner's assessments of an organisation (assigned to them by name or
 * department, or attempted), with attempts used, the latest attempt, the final grade by the
 * grading method and the status, one query per page. Drafts show only when attempted (a draft
 * was never offered). A learner reading their own sees the final grade only when the review
 * options show the score now (review-visibility.ts, with the close their overrides give them);
 * staff see it always.
 */

export type TLearnerReportRow = z.infer<typeof ZLearnerReportRow>;

interface Row {
  id: number;
  uuid: string;
  title: string;
  course_id: number | null;
  course_title: string | null;
  pass_mark: number;
  review: TReviewOptions;
  closes_at: unknown;
  attempts_used: number | null;
  last_status: (typeof ATTENDEE_STATUSES)[number] | null;
  last_attempt: number | null;
  last_submitted_at: unknown;
  percent: number | null;
}

function learnerRows(
  organisationId: number,
  userId: number,
  f: { search?: string; window: DateWindow },
): SQL {
  const windowed = inWindow(sql`t.submitted_at`, f.window);
  const open = !f.window.from && !f.window.to;
  return sql`
    with mine as (
      select aa.assessment_id from assessment_assignments aa where aa.user_id = ${userId}
      union
      select aa.assessment_id from assessment_assignments aa
        join user_profiles up on up.department_id = aa.department_id
       where up.user_id = ${userId}
      union
      select t.assessment_id from assessment_attempts t where t.user_id = ${userId}
    ),
    tries as (
      select t.assessment_id,
        count(*) filter (where t.status <> 'not_started')::int as attempts_used,
        (array_agg(t.status order by t.number desc))[1] as last_status,
        (array_agg(t.id order by t.number desc) filter (where t.status <> 'not_started'))[1] as last_attempt,
        max(t.submitted_at) as last_submitted_at,
        bool_or(t.submitted_at is not null and ${windowed}) as submitted_in_window,
        ${finalPercent(sql`true`)} as percent
      from assessment_attempts t
      join assessments a on a.id = t.assessment_id
      where t.user_id = ${userId}
      group by t.assessment_id, a.id
    )
    select a.id, a.uuid::text as uuid, a.title, a.course_id, c.title as course_title,
      a.pass_mark::float8 as pass_mark, a.review,
      coalesce(
        (select o.closes_at from assessment_overrides o
          where o.assessment_id = a.id and o.user_id = ${userId}),
        (select max(o.closes_at) from assessment_overrides o
           join user_profiles up on up.department_id = o.department_id
          where o.assessment_id = a.id and up.user_id = ${userId}),
        a.closes_at) as closes_at,
      tr.attempts_used, tr.last_status, tr.last_attempt, tr.last_submitted_at, tr.percent
    from mine
    join assessments a on a.id = mine.assessment_id
    left join courses c on c.id = a.course_id
    left join tries tr on tr.assessment_id = a.id
    where a.organisation_id = ${organisationId}
      and (a.status <> 'draft' or coalesce(tr.attempts_used, 0) > 0)
      and ${f.search ? sql`lower(a.title) like ${containing(f.search)}` : sql`true`}
      and ${open ? sql`true` : sql`coalesce(tr.submitted_in_window, false)`}`;
}

export async function learnerReport(
  db: DbOrTx,
  target: { organisationId: number; userId: number; staff: boolean },
  f: { search?: string; window: DateWindow },
  page: { limit: number; offset: number },
  now: Date,
): Promise<{ count: number; rows: TLearnerReportRow[] }> {
  const base = learnerRows(target.organisationId, target.userId, f);
  const [rows, [total]] = await Promise.all([
    rowsOf<Row>(
      db,
      sql`select * from (${base}) x
          order by x.last_submitted_at desc nulls last, lower(x.title), x.id
          limit ${page.limit} offset ${page.offset}`,
    ),
    rowsOf<{ n: number }>(db, sql`select count(*)::int as n from (${base}) x`),
  ]);
  return {
    count: total?.n ?? 0,
    rows: rows.map((r) => {
      const closesAt = iso(r.closes_at);
      const shown =
        r.percent !== null &&
        reviewVisibility({
          review: r.review,
          status: 'graded',
          closesAt: closesAt === null ? null : new Date(closesAt),
          now,
          staff: target.staff,
        }).score;
      return {
        assessment: { id: r.id, uuid: r.uuid, title: r.title },
        course: r.course_id === null ? null : { id: r.course_id, title: r.course_title ?? '' },
        attempts_used: r.attempts_used ?? 0,
        last_attempt: r.last_attempt,
        last_submitted_at: iso(r.last_submitted_at),
        percent: shown ? r.percent : null,
        passed: shown && r.percent !== null ? r.percent >= r.pass_mark : null,
        status: r.last_status ?? 'not_attempted',
      };
    }),
  };
}

/** Whether `userId` is a member of the organisation (the staff's lookup of a named learner). */
export async function isMember(db: DbOrTx, organisationId: number, userId: number) {
  const rows = await rowsOf<{ one: number }>(
    db,
    sql`select 1 as one from memberships where organisation_id = ${organisationId} and user_id = ${userId}`,
  );
  return rows.length > 0;
}
