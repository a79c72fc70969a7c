import {
  DEFAULT_SIMILARITY_THRESHOLD,
  type TPlagiarismCheck,
  type TPlagiarismCheckPage,
  type ZPlagiarismCheckQuery,
} from '@atrium/contract';
import { type AnyColumn, and, count, desc, eq, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Actor } from '../../core/auth/actor.ts';
import type { DbOrTx } from '../../core/db/database.ts';
import { boundedCount, COUNT_LIMIT, pageBounds, toPage } from '../../core/http/pagination.ts';
import { courses } from '../../schema/courses.table.ts';
import { assignments } from '../../schema/enrolments.table.ts';
import {
  plagiarismChecks,
  plagiarismMatches,
  plagiarismSettings,
} from '../../schema/plagiarism.table.ts';
import { users } from '../../schema/users.table.ts';
import { managedBy } from '../catalogue/index.ts';
import { canReview } from './plagiarism.policy.ts';

/** Checks with what the list shows: titles, learner, threshold, flags (reads across the schema). */

export const fullname = (t: { firstName: AnyColumn; lastName: AnyColumn; username: AnyColumn }) =>
  sql<string>`coalesce(nullif(trim(${t.firstName} || ' ' || ${t.lastName}), ''), ${t.username})`;

const threshold = sql<number>`coalesce(${plagiarismSettings.threshold}, ${DEFAULT_SIMILARITY_THRESHOLD})`;
const flagged = sql<boolean>`exists (select 1 from ${plagiarismMatches} where ${plagiarismMatches.checkId} = ${plagiarismChecks.id} and ${plagiarismMatches.decision} = 'flagged')`;
const matchCount = sql<number>`(select count(*)::int from ${plagiarismMatches} where ${plagiarismMatches.checkId} = ${plagiarismChecks.id})`;

export function selectChecks(db: DbOrTx) {
  return db
    .select({
      c: plagiarismChecks,
      course: {
        title: courses.title,
        organisationId: courses.organisationId,
        createdBy: courses.createdBy,
        status: courses.status,
        visibility: courses.visibility,
        selfEnrol: courses.selfEnrol,
      },
      assignmentTitle: assignments.title,
      learner: fullname(users),
      threshold,
      showLearners: sql<boolean>`coalesce(${plagiarismSettings.showLearners}, false)`,
      flagged,
      matchCount,
    })
    .from(plagiarismChecks)
    .innerJoin(courses, eq(courses.id, plagiarismChecks.courseId))
    .innerJoin(assignments, eq(assignments.id, plagiarismChecks.assignmentId))
    .innerJoin(users, eq(users.id, plagiarismChecks.userId))
    .leftJoin(
      plagiarismSettings,
      eq(plagiarismSettings.assignmentId, plagiarismChecks.assignmentId),
    )
    .$dynamic();
}
export type CheckRow = Awaited<ReturnType<ReturnType<typeof selectChecks>['execute']>>[number];

export function presentCheck(actor: Actor, r: CheckRow): TPlagiarismCheck {
  const may = canReview(actor, r.course);
  const score = r.c.status === 'done' ? r.c.score : null;
  return {
    id: r.c.id,
    submission: r.c.submissionId,
    course: { id: r.c.courseId, title: r.course.title },
    assignment: { id: r.c.assignmentId, title: r.assignmentTitle },
    learner: { id: r.c.userId, fullname: r.learner },
    status: r.c.status,
    error: r.c.status === 'failed' ? r.c.error : null,
    score,
    threshold: Number(r.threshold),
    over_threshold: score !== null && score >= Number(r.threshold),
    flagged: Boolean(r.flagged),
    match_count: Number(r.matchCount),
    submitted_at: r.c.submittedAt.toISOString(),
    checked_at: r.c.checkedAt ? r.c.checkedAt.toISOString() : null,
    abilities: { decide: may, configure: may },
  };
}

/** The checks of the courses the caller manages, newest submission first. */
export async function listChecks(
  db: DbOrTx,
  actor: Actor,
  q: z.infer<typeof ZPlagiarismCheckQuery>,
  requestUrl: string,
): Promise<TPlagiarismCheckPage> {
  const where: SQL | undefined = and(
    managedBy(actor),
    q.course ? eq(plagiarismChecks.courseId, q.course) : undefined,
    q.assignment ? eq(plagiarismChecks.assignmentId, q.assignment) : undefined,
    q.status ? eq(plagiarismChecks.status, q.status) : undefined,
    q.flagged === 'true' ? flagged : q.flagged === 'false' ? sql`not ${flagged}` : undefined,
  );
  const { limit, offset } = pageBounds(q);
  const [rows, counted] = await Promise.all([
    selectChecks(db)
      .where(where)
      .orderBy(desc(plagiarismChecks.submittedAt), desc(plagiarismChecks.id))
      .limit(limit)
      .offset(offset),
    db.select({ n: count() }).from(
      db
        .select({ one: sql`1`.as('one') })
        .from(plagiarismChecks)
        .innerJoin(courses, eq(courses.id, plagiarismChecks.courseId))
        .where(where)
        .limit(COUNT_LIMIT)
        .as('counted'),
    ),
  ]);
  return toPage(
    requestUrl,
    q,
    boundedCount(Number(counted[0]?.n ?? 0)),
    rows.map((r) => presentCheck(actor, r)),
  );
}
