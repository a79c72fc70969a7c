import type { TAnswer, TQuestion } from '@atrium/contract';
import { and, asc, count, desc, eq, inArray, sql } from 'drizzle-orm';
import type { AuthContext } from '../../core/auth/access.ts';
import type { DbOrTx } from '../../core/db/database.ts';
import { notFound } from '../../core/errors/app-error.ts';
import { courseAnswers, courseQuestions, courseReactions } from '../../schema/enrolments.table.ts';
import { users } from '../../schema/users.table.ts';
import { courseFor } from '../catalogue/index.ts';
import { assertParticipant, fullnameSql } from './enrolments.shared.ts';

const QUESTION_NOT_FOUND = 'Question not found.';
const ANSWER_NOT_FOUND = 'Answer not found.';
const NOT_PARTICIPANT =
  'Only learners enrolled in this course and its managers can take part in its discussion.';

/** The question's course, if the caller takes part in it (404 when they cannot see it). */
async function questionFor(db: DbOrTx, auth: AuthContext, questionId: number) {
  const [q] = await db.select().from(courseQuestions).where(eq(courseQuestions.id, questionId));
  if (!q) throw notFound(QUESTION_NOT_FOUND);
  const course = await courseFor(db, auth, q.courseId).catch(() => {
    throw notFound(QUESTION_NOT_FOUND);
  });
  await assertParticipant(db, auth, course, NOT_PARTICIPANT);
  return q;
}

async function answerFor(db: DbOrTx, auth: AuthContext, answerId: number) {
  const [a] = await db.select().from(courseAnswers).where(eq(courseAnswers.id, answerId));
  if (!a) throw notFound(ANSWER_NOT_FOUND);
  await questionFor(db, auth, a.questionId).catch((err) => {
    throw err.statusCode === 404 ? notFound(ANSWER_NOT_FOUND) : err;
  });
  return a;
}

const me = (auth: AuthContext) => ({
  id: auth.userId,
  fullname: `${auth.firstName} ${auth.lastName}`.trim() || auth.username,
});

/** Answers of the given questions with their reactions, oldest first: one query. */
async function answersOf(db: DbOrTx, auth: AuthContext, questionIds: number[]): Promise<TAnswer[]> {
  if (questionIds.length === 0) return [];
  const rows = await db
    .select({
      a: courseAnswers,
      fullname: fullnameSql,
      likes: sql<number>`(select count(*)::int from ${courseReactions} r where r.answer_id = ${courseAnswers.id} and r.value = 1)`,
      dislikes: sql<number>`(select count(*)::int from ${courseReactions} r where r.answer_id = ${courseAnswers.id} and r.value = -1)`,
      mine: sql<number>`coalesce((select r.value from ${courseReactions} r where r.answer_id = ${courseAnswers.id} and r.user_id = ${auth.userId}), 0)::int`,
    })
    .from(courseAnswers)
    .innerJoin(users, eq(users.id, courseAnswers.userId))
    .where(inArray(courseAnswers.questionId, questionIds))
    .orderBy(asc(courseAnswers.createdAt), asc(courseAnswers.id));
  return rows.map(({ a, fullname, likes, dislikes, mine }) => ({
    id: a.id,
    question: a.questionId,
    user: { id: a.userId, fullname },
    body: a.body,
    created_at: a.createdAt.toISOString(),
    likes: Number(likes),
    dislikes: Number(dislikes),
    my_reaction: Number(mine),
  }));
}

async function answerCounts(db: DbOrTx, answerId: number, userId: number) {
  const [row] = await db
    .select({
      likes: sql<number>`count(*) filter (where ${courseReactions.value} = 1)::int`,
      dislikes: sql<number>`count(*) filter (where ${courseReactions.value} = -1)::int`,
      mine: sql<number>`coalesce(max(${courseReactions.value}) filter (where ${courseReactions.userId} = ${userId}), 0)::int`,
    })
    .from(courseReactions)
    .where(eq(courseReactions.answerId, answerId));
  return {
    likes: Number(row?.likes ?? 0),
    dislikes: Number(row?.dislikes ?? 0),
    my_reaction: Number(row?.mine ?? 0),
  };
}

