import {
  MAX_ID,
  type TAssessmentQuery,
  type TAssessmentSettings,
  type TAssessmentSummary,
  type TReviewOptions,
} from '@atrium/contract';
import { and, count, desc, eq, inArray, isNotNull, isNull, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Actor } from '../../core/auth/actor.ts';
import type { DbOrTx } from '../../core/db/database.ts';
import { type BoundedCount, boundedCount, COUNT_LIMIT } from '../../core/http/pagination.ts';
import {
  assessmentAttempts,
  assessmentReviewers,
  assessmentSlots,
  assessments,
} from '../../schema/assessments.table.ts';
import { courses } from '../../schema/courses.table.ts';
import { users } from '../../schema/users.table.ts';
import type { Assessment } from './assessment.access.ts';
import { assessmentAbilities } from './assessments.policy.ts';

/**
 * Reading assessments for the authoring screens: the list and the summary part of the detail.
 * The numbers each row shows (questions, learners, submissions, grading waiting, the caller's
 * reviewer role) come from one grouped query each over the page's ids, so a page costs the same
 * few queries whatever its size.
 */

type Person = Record<'id' | 'firstName' | 'lastName' | 'username', AnyPgColumn>;
export const fullname = (u: Person) =>
  sql<string>`coalesce(nullif(trim(${u.firstName} || ' ' || ${u.lastName}), ''), ${u.username})`;

/**
 * The rows of a raw statement (for what the query builder cannot say: recursive trees, unions).
 * Both drivers (node-postgres, PGlite) answer `{ rows }`; the builder's type leaves it unknown.
 */
