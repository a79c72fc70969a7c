import type { TSubmission } from '@atrium/contract';
import { learningOps } from '@atrium/contract';
import { desc, eq, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../core/db/database.ts';
import { assignmentSubmissions } from '../../schema/enrolments.table.ts';
import { users } from '../../schema/users.table.ts';
import { fullnameSql, iso } from './enrolments.shared.ts';

// Its own file: both the assignment list (the learner's own submission) and the submission use
// cases read rows this way, and neither may import the other (no import cycles).

const fileUrl = (id: number) => learningOps.submissionFile.path.replace(':id', String(id));

/** Submissions with their learner, as the contract shows them. */
export async function submissionRows(
  db: DbOrTx,
  where: SQL | undefined,
  page?: { limit: number; offset: number },
) {
  let q = db
    .select({ s: assignmentSubmissions, fullname: fullnameSql })
    .from(assignmentSubmissions)
    .innerJoin(users, eq(users.id, assignmentSubmissions.userId))
    .where(where)
    .orderBy(desc(assignmentSubmissions.submittedAt), desc(assignmentSubmissions.id))
    .$dynamic();
  if (page) q = q.limit(page.limit).offset(page.offset);
  return (await q).map(
    ({ s, fullname }): TSubmission => ({
      id: s.id,
      assignment: s.assignmentId,
      user: { id: s.userId, fullname },
      file_name: s.fileName,
      file_url: s.fileKey ? fileUrl(s.id) : null,
      text: s.text,
      submitted_at: s.submittedAt.toISOString(),
      score: s.score,
      feedback: s.feedback,
      graded_at: iso(s.gradedAt),
    }),
  );
}