export const discussions = {
  /**
   * A page of a course's questions, newest first (course_questions_course_created_idx),
   * with counts, and all their answers: two queries whatever the page size.
   */
  async list(
    db: DbOrTx,
    auth: AuthContext,
    courseId: number,
    page: { limit: number; offset: number },
  ) {
    const course = await courseFor(db, auth, courseId);
    await assertParticipant(db, auth, course, NOT_PARTICIPANT);
    const where = eq(courseQuestions.courseId, courseId);
    const [rows, [total]] = await Promise.all([
      db
        .select({
          q: courseQuestions,
          fullname: fullnameSql,
          likes: sql<number>`(select count(*)::int from ${courseReactions} r where r.question_id = ${courseQuestions.id})`,
          liked: sql<boolean>`exists (select 1 from ${courseReactions} r where r.question_id = ${courseQuestions.id} and r.user_id = ${auth.userId})`,
        })
        .from(courseQuestions)
        .innerJoin(users, eq(users.id, courseQuestions.userId))
        .where(where)
        .orderBy(desc(courseQuestions.createdAt), desc(courseQuestions.id))
        .limit(page.limit)
        .offset(page.offset),
      db.select({ n: count() }).from(courseQuestions).where(where),
    ]);
    const answers = await answersOf(
      db,
      auth,
      rows.map((r) => r.q.id),
    );
    const results: TQuestion[] = rows.map(({ q, fullname, likes, liked }) => {
      const mine = answers.filter((a) => a.question === q.id);
      return {
        id: q.id,
        course: q.courseId,
        user: { id: q.userId, fullname },
        body: q.body,
        created_at: q.createdAt.toISOString(),
        likes: Number(likes),
        liked_by_me: Boolean(liked),
        answer_count: mine.length,
        answers: mine,
      };
    });
    return { count: total?.n ?? 0, rows: results };
  },

  async ask(
    db: DbOrTx,
    auth: AuthContext,
    input: { course: number; body: string },
  ): Promise<TQuestion> {
    const course = await courseFor(db, auth, input.course);
    await assertParticipant(db, auth, course, NOT_PARTICIPANT);
    const [q] = await db
      .insert(courseQuestions)
      .values({ courseId: course.id, userId: auth.userId, body: input.body })
      .returning();
    return {
      id: q!.id,
      course: q!.courseId,
      user: me(auth),
      body: q!.body,
      created_at: q!.createdAt.toISOString(),
      likes: 0,
      liked_by_me: false,
      answer_count: 0,
      answers: [],
    };
  },

  async answer(
    db: DbOrTx,
    auth: AuthContext,
    input: { question: number; body: string },
  ): Promise<TAnswer> {
    const q = await questionFor(db, auth, input.question);
    const [a] = await db
      .insert(courseAnswers)
      .values({ questionId: q.id, userId: auth.userId, body: input.body })
      .returning();
    return {
      id: a!.id,
      question: a!.questionId,
      user: me(auth),
      body: a!.body,
      created_at: a!.createdAt.toISOString(),
      likes: 0,
      dislikes: 0,
      my_reaction: 0,
    };
  },

  /** Toggles the caller's like of a question. */
  async toggleLike(db: DbOrTx, auth: AuthContext, questionId: number) {
    const q = await questionFor(db, auth, questionId);
    const mine = and(eq(courseReactions.questionId, q.id), eq(courseReactions.userId, auth.userId));
    const removed = await db
      .delete(courseReactions)
      .where(mine)
      .returning({ id: courseReactions.id });
    if (removed.length === 0) {
      await db
        .insert(courseReactions)
        .values({ questionId: q.id, userId: auth.userId, value: 1 })
        .onConflictDoNothing({
          target: [courseReactions.questionId, courseReactions.userId],
          where: sql`${courseReactions.questionId} is not null`,
        });
    }
    const [row] = await db
      .select({ n: count() })
      .from(courseReactions)
      .where(eq(courseReactions.questionId, q.id));
    return { liked: removed.length === 0, likes: row?.n ?? 0 };
  },

  /** Sets (1, -1) or clears (0) the caller's reaction to an answer. */
  async react(db: DbOrTx, auth: AuthContext, answerId: number, value: 1 | -1 | 0) {
    const a = await answerFor(db, auth, answerId);
    if (value === 0) {
      await db
        .delete(courseReactions)
        .where(and(eq(courseReactions.answerId, a.id), eq(courseReactions.userId, auth.userId)));
    } else {
      await db
        .insert(courseReactions)
        .values({ answerId: a.id, userId: auth.userId, value })
        .onConflictDoUpdate({
          target: [courseReactions.answerId, courseReactions.userId],
          targetWhere: sql`${courseReactions.answerId} is not null`,
          set: { value },
        });
    }
    return answerCounts(db, a.id, auth.userId);
  },
};
