import type { TAnswer, TQuestion } from '@atrium/contract';
import { and, asc, count, desc, eq, inArray } from 'drizzle-orm';
import type { AuthContext } from '../../core/auth/access.ts';
import type { AppContext } from '../../core/context.ts';
import type { DbOrTx } from '../../core/db/database.ts';
import { runInTransaction } from '../../core/db/transaction.ts';
import { notFound } from '../../core/errors/app-error.ts';
import { discussionAnswers, discussions } from '../../schema/discussions.table.ts';
import { type Course, courseFor } from '../catalogue/index.ts';
import { refused } from '../learning/index.ts';
import { answerFor, assertMayAnswer, assertMayReact, topicFor } from './discussions.access.ts';
import { insertAnswer } from './discussions.answers.ts';
import { canUseScope } from './discussions.policy.ts';
import { type LoadedAnswer, selectAnswers, selectTopics } from './discussions.present.ts';
import { lockAnswer, setReaction } from './discussions.reactions.ts';
import { publishUpdated } from './discussions.realtime.ts';
import { type ScopeRef, standingIn } from './discussions.scopes.ts';
import { visibleFilter } from './discussions.screen.ts';
import { legacyTitle, normaliseText, textToHtml } from './discussions.text.ts';
import { insertTopic } from './discussions.topics.ts';
import { questionType } from './discussions.types.ts';

/**
 * The §7 course-discussion-* calls (learningOps.questions, ask, answer, likeQuestion,
 * reactToAnswer) over the discussions model: a question is a course-scoped topic of the
 * organisation's first question type and keeps its plain-text voice (the text goes in as escaped
 * paragraphs, its first line as the title, and comes back as plain text). Who takes part is the
 * discussions' rule for a course scope (its enrolled learners and managers); as before, someone
 * who sees the course without taking part is refused with a message (403), and a course or
 * question they cannot see is not found (404).
 */

const QUESTION_NOT_FOUND = 'Question not found.';
const ANSWER_NOT_FOUND = 'Answer not found.';
/** The catalogue's wording for a course the caller cannot see. */
const COURSE_NOT_FOUND = 'Could not get course detail';
const NOT_PARTICIPANT =
  'Only learners enrolled in this course and its managers can take part in its discussion.';

const courseScope = (course: Course): ScopeRef => ({
  organisationId: course.organisationId,
  scope: 'course',
  courseId: course.id,
  pathId: null,
  classId: null,
});

/** The course if the caller takes part in its discussion (404 unseen, 403 not taking part). */
async function participantCourse(
  db: DbOrTx,
  auth: AuthContext,
  courseId: number,
  missing?: string,
) {
  const course = await courseFor(db, auth, courseId).catch((err) => {
    throw missing && err.statusCode === 404 ? notFound(missing) : err;
  });
  // Topics belong to the course's organisation: from another one it has no discussion.
  if (course.organisationId !== auth.organisationId) {
    throw notFound(missing ?? COURSE_NOT_FOUND);
  }
  const standing = await standingIn(db, auth, courseScope(course));
  if (!standing || !canUseScope(auth, course.organisationId, standing)) {
    throw refused(NOT_PARTICIPANT);
  }
  return course;
}

/** A course question the caller takes part in (404 when there is none for them). */
async function questionFor(db: DbOrTx, auth: AuthContext, id: number, lock = false) {
  const [row] = await db
    .select({ courseId: discussions.courseId })
    .from(discussions)
    .where(and(eq(discussions.id, id), eq(discussions.scope, 'course')));
  if (!row?.courseId) throw notFound(QUESTION_NOT_FOUND);
  await participantCourse(db, auth, row.courseId, QUESTION_NOT_FOUND);
  return topicFor(db, auth, id, { lock }).catch((err) => {
    throw err.statusCode === 404 ? notFound(QUESTION_NOT_FOUND) : err;
  });
}

const toAnswer = (r: LoadedAnswer): TAnswer => ({
  id: r.answer.id,
  question: r.answer.discussionId,
  user: { id: r.personId, fullname: r.personName },
  body: r.answer.bodyText,
  created_at: r.answer.createdAt.toISOString(),
  likes: r.answer.likes,
  dislikes: r.answer.dislikes,
  my_reaction: r.myReaction ?? 0,
});

