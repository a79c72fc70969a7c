import {
  AT_RISK_REASONS,
  type TAtRiskReason,
  type TLearnerAtRiskRow,
  type TPageQuery,
} from '@atrium/contract';
import { type SQL, sql } from 'drizzle-orm';
import { type DbOrTx, queryRows } from '../../core/db/database.ts';
import { pageBounds } from '../../core/http/pagination.ts';
import { courseScope, membersOf, PERSON, personOf, type ReportInput } from './reports.scope.ts';

const DAY_MS = 86_400_000;

type Row = {
  enrolment_id: number;
  user_id: number;
  fullname: string;
  email: string;
  course_id: number;
  course_title: string;
  overdue: boolean;
  inactive: boolean;
  last_activity: string | null;
  due_at: string | null;
  progress_percent: number;
};

const iso = (value: string | null) => (value ? new Date(value).toISOString() : null);
const daysSince = (value: string | null, now: Date) =>
  value ? Math.max(0, Math.floor((now.getTime() - new Date(value).getTime()) / DAY_MS)) : null;

/** The last activity: the last progress, else the enrolment (course_enrolments_at_risk_idx). */
const LAST_ACTIVITY = sql`greatest(coalesce(e.enrolled_at, e.created_at), e.last_activity_at)`;

/**
 * learners-at-risk/: the enrolments of the scope's courses (enrolled, not completed; active
 * accounts of the scope's organisation) whose learner is overdue — the due date has passed — or
 * inactive — no progress for `inactiveDays` days. The last activity is the enrolment's
 * last_activity_at (the last progress on one of the course's files, to the day: see
 * progress.service.ts), else the enrolment itself: a learner who never started is inactive from
 * the day they were enrolled. Sign-ins do not count: signing in without learning is what a
 * trainer wants to see.
 *
 * Most at risk first: both reasons, then overdue (longest overdue first), then inactive (by due
 * date, then longest idle first). Those are four parts, each read from
 * course_enrolments_at_risk_idx (due_at, last activity, id) in that order:
 *   1 overdue and inactive    due_at < now,  activity < cutoff
 *   2 overdue only            due_at < now,  activity >= cutoff
 *   3 inactive, due later     due_at >= now, activity < cutoff
 *   4 inactive, no due date   due_at null,   activity < cutoff
 * The page takes at most offset + limit rows of each in index order, checking the scope row by
 * row (an admin's whole organisation: a few rows; a trainer's few courses: the planner starts
 * from their courses instead), so it never reads the whole set as the old per-enrolment probe
 * of module_file_progress did. The count is one pass over the open enrolments, semi-joined
 * once to the scope's courses and people (one statement rather than a count per part: the
 * parts would each hash the people again, and a semi-join is not pushed into a union's parts,
 * so a trainer's count could not start from their courses). It is what the request costs on a
 * large organisation: every learner at risk is a row to check against the scope.
 */
export async function learnersAtRisk(
  db: DbOrTx,
  input: ReportInput & {
    inactiveDays: number;
    page: TPageQuery;
    now?: Date;
    /** Stop counting past this many (the screens); absent, count them all (exports). */
    countCap?: number;
  },
): Promise<{ count: number; capped: boolean; rows: TLearnerAtRiskRow[] }> {
  const now = input.now ?? new Date();
  const cutoff = new Date(now.getTime() - input.inactiveDays * DAY_MS);
  const { limit, offset } = pageBounds(input.page);
  const at = sql`${now.toISOString()}::timestamptz`;
  const before = sql`${cutoff.toISOString()}::timestamptz`;
  // The scope as two semi-joins: the scope's courses, and its people (active accounts) as one
  // set, so a count over many rows probes one hash of people rather than users and members.
  const inScope = (e: SQL) => sql`${e}.course_id in (select c.id from courses c
      where ${courseScope(input.scope)})
    and ${e}.user_id in (select u.id from users u
      where u.is_active and ${membersOf(input, sql`u.id`)})`;
  const parts: [number, SQL][] = [
    [1, sql`e.due_at < ${at} and ${LAST_ACTIVITY} < ${before}`],
    [2, sql`e.due_at < ${at} and ${LAST_ACTIVITY} >= ${before}`],
    [3, sql`e.due_at >= ${at} and ${LAST_ACTIVITY} < ${before}`],
    [4, sql`e.due_at is null and ${LAST_ACTIVITY} < ${before}`],
  ];
  // Part n is read only while parts 1..n-1 hold fewer than offset + limit rows: a one-time
  // filter, so page 1 of an organisation with many overdue learners reads part 1 alone.
  const wanted = offset + limit;
  const pageParts = parts.map(([part, where], i) => {
    const earlier = parts.slice(0, i).map(([n]) => sql.raw(`(select count(*) from p${n})`));
    const gate = i === 0 ? sql`` : sql` and ${sql.join(earlier, sql` + `)} < ${wanted}`;
    return sql`${sql.raw(`p${part}`)} as (select e.id, ${part}::int as part, e.due_at,
        ${LAST_ACTIVITY} as last_activity
      from course_enrolments e
      where e.status = 'enrolled' and ${where} and ${inScope(sql`e`)}${gate}
      order by e.due_at, ${LAST_ACTIVITY}, e.id
      limit ${wanted})`;
  });
  const [result] = await queryRows<{ total: number; rows: Row[] | string }>(
    db,
    sql`with ${sql.join(pageParts, sql`, `)},
      page as (
        select * from (${sql.raw(parts.map(([n]) => `select * from p${n}`).join(' union all '))}) hit
        order by part, due_at, last_activity, id
        limit ${limit} offset ${offset})
      select (select count(*) from (select 1 from course_enrolments e
        where e.status = 'enrolled' and (e.due_at < ${at} or ${LAST_ACTIVITY} < ${before})
          and ${inScope(sql`e`)}
        ${input.countCap === undefined ? sql`` : sql`limit ${input.countCap + 1}`}) counted)::int as total,
        coalesce((select json_agg(p) from (
          select h.id as enrolment_id, ${PERSON('u')}, c.id as course_id, c.title as course_title,
            h.part <= 2 as overdue, h.part <> 2 as inactive, h.last_activity, h.due_at,
            e.progress_percent
          from page h
          join course_enrolments e on e.id = h.id
          join users u on u.id = e.user_id
          join courses c on c.id = e.course_id
          order by h.part, h.due_at, h.last_activity, h.id) p), '[]') as rows`,
  );
  const rows = (
    typeof result!.rows === 'string' ? JSON.parse(result!.rows) : result!.rows
  ) as Row[];
  const capped = input.countCap !== undefined && result!.total > input.countCap;
  return {
    count: capped ? input.countCap! : result!.total,
    capped,
    rows: rows.map((r) => {
      const reasons: TAtRiskReason[] = AT_RISK_REASONS.filter((reason) =>
        reason === 'overdue' ? r.overdue : r.inactive,
      );
      return {
        enrolment_id: r.enrolment_id,
        learner: personOf(r),
        course: { id: r.course_id, title: r.course_title },
        reasons,
        last_activity_at: iso(r.last_activity),
        due_at: iso(r.due_at),
        progress_percent: r.progress_percent,
        days_overdue: r.overdue ? (daysSince(r.due_at, now) ?? 0) : 0,
        days_inactive: daysSince(r.last_activity, now),
      };
    }),
  };
}
