import {
  AT_RISK_REASONS,
  type TAtRiskReason,
  type TLearnerAtRiskRow,
  type TPageQuery,
} from '@atrium/contract';
import { sql } from 'drizzle-orm';
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

/**
 * learners-at-risk/: the enrolments of the scope's courses (enrolled, not completed; active
 * accounts of the scope's organisation) whose learner is overdue — the due date has passed — or
 * inactive — no progress for `inactiveDays` days. The last activity is the latest progress on
 * one of the course's files (module_file_progress.updated_at), else the enrolment itself: a
 * learner who never started is inactive from the day they were enrolled. Sign-ins do not count:
 * signing in without learning is what a trainer wants to see.
 *
 * One statement, as the other reports: the candidates come from the scope's courses
 * (courses_created_by_idx for a trainer, then course_enrolments_course_status_idx), and each
 * candidate's last progress is one probe of module_file_progress' (enrolment_id, ...) unique
 * index. No index on module_file_progress.updated_at: progress saves rewrite that column all
 * day, and indexing it would cost every save for the sake of this read.
 *
 * Most at risk first: both reasons, then overdue (longest overdue first), then inactive
 * (longest idle first).
 */
export async function learnersAtRisk(
  db: DbOrTx,
  input: ReportInput & { inactiveDays: number; page: TPageQuery; now?: Date },
): Promise<{ count: number; rows: TLearnerAtRiskRow[] }> {
  const now = input.now ?? new Date();
  const cutoff = new Date(now.getTime() - input.inactiveDays * DAY_MS);
  const { limit, offset } = pageBounds(input.page);
  const [result] = await queryRows<{ total: number; rows: Row[] | string }>(
    db,
    sql`with candidates as (
        select e.id, e.user_id, e.course_id, e.due_at, e.progress_percent,
          greatest(coalesce(e.enrolled_at, e.created_at),
            (select max(p.updated_at) from module_file_progress p where p.enrolment_id = e.id))
            as last_activity
        from course_enrolments e
        join courses c on c.id = e.course_id
        join users u on u.id = e.user_id and u.is_active
        where e.status = 'enrolled' and ${courseScope(input.scope)}
          and ${membersOf(input, sql`e.user_id`)}
      ),
      risk as (
        select *,
          (due_at is not null and due_at < ${now.toISOString()}::timestamptz) as overdue,
          (last_activity < ${cutoff.toISOString()}::timestamptz) as inactive
        from candidates
      ),
      hit as (select * from risk where overdue or inactive)
      select (select count(*) from hit)::int as total,
        coalesce((select json_agg(p) from (
          select h.id as enrolment_id, ${PERSON('u')}, c.id as course_id, c.title as course_title,
            h.overdue, h.inactive, h.last_activity, h.due_at, h.progress_percent
          from hit h
          join users u on u.id = h.user_id
          join courses c on c.id = h.course_id
          order by (h.overdue::int + h.inactive::int) desc, h.overdue desc,
            h.due_at asc nulls last, h.last_activity asc, h.id
          limit ${limit} offset ${offset}) p), '[]') as rows`,
  );
  const rows = (
    typeof result!.rows === 'string' ? JSON.parse(result!.rows) : result!.rows
  ) as Row[];
  return {
    count: result!.total,
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