/** Questions, newest first, with all their answers: three queries whatever the page size. */
export async function listQuestions(
  ctx: AppContext,
  auth: AuthContext,
  courseId: number,
  page: { limit: number; offset: number },
): Promise<{ count: number; rows: TQuestion[] }> {
  const course = await participantCourse(ctx.db, auth, courseId);
  const where = and(
    eq(discussions.courseId, course.id),
    eq(discussions.scope, 'course'),
    visibleFilter(auth, discussions),
  );
  const [rows, [total]] = await Promise.all([
    selectTopics(ctx.db, auth)
      .where(where)
      .orderBy(desc(discussions.createdAt), desc(discussions.id))
      .limit(page.limit)
      .offset(page.offset),
    ctx.db.select({ n: count() }).from(discussions).where(where),
  ]);
  const ids = rows.map((r) => r.topic.id);
  const answers =
    ids.length === 0
      ? []
      : await selectAnswers(
          ctx.db,
          auth,
          and(inArray(discussionAnswers.discussionId, ids), visibleFilter(auth, discussionAnswers)),
        ).orderBy(asc(discussionAnswers.createdAt), asc(discussionAnswers.id));
  return {
    count: Number(total?.n ?? 0),
    rows: rows.map((r) => {
      const own = answers.filter((a) => a.answer.discussionId === r.topic.id).map(toAnswer);
      return {
        id: r.topic.id,
        course: course.id,
        user: { id: r.personId, fullname: r.personName },
        body: r.topic.bodyText,
        created_at: r.topic.createdAt.toISOString(),
        likes: r.topic.likes,
        liked_by_me: r.myReaction === 1,
        answer_count: r.topic.answerCount,
        answers: own,
      };
    }),
  };
}

const me = (auth: AuthContext) => ({
  id: auth.userId,
  fullname: `${auth.firstName} ${auth.lastName}`.trim() || auth.username,
});

export async function askQuestion(
  ctx: AppContext,
  auth: AuthContext,
  input: { course: number; body: string },
): Promise<TQuestion> {
  const course = await participantCourse(ctx.db, auth, input.course);
  const now = new Date();
  const id = await runInTransaction(ctx.db, ctx.bus, async ({ tx, emit }) =>
    insertTopic(
      { tx, emit },
      auth,
      {
        ref: courseScope(course),
        typeId: await questionType(tx, course.organisationId),
        title: legacyTitle(input.body),
        body: textToHtml(input.body),
        bodyText: normaliseText(input.body),
      },
      [],
      now,
    ),
  );
  return {
    id,
    course: course.id,
    user: me(auth),
    body: normaliseText(input.body),
    created_at: now.toISOString(),
    likes: 0,
    liked_by_me: false,
    answer_count: 0,
    answers: [],
  };
}

export async function answerQuestion(
  ctx: AppContext,
  auth: AuthContext,
  input: { question: number; body: string },
): Promise<TAnswer> {
  const { id, topicId } = await runInTransaction(ctx.db, ctx.bus, async ({ tx, emit }) => {
    const c = await questionFor(tx, auth, input.question, true);
    assertMayAnswer(auth, c);
    const id = await insertAnswer(tx, emit, auth, c, {
      parentId: null,
      body: textToHtml(input.body),
      bodyText: normaliseText(input.body),
    });
    return { id, topicId: c.topic.id };
  });
  await publishUpdated(ctx, topicId);
  const [row] = await selectAnswers(ctx.db, auth, eq(discussionAnswers.id, id));
  return toAnswer(row!);
}

/** Likes the question, or takes the like back (a dislike given elsewhere becomes a like). */
export async function toggleQuestionLike(ctx: AppContext, auth: AuthContext, questionId: number) {
  const result = await runInTransaction(ctx.db, ctx.bus, async ({ tx }) => {
    const c = await questionFor(tx, auth, questionId, true);
    assertMayReact(auth, c);
    const [mine] = await selectTopics(tx, auth).where(eq(discussions.id, c.topic.id));
    const liked = mine?.myReaction !== 1;
    const target = { kind: 'topic' as const, id: c.topic.id, table: discussions };
    const counts = await setReaction(tx, auth, target, liked ? 1 : 0);
    return { liked, likes: counts.likes };
  });
  await publishUpdated(ctx, questionId);
  return result;
}

export async function reactToAnswer(
  ctx: AppContext,
  auth: AuthContext,
  answerId: number,
  value: 1 | -1 | 0,
) {
  const { counts, topicId } = await runInTransaction(ctx.db, ctx.bus, async ({ tx }) => {
    const [row] = await tx
      .select({ discussionId: discussionAnswers.discussionId })
      .from(discussionAnswers)
      .where(eq(discussionAnswers.id, answerId));
    if (!row) throw notFound(ANSWER_NOT_FOUND);
    await questionFor(tx, auth, row.discussionId).catch((err) => {
      throw err.statusCode === 404 ? notFound(ANSWER_NOT_FOUND) : err;
    });
    const found = await answerFor(tx, auth, answerId);
    assertMayReact(auth, found);
    await lockAnswer(tx, answerId);
    const target = { kind: 'answer' as const, id: answerId, table: discussionAnswers };
    return { counts: await setReaction(tx, auth, target, value), topicId: found.topic.id };
  });
  await publishUpdated(ctx, topicId);
  return counts;
}
