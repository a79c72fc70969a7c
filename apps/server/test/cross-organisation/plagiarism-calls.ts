import { eq } from 'drizzle-orm';
import { courses } from '../../src/schema/courses.table.ts';
import { assignmentSubmissions, assignments } from '../../src/schema/enrolments.table.ts';
import { plagiarismChecks, plagiarismMatches } from '../../src/schema/plagiarism.table.ts';
import type { TestApp } from '../app.ts';
import type { IdCall } from './calls.ts';

/**
 * Plagiarism (issue 24) in the cross-organisation test: a finished check of the submission in
 * acme's own course, with one match (written directly: the check job is not what is tested here).
 * Its staff routes are the course's managers'; the score route is the submitting learner's.
 */
export interface PlagiarismObjects {
  plagiarismCheck: number;
  plagiarismMatch: number;
}

export async function makePlagiarismObjects(
  t: TestApp,
  submissionId: number,
): Promise<PlagiarismObjects> {
  const db = t.database.db;
  const [s] = await db
    .select({
      userId: assignmentSubmissions.userId,
      assignmentId: assignmentSubmissions.assignmentId,
      courseId: assignments.courseId,
      organisationId: courses.organisationId,
      submittedAt: assignmentSubmissions.submittedAt,
    })
    .from(assignmentSubmissions)
    .innerJoin(assignments, eq(assignments.id, assignmentSubmissions.assignmentId))
    .innerJoin(courses, eq(courses.id, assignments.courseId))
    .where(eq(assignmentSubmissions.id, submissionId));
  if (!s) throw new Error('plagiarism: no submission');
  const [check] = await db
    .insert(plagiarismChecks)
    .values({ submissionId, ...s, status: 'done', score: 50, text: 'An essay text.' })
    .onConflictDoNothing()
    .returning({ id: plagiarismChecks.id });
  const checkId =
    check?.id ??
    (
      await db
        .select({ id: plagiarismChecks.id })
        .from(plagiarismChecks)
        .where(eq(plagiarismChecks.submissionId, submissionId))
    )[0]!.id;
  const [match] = await db
    .insert(plagiarismMatches)
    .values({ checkId, otherCheckId: checkId, score: 50, passages: [] })
    .returning({ id: plagiarismMatches.id });
  return { plagiarismCheck: checkId, plagiarismMatch: match!.id };
}

export const PLAGIARISM_CALLS: Record<string, IdCall> = {
  'GET /api/plagiarism/checks/:id/': { params: (f) => ({ id: f.plagiarismCheck }) },
  'PATCH /api/plagiarism/matches/:id/': {
    params: (f) => ({ id: f.plagiarismMatch }),
    body: () => ({ decision: 'flagged', note: 'Taken over' }),
  },
  'GET /api/plagiarism/assignments/:id/settings/': { params: (f) => ({ id: f.assignment }) },
  'PUT /api/plagiarism/assignments/:id/settings/': {
    params: (f) => ({ id: f.assignment }),
    body: () => ({ threshold: 10, show_learners: true }),
  },
  'GET /api/plagiarism/submissions/:id/score/': {
    params: (f) => ({ id: f.submission }),
    owner: 'learner',
  },
};
