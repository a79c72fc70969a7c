import { eq } from 'drizzle-orm';
import type { AppContext } from '../../core/context.ts';
import { courses } from '../../schema/courses.table.ts';
import { assignmentSubmissions, assignments } from '../../schema/enrolments.table.ts';

/**
 * A submission as another slice reads it (plagiarism's similarity check): who sent what for
 * which assignment, course and organisation, and its stored file's bytes. No access check: the
 * caller is a job acting on the learning slice's own event.
 */
export async function submissionSource(ctx: AppContext, submissionId: number) {
  const [row] = await ctx.db
    .select({
      id: assignmentSubmissions.id,
      assignmentId: assignmentSubmissions.assignmentId,
      userId: assignmentSubmissions.userId,
      text: assignmentSubmissions.text,
      fileKey: assignmentSubmissions.fileKey,
      fileName: assignmentSubmissions.fileName,
      submittedAt: assignmentSubmissions.submittedAt,
      courseId: assignments.courseId,
      organisationId: courses.organisationId,
    })
    .from(assignmentSubmissions)
    .innerJoin(assignments, eq(assignments.id, assignmentSubmissions.assignmentId))
    .innerJoin(courses, eq(courses.id, assignments.courseId))
    .where(eq(assignmentSubmissions.id, submissionId));
  if (!row) return null;
  return {
    ...row,
    /** The stored file's bytes, at most `maxBytes` (null without a file). */
    async readFile(maxBytes: number): Promise<Buffer | null> {
      if (!row.fileKey) return null;
      const chunks: Buffer[] = [];
      let size = 0;
      for await (const chunk of await ctx.files.open(row.fileKey)) {
        size += (chunk as Buffer).length;
        if (size > maxBytes) throw new Error('The stored submission is larger than allowed.');
        chunks.push(chunk as Buffer);
      }
      return Buffer.concat(chunks);
    },
  };
}
