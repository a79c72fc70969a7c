import type { TGrade, TSubmission } from '@atrium/contract';
import { SUBMISSION_EXTENSIONS, SUBMISSION_MAX_BYTES, ZGrade } from '@atrium/contract';
import type { MultipartFile } from '@fastify/multipart';
import { and, count, eq } from 'drizzle-orm';
import type { AuthContext } from '../../core/auth/access.ts';
import type { AppContext } from '../../core/context.ts';
import type { DbOrTx } from '../../core/db/database.ts';
import { runInTransaction } from '../../core/db/transaction.ts';
import {
  badRequest,
  conflict,
  fieldError,
  forbidden,
  notFound,
} from '../../core/errors/app-error.ts';
import type { StoredFile } from '../../core/storage/file-store.ts';
import { assignmentSubmissions } from '../../schema/enrolments.table.ts';
import { managedCourseFor } from '../catalogue/index.ts';
import { submissionRows } from './assignment-submission-rows.ts';
import { assignmentFor } from './assignments.service.ts';
import { activeEnrolment, refused } from './enrolments.shared.ts';
import { canReadLearnerWork } from './learning.policy.ts';

declare module '../../core/events/event-bus.ts' {
  interface DomainEvents {
    /** A learner sent (or replaced) their submission; the course's managers are told. */
    'assignment.submitted': SubmissionEvent;
    /** A manager graded a learner's submission. */
    'assignment.graded': SubmissionEvent & { gradedBy: number };
  }
}
interface SubmissionEvent {
  submissionId: number;
  assignmentId: number;
  courseId: number;
  userId: number;
}

export const NOT_ENROLLED_SUBMIT = 'Only learners enrolled in this course can submit assignments.';
const SUBMISSION_NOT_FOUND = 'Submission not found.';

export const submissions = {
  /** Checked before the upload is read: only enrolled learners may send anything. */
  async assertCanSubmit(db: DbOrTx, auth: AuthContext, assignmentId: number) {
    const { assignment } = await assignmentFor(db, auth, assignmentId);
    if (!(await activeEnrolment(db, assignment.courseId, auth.userId)))
      throw refused(NOT_ENROLLED_SUBMIT);
    return assignment;
  },

  storeFile(ctx: AppContext, file: MultipartFile): Promise<StoredFile> {
    return ctx.files.put(file.file, {
      originalName: file.filename,
      allowedExtensions: SUBMISSION_EXTENSIONS,
      maxBytes: SUBMISSION_MAX_BYTES,
      prefix: 'courses/submissions',
    });
  },

  /**
   * Saves the learner's submission; a new one replaces the last until it is
   * graded, after which it is refused. The replaced file is deleted after the
   * commit; a refused upload's file is deleted at once.
   */
  async submit(
    ctx: AppContext,
    auth: AuthContext,
    assignmentId: number,
    input: { text?: string; file?: StoredFile & { name: string } },
  ): Promise<TSubmission> {
    const { file } = input;
    const text = input.text?.length ? input.text : null;
    try {
      if (!file && !text) {
        const message = 'Attach a file or write an answer.';
        throw badRequest(message, undefined, [message]);
      }
      const { replaced, id } = await runInTransaction(ctx.db, ctx.bus, async ({ tx, emit }) => {
        const assignment = await submissions.assertCanSubmit(tx, auth, assignmentId);
        const submitted = (submissionId: number) =>
          emit('assignment.submitted', {
            submissionId,
            assignmentId,
            courseId: assignment.courseId,
            userId: auth.userId,
          });
        const [existing] = await tx
          .select()
          .from(assignmentSubmissions)
          .where(
            and(
              eq(assignmentSubmissions.assignmentId, assignmentId),
              eq(assignmentSubmissions.userId, auth.userId),
            ),
          )
          .for('update');
        if (existing?.gradedAt)
          throw conflict('This submission is already graded and cannot be replaced.');
        const values = {
          fileKey: file?.key ?? null,
          fileName: file ? file.name.slice(0, 255) : null,
          text,
          submittedAt: new Date(),
        };
        if (existing) {
          await tx
            .update(assignmentSubmissions)
            .set(values)
            .where(eq(assignmentSubmissions.id, existing.id));
          submitted(existing.id);
          return { replaced: existing.fileKey, id: existing.id };
        }
        const [row] = await tx
          .insert(assignmentSubmissions)
          .values({ assignmentId, userId: auth.userId, ...values })
          .returning({ id: assignmentSubmissions.id });
        submitted(row!.id);
        return { replaced: null, id: row!.id };
      });
      if (replaced) await ctx.files.delete(replaced).catch(() => {});
      const [row] = await submissionRows(ctx.db, eq(assignmentSubmissions.id, id));
      return row!;
    } catch (err) {
      if (file) await ctx.files.delete(file.key).catch(() => {});
      throw err;
    }
  },

  /** The course's manager grades a learner's submission; the score is at most max_score. */
  async grade(
    ctx: AppContext,
    auth: AuthContext,
    assignmentId: number,
    body: TGrade,
  ): Promise<TSubmission> {
    const input = ZGrade.parse(body);
    const { assignment } = await assignmentFor(ctx.db, auth, assignmentId);
    await managedCourseFor(ctx.db, auth, assignment.courseId);
    if (input.score > assignment.maxScore) {
      throw fieldError('score', `The score can be at most ${assignment.maxScore}.`);
    }
    const row = await runInTransaction(ctx.db, ctx.bus, async ({ tx, emit }) => {
      const [graded] = await tx
        .update(assignmentSubmissions)
        .set({
          score: input.score,
          feedback: input.feedback,
          gradedBy: auth.userId,
          gradedAt: new Date(),
        })
        .where(
          and(
            eq(assignmentSubmissions.assignmentId, assignmentId),
            eq(assignmentSubmissions.userId, input.user),
          ),
        )
        .returning({ id: assignmentSubmissions.id });
      if (!graded) throw notFound('This learner has not submitted this assignment.');
      emit('assignment.graded', {
        submissionId: graded.id,
        assignmentId,
        courseId: assignment.courseId,
        userId: input.user,
        gradedBy: auth.userId,
      });
      return graded;
    });
    const [graded] = await submissionRows(ctx.db, eq(assignmentSubmissions.id, row.id));
    return graded!;
  },

  /** Every submission of an assignment, for the course's managers. */
  async list(
    db: DbOrTx,
    auth: AuthContext,
    assignmentId: number,
    page: { limit: number; offset: number },
  ) {
    const { assignment } = await assignmentFor(db, auth, assignmentId);
    await managedCourseFor(db, auth, assignment.courseId);
    const where = eq(assignmentSubmissions.assignmentId, assignmentId);
    const [rows, [total]] = await Promise.all([
      submissionRows(db, where, page),
      db.select({ n: count() }).from(assignmentSubmissions).where(where),
    ]);
    return { count: total?.n ?? 0, rows };
  },

  /** The stored file of a submission: for its learner or the course's managers. */
  async file(ctx: AppContext, auth: AuthContext, id: number) {
    const [s] = await ctx.db
      .select()
      .from(assignmentSubmissions)
      .where(eq(assignmentSubmissions.id, id));
    if (!s?.fileKey) throw notFound(SUBMISSION_NOT_FOUND);
    const { course } = await assignmentFor(ctx.db, auth, s.assignmentId).catch(() => {
      throw notFound(SUBMISSION_NOT_FOUND);
    });
    if (!canReadLearnerWork(auth, course, s)) throw forbidden();
    return { stream: await ctx.files.open(s.fileKey), name: s.fileName ?? 'submission' };
  },
};
