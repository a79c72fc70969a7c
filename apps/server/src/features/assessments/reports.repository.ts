import type {
  TAssessmentReportDetail,
  TQuestionDefinition,
  TQuestionType,
  ZAssessmentReportRow,
} from '@atrium/contract';
import { type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Actor } from '../../core/auth/actor.ts';
import type { DbOrTx } from '../../core/db/database.ts';
import type { Assessment } from './assessment.access.ts';
import { analyseItems, distribution } from './item-analysis.ts';
import type { DateWindow } from './report-dates.ts';
import { assignedUsers, containing, finalPercent, idList, inWindow, rowsOf } from './report-sql.ts';
import { reportScope } from './reports.policy.ts';

/**
 * report/list and report/detail. Learner figures are per learner (their final grade by the
 * grading method); the distribution and the item analysis are per graded attempt. A date window
 * narrows the attempts that count to those submitted in it (a started, unsubmitted attempt by
 * its start); the assigned count never depends on it.
 */

export type TAssessmentReportRow = z.infer<typeof ZAssessmentReportRow>;

const round2 = (n: number) => Math.round(n * 100) / 100;
const numberOrNull = (v: unknown) => (v === null || v === undefined ? null : Number(v));

/** Per learner of the assessments `t.assessment_id` matches: started, submitted, final grade. */
function learnerFigures(assessmentFilter: SQL, w: DateWindow): SQL {
  const submittedIn = inWindow(sql`t.submitted_at`, w);
  return sql`
    select t.assessment_id, t.user_id, a.pass_mark,
      bool_or(t.status <> 'not_started' and ${inWindow(sql`coalesce(t.submitted_at, t.started_at)`, w)}) as started,
      bool_or(t.status in ('submitted', 'graded') and ${submittedIn}) as submitted,
      ${finalPercent(submittedIn)} as percent
    from assessment_attempts t
    join assessments a on a.id = t.assessment_id
    where ${assessmentFilter}
    group by t.assessment_id, t.user_id, a.id`;
}

/** Which assessments of the organisation the caller reports on (reports.policy.ts's scope). */
function scopeOf(actor: Actor): SQL {
  const scope = reportScope(actor);
  if (scope === 'organisation') return sql`true`;
  if (scope === 'none') return sql`false`;
  return sql`(a.created_by = ${actor.userId} or exists (
    select 1 from assessment_reviewers r where r.assessment_id = a.id and r.user_id = ${actor.userId}))`;
}

export async function listReports(
  db: DbOrTx,
  actor: Actor,
  q: { search?: string; window: DateWindow },
  page: { limit: number; offset: number },
): Promise<{ count: number; rows: TAssessmentReportRow[] }> {
  const where = sql`a.organisation_id = ${actor.organisationId} and ${scopeOf(actor)}
    and ${q.search ? sql`lower(a.title) like ${containing(q.search)}` : sql`true`}`;
  const [list, [total]] = await Promise.all([
    rowsOf<{ id: number; title: string; course_id: number | null; course_title: string | null }>(
      db,
      sql`select a.id, a.title, a.course_id, c.title as course_title
            from assessments a left join courses c on c.id = a.course_id
           where ${where}
           order by a.updated_at desc, a.id desc
           limit ${page.limit} offset ${page.offset}`,
    ),
    rowsOf<{ n: number }>(db, sql`select count(*)::int as n from assessments a where ${where}`),
  ]);
  if (list.length === 0) return { count: total?.n ?? 0, rows: [] };
  const ids = idList(list.map((r) => r.id));
  const [assigned, figures] = await Promise.all([
    rowsOf<{ assessment_id: number; n: number }>(
      db,
      sql`select assessment_id, count(*)::int as n
            from (${assignedUsers(sql`aa.assessment_id in (${ids})`)}) s group by assessment_id`,
    ),
    rowsOf<{
      assessment_id: number;
      attempted: number;
      completed: number;
      passed: number;
      average: number | null;
    }>(
      db,
      sql`select l.assessment_id,
            count(*) filter (where l.started)::int as attempted,
            count(l.percent)::int as completed,
            count(*) filter (where l.percent >= l.pass_mark)::int as passed,
            round(avg(l.percent)::numeric, 2)::float8 as average
          from (${learnerFigures(sql`t.assessment_id in (${ids})`, q.window)}) l
          group by l.assessment_id`,
    ),
  ]);
  const assignedOf = new Map(assigned.map((r) => [r.assessment_id, r.n]));
  const figuresOf = new Map(figures.map((r) => [r.assessment_id, r]));
  const rows = list.map((r): TAssessmentReportRow => {
    const f = figuresOf.get(r.id);
    const completed = f?.completed ?? 0;
    const passed = f?.passed ?? 0;
    return {
      id: r.id,
      title: r.title,
      course: r.course_id === null ? null : { id: r.course_id, title: r.course_title ?? '' },
      assigned: assignedOf.get(r.id) ?? 0,
      attempted: f?.attempted ?? 0,
      completed,
      passed,
      average_percent: numberOrNull(f?.average),
      pass_rate: completed === 0 ? null : round2((passed / completed) * 100),
    };
  });
  return { count: total?.n ?? 0, rows };
}

