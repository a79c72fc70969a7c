import type { ZLearningPathReview, ZLearningPathReviewCreate } from '@atrium/contract';
import { avg, count, desc, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { AuthContext } from '../../core/auth/access.ts';
import type { AppContext } from '../../core/context.ts';
import type { DbOrTx } from '../../core/db/database.ts';
import { conflict, forbidden } from '../../core/errors/app-error.ts';
import { postgresCode } from '../../core/errors/error-handler.ts';
import { learningPathReviews } from '../../schema/learning-paths.table.ts';
import { users } from '../../schema/users.table.ts';
import { canReviewPath } from './learning-paths.policy.ts';
import { pathFor } from './paths.repository.ts';

type Review = z.infer<typeof ZLearningPathReview>;

export const NOT_ENROLLED_REVIEW = 'Only learners enrolled in this learning path can review it.';
export const ALREADY_REVIEWED = 'You have already reviewed this learning path.';

const fullname = sql<string>`coalesce(nullif(trim(${users.firstName} || ' ' || ${users.lastName}), ''), ${users.username})`;

/** Reviews of a path: one per enrolled learner, like course reviews; the comment is plain text. */
export const pathReviews = {
  /** Newest first (learning_path_reviews_path_created_idx), with the path's count and average. */
  async list(
    db: DbOrTx,
    auth: AuthContext,
    pathId: number,
    page: { limit: number; offset: number },
  ): Promise<{ count: number; average: number | null; rows: Review[] }> {
    await pathFor(db, auth, pathId);
    const where = eq(learningPathReviews.pathId, pathId);
    const [rows, [totals]] = await Promise.all([
      db
        .select({ review: learningPathReviews, fullname })
        .from(learningPathReviews)
        .innerJoin(users, eq(users.id, learningPathReviews.userId))
        .where(where)
        .orderBy(desc(learningPathReviews.createdAt), desc(learningPathReviews.id))
        .limit(page.limit)
        .offset(page.offset),
      db
        .select({ n: count(), average: avg(learningPathReviews.rating) })
        .from(learningPathReviews)
        .where(where),
    ]);
    return {
      count: totals?.n ?? 0,
      average: totals?.average == null ? null : Math.round(Number(totals.average) * 10) / 10,
      rows: rows.map(({ review: r, fullname }) => ({
        id: r.id,
        learning_path: r.pathId,
        user: { id: r.userId, fullname },
        rating: r.rating,
        comment: r.comment,
        created_at: r.createdAt.toISOString(),
      })),
    };
  },

  /**
   * A learner enrolled in the path (or done with it) reviews it once: 403 for anyone else who
   * sees it, 409 for a second review (checked first, and by the unique index when two posts race).
   */
  async create(
    ctx: Pick<AppContext, 'db'>,
    auth: AuthContext,
    input: z.infer<typeof ZLearningPathReviewCreate>,
  ): Promise<Review> {
    const { path, enrolment } = await pathFor(ctx.db, auth, input.learning_path);
    if (!canReviewPath(auth, path, enrolment?.status ?? null)) throw forbidden(NOT_ENROLLED_REVIEW);
    try {
      // One insert: its own transaction; nothing else is written with it.
      const [row] = await ctx.db
        .insert(learningPathReviews)
        .values({
          pathId: path.id,
          userId: auth.userId,
          rating: input.rating,
          comment: input.comment,
        })
        .returning();
      return {
        id: row!.id,
        learning_path: path.id,
        user: {
          id: auth.userId,
          fullname: `${auth.firstName} ${auth.lastName}`.trim() || auth.username,
        },
        rating: row!.rating,
        comment: row!.comment,
        created_at: row!.createdAt.toISOString(),
      };
    } catch (err) {
      if (postgresCode(err) === '23505') throw conflict(ALREADY_REVIEWED);
      throw err;
    }
  },
};
