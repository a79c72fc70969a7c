import type { TMyReviewItem } from '@atrium/contract';
import { and, count, desc, eq, inArray, sql } from 'drizzle-orm';
import type { AuthContext } from '../../core/auth/access.ts';
import type { DbOrTx } from '../../core/db/database.ts';
import { courseReviews, courses } from '../../schema/courses.table.ts';
import { courseEnrolments } from '../../schema/enrolments.table.ts';
import { ACTIVE_STATUSES, iso } from './enrolments.shared.ts';

type Page = { limit: number; offset: number };

/**
 * The review screen of a learner (/reviewlist): the courses they take part in
 * and have not reviewed yet, or the reviews they wrote. Both are about the
 * caller only, so no course visibility check is needed beyond the enrolment.
 */
export const myReviews = {
  async list(
    db: DbOrTx,
    auth: AuthContext,
    state: 'to_review' | 'reviewed',
    page: Page,
  ): Promise<{ count: number; rows: TMyReviewItem[] }> {
    return state === 'reviewed' ? reviewed(db, auth, page) : toReview(db, auth, page);
  },
};

async function toReview(db: DbOrTx, auth: AuthContext, page: Page) {
  const where = and(
    eq(courseEnrolments.userId, auth.userId),
    inArray(courseEnrolments.status, [...ACTIVE_STATUSES]),
    sql`not exists (select 1 from ${courseReviews} r where r.course_id = ${courseEnrolments.courseId} and r.user_id = ${auth.userId})`,
  );
  const [rows, [total]] = await Promise.all([
    db
      .select({ e: courseEnrolments, title: courses.title })
      .from(courseEnrolments)
      .innerJoin(courses, eq(courses.id, courseEnrolments.courseId))
      .where(where)
      // Finished courses first: they are the ones worth reviewing now.
      .orderBy(
        sql`${courseEnrolments.completedAt} desc nulls last`,
        desc(courseEnrolments.enrolledAt),
        desc(courseEnrolments.id),
      )
      .limit(page.limit)
      .offset(page.offset),
    db.select({ n: count() }).from(courseEnrolments).where(where),
  ]);
  return {
    count: total?.n ?? 0,
    rows: rows.map(
      ({ e, title }): TMyReviewItem => ({
        course: { id: e.courseId, title },
        enrolment_status: e.status,
        completed_at: iso(e.completedAt),
        review: null,
      }),
    ),
  };
}

async function reviewed(db: DbOrTx, auth: AuthContext, page: Page) {
  const where = eq(courseReviews.userId, auth.userId);
  const [rows, [total]] = await Promise.all([
    db
      .select({ r: courseReviews, title: courses.title, e: courseEnrolments })
      .from(courseReviews)
      .innerJoin(courses, eq(courses.id, courseReviews.courseId))
      .leftJoin(
        courseEnrolments,
        and(
          eq(courseEnrolments.courseId, courseReviews.courseId),
          eq(courseEnrolments.userId, courseReviews.userId),
        ),
      )
      .where(where)
      .orderBy(desc(courseReviews.createdAt), desc(courseReviews.id))
      .limit(page.limit)
      .offset(page.offset),
    db.select({ n: count() }).from(courseReviews).where(where),
  ]);
  const fullname = `${auth.firstName} ${auth.lastName}`.trim() || auth.username;
  return {
    count: total?.n ?? 0,
    rows: rows.map(
      ({ r, title, e }): TMyReviewItem => ({
        course: { id: r.courseId, title },
        enrolment_status: e?.status ?? null,
        completed_at: iso(e?.completedAt),
        review: {
          id: r.id,
          course: r.courseId,
          user: { id: auth.userId, fullname },
          rating: r.rating,
          comment: r.comment,
          created_at: r.createdAt.toISOString(),
        },
      }),
    ),
  };
}