export async function rawRows<T>(db: DbOrTx, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** The settings as the contract shows them (the password only as whether there is one). */
export function toSettings(a: Assessment): TAssessmentSettings {
  return {
    assessment: a.id,
    time_limit_seconds: a.timeLimitSeconds,
    opens_at: iso(a.opensAt),
    closes_at: iso(a.closesAt),
    grace_seconds: a.graceSeconds,
    attempts_allowed: a.attemptsAllowed,
    attempt_delay_seconds: a.attemptDelaySeconds,
    grading_method: a.gradingMethod,
    pass_mark: a.passMark,
    shuffle_questions: a.shuffleQuestions,
    shuffle_options: a.shuffleOptions,
    review: a.review as TReviewOptions,
    has_password: a.passwordHash !== null,
    proctored: a.proctored,
  };
}

export interface AssessmentCounts {
  questions: number;
  assigned: number;
  submitted: number;
  pending: number;
  reviewer: boolean;
}

/** The per-assessment numbers of the given ids, one grouped query per kind of number. */
export async function countsFor(
  db: DbOrTx,
  actor: Actor,
  ids: number[],
): Promise<Map<number, AssessmentCounts>> {
  const out = new Map<number, AssessmentCounts>(
    ids.map((id) => [id, { questions: 0, assigned: 0, submitted: 0, pending: 0, reviewer: false }]),
  );
  if (ids.length === 0) return out;
  const idList = sql.join(
    ids.map((id) => sql`${id}`),
    sql`, `,
  );
  const [slots, assigned, attempts, reviewing] = await Promise.all([
    db
      .select({
        id: assessmentSlots.assessmentId,
        n: sql<number>`coalesce(sum(case when ${assessmentSlots.kind} = 'fixed' then 1 else ${assessmentSlots.drawCount} end), 0)::int`,
      })
      .from(assessmentSlots)
      .where(inArray(assessmentSlots.assessmentId, ids))
      .groupBy(assessmentSlots.assessmentId),
    // Learners covered: those named, and the active members of the departments named (once each).
    rawRows<{ id: number; n: number }>(
      db,
      sql`
      select x.assessment_id as id, count(distinct x.user_id)::int as n from (
        select aa.assessment_id, aa.user_id from assessment_assignments aa
          where aa.user_id is not null and aa.assessment_id in (${idList})
        union
        select aa.assessment_id, p.user_id from assessment_assignments aa
          join user_profiles p on p.department_id = aa.department_id
          join users u on u.id = p.user_id and u.is_active
          where aa.assessment_id in (${idList})
      ) x group by x.assessment_id`,
    ),
    db
      .select({
        id: assessmentAttempts.assessmentId,
        submitted: sql<number>`count(*) filter (where ${assessmentAttempts.status} in ('submitted', 'graded'))::int`,
        pending: sql<number>`coalesce(sum(${assessmentAttempts.pendingManual}) filter (where ${assessmentAttempts.status} = 'submitted'), 0)::int`,
      })
      .from(assessmentAttempts)
      .where(inArray(assessmentAttempts.assessmentId, ids))
      .groupBy(assessmentAttempts.assessmentId),
    db
      .select({ id: assessmentReviewers.assessmentId })
      .from(assessmentReviewers)
      .where(
        and(
          eq(assessmentReviewers.userId, actor.userId),
          inArray(assessmentReviewers.assessmentId, ids),
        ),
      ),
  ]);
  for (const r of slots) out.get(r.id)!.questions = Number(r.n);
  for (const r of assigned) out.get(Number(r.id))!.assigned = Number(r.n);
  for (const r of attempts) {
    const c = out.get(r.id)!;
    c.submitted = Number(r.submitted);
    c.pending = Number(r.pending);
  }
  for (const r of reviewing) out.get(r.id)!.reviewer = true;
  return out;
}

/** The assessment rows with their course's title and their author's name. */
export function selectAssessmentRows(db: DbOrTx) {
  return db
    .select({
      a: assessments,
      courseTitle: courses.title,
      creatorName: fullname(users),
    })
    .from(assessments)
    .leftJoin(courses, eq(courses.id, assessments.courseId))
    .leftJoin(users, eq(users.id, assessments.createdBy));
}

export type AssessmentRow = Awaited<
  ReturnType<ReturnType<typeof selectAssessmentRows>['where']>
>[number];

export function toSummary(
  actor: Actor,
  row: AssessmentRow,
  c: AssessmentCounts,
): TAssessmentSummary {
  const a = row.a;
  return {
    id: a.id,
    uuid: a.uuid,
    title: a.title,
    status: a.status,
    type: a.courseId === null ? 'standalone' : 'course',
    course: a.courseId === null ? null : { id: a.courseId, title: row.courseTitle ?? '' },
    question_count: c.questions,
    time_limit_seconds: a.timeLimitSeconds,
    opens_at: iso(a.opensAt),
    closes_at: iso(a.closesAt),
    attempts_allowed: a.attemptsAllowed,
    assigned_count: c.assigned,
    submitted_count: c.submitted,
    pending_grading: c.pending,
    created_by: a.createdBy === null ? null : { id: a.createdBy, fullname: row.creatorName ?? '' },
    updated_at: a.updatedAt.toISOString(),
    abilities: assessmentAbilities(actor, {
      organisationId: a.organisationId,
      createdBy: a.createdBy,
      isReviewer: c.reviewer,
    }),
  };
}

const escapeLike = (s: string) => `%${s.toLowerCase().replace(/[%_\\]/g, '\\$&')}%`;

/** The list's filters, always within the organisation signed in to (a superadmin's too). */
function listConditions(actor: Actor, f: TAssessmentQuery): SQL | undefined {
  const c: (SQL | undefined)[] = [eq(assessments.organisationId, actor.organisationId)];
  if (f.type === 'standalone') c.push(isNull(assessments.courseId));
  if (f.type === 'course') c.push(isNotNull(assessments.courseId));
  // A number past the id range names no course (and the database would refuse it as a parameter).
  if (f.courses)
    c.push(
      inArray(
        assessments.courseId,
        f.courses.filter((id) => id <= MAX_ID),
      ),
    );
  if (f.status) c.push(eq(assessments.status, f.status));
  if (f.search) c.push(sql`lower(${assessments.title}) like ${escapeLike(f.search)}`);
  return and(...c);
}

/** A page of the organisation's assessments, newest change first, and its bounded total. */
export async function listAssessments(
  db: DbOrTx,
  actor: Actor,
  filter: TAssessmentQuery,
  page: { limit: number; offset: number },
): Promise<{ count: BoundedCount; rows: TAssessmentSummary[] }> {
  const where = listConditions(actor, filter);
  const bounded = db
    .select({ one: sql`1` })
    .from(assessments)
    .where(where)
    .limit(COUNT_LIMIT)
    .as('bounded');
  const [rows, [total]] = await Promise.all([
    selectAssessmentRows(db)
      .where(where)
      .orderBy(desc(assessments.updatedAt), desc(assessments.id))
      .limit(page.limit)
      .offset(page.offset),
    db.select({ n: count() }).from(bounded),
  ]);
  const counts = await countsFor(
    db,
    actor,
    rows.map((r) => r.a.id),
  );
  return {
    count: boundedCount(total?.n ?? 0),
    rows: rows.map((r) => toSummary(actor, r, counts.get(r.a.id)!)),
  };
}