type Summary = TAssessmentReportDetail['summary'];

async function summaryOf(db: DbOrTx, a: Assessment, w: DateWindow): Promise<Summary> {
  const [[assigned], [learners], [time]] = await Promise.all([
    rowsOf<{ n: number }>(
      db,
      sql`select count(*)::int as n from (${assignedUsers(sql`aa.assessment_id = ${a.id}`)}) s`,
    ),
    rowsOf<{
      started: number;
      submitted: number;
      graded: number;
      passed: number;
      average: number | null;
      median: number | null;
    }>(
      db,
      sql`select count(*) filter (where l.started)::int as started,
            count(*) filter (where l.submitted)::int as submitted,
            count(l.percent)::int as graded,
            count(*) filter (where l.percent >= l.pass_mark)::int as passed,
            round(avg(l.percent)::numeric, 2)::float8 as average,
            percentile_cont(0.5) within group (order by l.percent) as median
          from (${learnerFigures(sql`t.assessment_id = ${a.id}`, w)}) l`,
    ),
    rowsOf<{ seconds: number | null }>(
      db,
      sql`select round(avg(extract(epoch from t.submitted_at - t.started_at)))::float8 as seconds
            from assessment_attempts t
           where t.assessment_id = ${a.id} and t.status in ('submitted', 'graded')
             and t.started_at is not null and ${inWindow(sql`t.submitted_at`, w)}`,
    ),
  ]);
  const median = numberOrNull(learners?.median);
  return {
    assigned: assigned?.n ?? 0,
    started: learners?.started ?? 0,
    submitted: learners?.submitted ?? 0,
    graded: learners?.graded ?? 0,
    passed: learners?.passed ?? 0,
    average_percent: numberOrNull(learners?.average),
    median_percent: median === null ? null : round2(median),
    average_time_seconds: numberOrNull(time?.seconds),
  };
}

interface AnswerRow {
  question_id: number;
  title: string;
  type: TQuestionType;
  version: number;
  version_id: number;
  item: number;
  score: number;
  max_score: number;
  answer: unknown;
  attempt_score: number;
}

/** The scored answers of the graded attempts in the window, analysed per question. */
export async function itemAnalysis(db: DbOrTx, a: Assessment, w: DateWindow) {
  const answers = await rowsOf<AnswerRow>(
    db,
    sql`select q.id as question_id, q.title, q.type, qv.version, qv.id as version_id, ans.item,
          ans.score::float8 as score, ans.max_score::float8 as max_score, ans.answer,
          coalesce(t.score, 0)::float8 as attempt_score
        from assessment_attempts t
        join assessment_attempt_answers ans on ans.attempt_id = t.id
        join question_versions qv on qv.id = ans.question_version_id
        join questions q on q.id = qv.question_id
        where t.assessment_id = ${a.id} and t.status = 'graded' and ans.score is not null
          and ${inWindow(sql`t.submitted_at`, w)}`,
  );
  const versionIds = [...new Set(answers.map((r) => r.version_id))];
  const definitions =
    versionIds.length === 0
      ? []
      : await rowsOf<{ id: number; definition: TQuestionDefinition }>(
          db,
          sql`select id, definition from question_versions where id in (${idList(versionIds)})`,
        );
  return analyseItems(
    answers.map((r) => ({
      questionId: r.question_id,
      title: r.title,
      type: r.type,
      version: r.version,
      questionVersionId: r.version_id,
      item: r.item,
      score: r.score,
      maxScore: r.max_score,
      answer: r.answer,
      attemptScore: r.attempt_score,
    })),
    new Map(definitions.map((d) => [d.id, d.definition])),
  );
}

export async function reportDetail(
  db: DbOrTx,
  a: Assessment,
  w: DateWindow,
): Promise<TAssessmentReportDetail> {
  const [summary, bands, items] = await Promise.all([
    summaryOf(db, a, w),
    rowsOf<{ percent: number }>(
      db,
      sql`select t.percent::float8 as percent from assessment_attempts t
           where t.assessment_id = ${a.id} and t.status = 'graded' and t.percent is not null
             and ${inWindow(sql`t.submitted_at`, w)}`,
    ),
    itemAnalysis(db, a, w),
  ]);
  return {
    assessment: { id: a.id, title: a.title, pass_mark: a.passMark },
    summary,
    distribution: distribution(bands.map((b) => b.percent)),
    items,
  };
}
