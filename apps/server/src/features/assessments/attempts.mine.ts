import type { TReviewOptions, ZLearnerAssessment } from '@atrium/contract';
import { type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Actor } from '../../core/auth/actor.ts';
import { type DbOrTx, queryRows } from '../../core/db/database.ts';
import { pageBounds } from '../../core/http/pagination.ts';
import { finalGrade } from './grading-method.ts';
import { reviewVisibility } from './review-visibility.ts';

type TLearnerAssessment = z.infer<typeof ZLearnerAssessment>;
type State = TLearnerAssessment['state'];

/**
 * The caller's assessments (GET /api/assessment/assigned/): published ones of their organisation
 * assigned to them or their department, or of a course they are enrolled in. The state is
 * computed in SQL so the filter and the paging agree; the final grades of the page's rows come
 * from one more query (no query per row).
 *
 * States, first that applies: in_progress (an attempt runs), upcoming (not open yet), completed
 * (something submitted and no attempt left, or closed), closed, open. The list reads the
 * assessment's own dates; the start page applies the learner's overrides.
 */
export async function myAssessments(
  db: DbOrTx,
  actor: Actor,
  query: { page: number; page_size: number; state?: State },
  now: Date,
): Promise<{ count: number; rows: TLearnerAssessment[] }> {
  const at = sql`${now.toISOString()}::timestamptz`;
  const me = actor.userId;
  const mine: SQL = sql`
    select a.*, c.title as course_title,
      coalesce(st.used, 0)::int as used, coalesce(st.running, 0)::int as running,
      coalesce(st.done, 0)::int as done
    from assessments a
    left join courses c on c.id = a.course_id
    left join lateral (
      select count(*) filter (where t.status <> 'not_started') as used,
             count(*) filter (where t.status = 'in_progress') as running,
             count(*) filter (where t.status in ('submitted', 'graded')) as done
      from assessment_attempts t where t.assessment_id = a.id and t.user_id = ${me}
    ) st on true
    where a.organisation_id = ${actor.organisationId} and a.status = 'published'
      and (exists (select 1 from assessment_assignments aa where aa.assessment_id = a.id
                     and (aa.user_id = ${me} or aa.department_id =
                          (select up.department_id from user_profiles up where up.user_id = ${me})))
           or (a.course_id is not null and exists (select 1 from course_enrolments ce
                 where ce.course_id = a.course_id and ce.user_id = ${me}
                   and ce.status in ('enrolled', 'completed'))))`;
  const state = sql`case
      when s.running > 0 then 'in_progress'
      when s.opens_at is not null and s.opens_at > ${at} then 'upcoming'
      when s.done > 0 and ((s.attempts_allowed is not null and s.used >= s.attempts_allowed)
                           or (s.closes_at is not null and s.closes_at <= ${at})) then 'completed'
      when s.closes_at is not null and s.closes_at <= ${at} then 'closed'
      else 'open' end`;
  const filter = query.state ? sql`where x.state = ${query.state}` : sql``;
  const { limit, offset } = pageBounds(query);
  const rows = await queryRows<{
    id: number;
    uuid: string;
    title: string;
    course_id: number | null;
    course_title: string | null;
    opens_at: string | Date | null;
    closes_at: string | Date | null;
    time_limit_seconds: number | null;
    attempts_allowed: number | null;
    used: number;
    state: State;
    review: TReviewOptions;
    grading_method: 'highest' | 'average' | 'first' | 'last';
    pass_mark: string | number;
  }>(
    db,
    sql`select x.* from (select s.*, ${state} as state from (${mine}) s) x
        ${filter}
        order by (x.state = 'in_progress') desc, x.closes_at asc nulls last, x.id desc
        limit ${limit} offset ${offset}`,
  );
  const [counted] = await queryRows<{ n: number }>(
    db,
    sql`select count(*)::int as n from (select ${state} as state from (${mine}) s) x ${filter}`,
  );
  const ids = rows.map((r) => Number(r.id));
  const graded =
    ids.length === 0
      ? []
      : await queryRows<{ assessment_id: number; number: number; percent: string | number }>(
          db,
          sql`select assessment_id, number, percent from assessment_attempts
              where user_id = ${me} and status = 'graded' and percent is not null
                and assessment_id in (${sql.join(
                  ids.map((id) => sql`${id}`),
                  sql`, `,
                )})`,
        );
  const iso = (d: string | Date | null) => (d === null ? null : new Date(d).toISOString());
  return {
    count: Number(counted?.n ?? 0),
    rows: rows.map((r) => {
      const closesAt = r.closes_at === null ? null : new Date(r.closes_at);
      const shows = reviewVisibility({
        review: r.review,
        status: 'graded',
        closesAt,
        now,
        staff: false,
      }).score;
      const mineGraded = graded
        .filter((g) => Number(g.assessment_id) === Number(r.id))
        .map((g) => ({ number: Number(g.number), percent: Number(g.percent) }));
      return {
        id: Number(r.id),
        uuid: r.uuid,
        title: r.title,
        course:
          r.course_id === null ? null : { id: Number(r.course_id), title: r.course_title ?? '' },
        opens_at: iso(r.opens_at),
        closes_at: iso(r.closes_at),
        time_limit_seconds: r.time_limit_seconds,
        attempts_allowed: r.attempts_allowed,
        attempts_used: Number(r.used),
        state: r.state,
        final: shows ? finalGrade(mineGraded, r.grading_method, Number(r.pass_mark)) : null,
      };
    }),
  };
}
