import type { TReview } from '@atrium/contract';
import { ZReviewCreate } from '@atrium/contract';
import { and, avg, count, desc, eq } from 'drizzle-orm';
import type { AuthContext } from '../../core/auth/access.ts';
import type { AppContext } from '../../core/context.ts';
import type { DbOrTx } from '../../core/db/database.ts';
import { runInTransaction } from '../../core/db/transaction.ts';
import { AppError, badRequest } from '../../core/errors/app-error.ts';
import { postgresCode } from '../../core/errors/error-handler.ts';
import { parseInput } from '../../core/http/forms.ts';
import { courseReviews } from '../../schema/courses.table.ts';
import { users } from '../../schema/users.table.ts';
import { courseFor } from '../catalogue/index.ts';
import { activeEnrolment, fullnameSql, refused } from './enrolments.shared.ts';

declare module '../../core/events/event-bus.ts' {
  interface DomainEvents {
    /** An enrolled learner reviewed a course; its author is told. */
    'review.created': { reviewId: number; courseId: number; userId: number };
  }
}

export const NOT_ENROLLED_REVIEW = 'Only learners enrolled in this course can review it.';
export const ALREADY_REVIEWED = 'You have already reviewed this course.';

const reviewColumns = {
  id: courseReviews.id,
  course: courseReviews.courseId,
  userId: users.id,
  fullname: fullnameSql,
  rating: courseReviews.rating,
  comment: courseReviews.comment,
  createdAt: courseReviews.createdAt,
};
type ReviewRow = { [K in keyof typeof reviewColumns]: unknown } & {
  id: number;
  course: number;
  userId: number;
  fullname: string;
  rating: number;
  comment: string;
  createdAt: Date;
};
const toReview = (r: ReviewRow): TReview => ({
  id: r.id,
  course: r.course,
  user: { id: r.userId, fullname: r.fullname },
  rating: r.rating,
  comment: r.comment,
  created_at: r.createdAt.toISOString(),
});

/**
 * The review form shows only the first non_field_errors message (spec §5), so
 * field errors are repeated there too.
 */
function parseReview(body: unknown) {
  try {
    return parseInput(ZReviewCreate, body);
  } catch (err) {
    if (err instanceof AppError && err.fieldErrors) {
      const messages = Object.values(err.fieldErrors).flat();
      throw new AppError(400, err.message, err.fieldErrors, [
        ...(err.nonFieldErrors ?? []),
        ...messages,
      ]);
    }
    throw err;
  }
}

export const reviews = {
  /** Newest first (course_reviews_course_created_idx), with the course's average and count. */
  async list(
    db: DbOrTx,
    auth: AuthContext,
    courseId: number,
    page: { limit: number; offset: number },
  ) {
    await courseFor(db, auth, courseId);
    const where = eq(courseReviews.courseId, courseId);
    const [rows, [totals], perStar] = await Promise.all([
      db
        .select(reviewColumns)
        .from(courseReviews)
        .innerJoin(users, eq(users.id, courseReviews.userId))
        .where(where)
        .orderBy(desc(courseReviews.createdAt), desc(courseReviews.id))
        .limit(page.limit)
        .offset(page.offset),
      db
        .select({ n: count(), average: avg(courseReviews.rating) })
        .from(courseReviews)
        .where(where),
      db
        .select({ rating: courseReviews.rating, n: count() })
        .from(courseReviews)
        .where(where)
        .groupBy(courseReviews.rating),
    ]);
    const average = totals?.average == null ? null : Math.round(Number(totals.average) * 10) / 10;
    const distribution = [0, 0, 0, 0, 0];
    for (const { rating, n } of perStar)
      if (rating >= 1 && rating <= 5) distribution[rating - 1] = n;
    return {
      count: totals?.n ?? 0,
      average,
      distribution,
      rows: (rows as ReviewRow[]).map(toReview),
    };
  },

  /**
   * One review per enrolled learner (enrolled or completed). Failures carry
   * non_field_errors, the first of which the review form shows (spec §5).
   */
  async create(
    ctx: Pick<AppContext, 'db' | 'bus'>,
    auth: AuthContext,
    body: unknown,
  ): Promise<TReview> {
    const { db } = ctx;
    const input = parseReview(body);
    await courseFor(db, auth, input.course);
    if (!(await activeEnrolment(db, input.course, auth.userId))) throw refused(NOT_ENROLLED_REVIEW);
    const duplicate = badRequest(ALREADY_REVIEWED, undefined, [ALREADY_REVIEWED]);
    const [existing] = await db
      .select({ id: courseReviews.id })
      .from(courseReviews)
      .where(and(eq(courseReviews.courseId, input.course), eq(courseReviews.userId, auth.userId)));
    if (existing) throw duplicate;
    try {
      const row = await runInTransaction(ctx.db, ctx.bus, async ({ tx, emit }) => {
        const [inserted] = await tx
          .insert(courseReviews)
          .values({
            courseId: input.course,
            userId: auth.userId,
            rating: input.rating,
            comment: input.comment,
          })
          .returning();
        emit('review.created', {
          reviewId: inserted!.id,
          courseId: input.course,
          userId: auth.userId,
        });
        return inserted;
      });
      return toReview({
        ...row!,
        course: row!.courseId,
        userId: auth.userId,
        fullname: `${auth.firstName} ${auth.lastName}`.trim() || auth.username,
      });
    } catch (err) {
      // Two posts at once: the unique index decides, with the same answer.
      if (postgresCode(err) === '23505') throw duplicate;
      throw err;
    }
  },
};
