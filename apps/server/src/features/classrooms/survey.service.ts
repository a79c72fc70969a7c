import {
  SURVEY_RATING,
  type TSurvey,
  type TSurveyInput,
  type TSurveyResponse,
  type TSurveySummary,
} from '@atrium/contract';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Actor } from '../../core/auth/actor.ts';
import type { AppContext } from '../../core/context.ts';
import type { DbOrTx } from '../../core/db/database.ts';
import { badRequest, conflict, forbidden, notFound } from '../../core/errors/app-error.ts';
import {
  classroomBookings,
  classroomClasses,
  classroomSessions,
  classroomSurveyResponses,
  classrooms,
} from '../../schema/classrooms.table.ts';
import { canSeeClassroom } from './classrooms.policy.ts';

/**
 * The post-session survey: a 1–5 rating, the class's own questions and a comment, answered once
 * by a learner who attended the session (fully or partly), once it has started.
 */

const NOT_FOUND = 'Session not found.';
const ATTENDED = ['attended', 'partial'] as const;

async function loadSurveySession(ctx: AppContext, actor: Actor, sessionId: number) {
  const [row] = await ctx.db
    .select({
      id: classroomSessions.id,
      startsAt: classroomSessions.startsAt,
      questions: classroomClasses.surveyQuestions,
      classroom: {
        organisationId: classrooms.organisationId,
        createdBy: classrooms.createdBy,
        status: classrooms.status,
      },
      bookingStatus: classroomBookings.status,
      response: classroomSurveyResponses,
    })
    .from(classroomSessions)
    .innerJoin(classroomClasses, eq(classroomClasses.id, classroomSessions.classId))
    .innerJoin(classrooms, eq(classrooms.id, classroomClasses.classroomId))
    .leftJoin(
      classroomBookings,
      and(
        eq(classroomBookings.sessionId, classroomSessions.id),
        eq(classroomBookings.userId, actor.userId),
        sql`${classroomBookings.status} <> 'cancelled'`,
      ),
    )
    .leftJoin(
      classroomSurveyResponses,
      and(
        eq(classroomSurveyResponses.sessionId, classroomSessions.id),
        eq(classroomSurveyResponses.userId, actor.userId),
      ),
    )
    .where(eq(classroomSessions.id, sessionId));
  if (!row || !canSeeClassroom(actor, row.classroom)) throw notFound(NOT_FOUND);
  return row;
}

type SurveySession = Awaited<ReturnType<typeof loadSurveySession>>;

const attendedIt = (s: SurveySession) =>
  (ATTENDED as readonly string[]).includes(s.bookingStatus ?? '');

function present(s: SurveySession, now: Date): TSurvey {
  const mine: TSurveyResponse | null = s.response
    ? {
        rating: s.response.rating,
        answers: s.response.answers,
        comment: s.response.comment,
        created_at: s.response.createdAt.toISOString(),
      }
    : null;
  return {
    session: s.id,
    questions: s.questions,
    rating_scale: SURVEY_RATING,
    my_response: mine,
    can_answer: !mine && attendedIt(s) && s.startsAt.getTime() <= now.getTime(),
  };
}

export async function readSurvey(
  ctx: AppContext,
  actor: Actor,
  sessionId: number,
  now = new Date(),
): Promise<TSurvey> {
  return present(await loadSurveySession(ctx, actor, sessionId), now);
}

export async function answerSurvey(
  ctx: AppContext,
  actor: Actor,
  input: TSurveyInput,
  now = new Date(),
): Promise<TSurvey> {
  const s = await loadSurveySession(ctx, actor, input.session);
  // A learner of the session who has not attended (yet) waits; anyone else may not answer.
  if (!attendedIt(s)) {
    if (s.bookingStatus === 'booked' || s.bookingStatus === 'waitlisted') {
      throw conflict('The survey opens to you once your attendance is recorded.');
    }
    throw forbidden('Only a learner who attended the session may answer its survey.');
  }
  if (s.startsAt.getTime() > now.getTime())
    throw conflict('The survey opens once the session has started.');
  if (s.response) throw conflict('You have already answered this survey.');

  // Answers follow the class's questions: none unknown, none twice; an unanswered one is blank.
  const given = new Map<string, string>();
  const errors: string[] = [];
  for (const a of input.answers) {
    if (!s.questions.includes(a.question))
      errors.push(`'${a.question}' is not a question of this survey.`);
    else if (given.has(a.question)) errors.push(`'${a.question}' is answered twice.`);
    else given.set(a.question, a.answer);
  }
  if (errors.length > 0)
    throw badRequest('Invalid input. Please correct the fields listed.', { answers: errors });

  const inserted = await ctx.db
    .insert(classroomSurveyResponses)
    .values({
      sessionId: s.id,
      userId: actor.userId,
      rating: input.rating,
      answers: s.questions.map((question) => ({ question, answer: given.get(question) ?? '' })),
      comment: input.comment,
    })
    .onConflictDoNothing()
    .returning({ id: classroomSurveyResponses.id });
  // A second answer sent at the same time as the first: the unique index decided.
  if (inserted.length === 0) throw conflict('You have already answered this survey.');
  return readSurvey(ctx, actor, s.id, now);
}

const round2 = (n: number | null) => (n === null ? null : Math.round(n * 100) / 100);

/** Average and count per session, in one aggregate. */
export async function surveyStatsBySession(db: DbOrTx, sessionIds: number[]) {
  if (sessionIds.length === 0) return new Map<number, { average: number | null; count: number }>();
  const rows = await db
    .select({
      sessionId: classroomSurveyResponses.sessionId,
      average: sql<string | null>`avg(${classroomSurveyResponses.rating})`,
      count: sql<number>`count(*)::int`,
    })
    .from(classroomSurveyResponses)
    .where(inArray(classroomSurveyResponses.sessionId, sessionIds))
    .groupBy(classroomSurveyResponses.sessionId);
  return new Map(
    rows.map((r) => [
      r.sessionId,
      { average: round2(r.average === null ? null : Number(r.average)), count: r.count },
    ]),
  );
}

/**
 * The results of some sessions' surveys: the mean rating, how many answered, and each
 * question's non-blank answers (questions in the class's order, then any older ones).
 */
export async function surveySummary(
  db: DbOrTx,
  sessionIds: number[],
  questions: string[],
): Promise<TSurveySummary> {
  const empty: TSurveySummary = {
    average: null,
    count: 0,
    questions: questions.map((question) => ({ question, answers: [] })),
    comments: [],
  };
  if (sessionIds.length === 0) return empty;
  const rows = await db
    .select({
      rating: classroomSurveyResponses.rating,
      answers: classroomSurveyResponses.answers,
      comment: classroomSurveyResponses.comment,
    })
    .from(classroomSurveyResponses)
    .where(inArray(classroomSurveyResponses.sessionId, sessionIds))
    .orderBy(classroomSurveyResponses.createdAt, classroomSurveyResponses.id);
  if (rows.length === 0) return empty;
  const byQuestion = new Map<string, string[]>(questions.map((q) => [q, []]));
  for (const r of rows) {
    for (const a of r.answers) {
      if (!a.answer) continue;
      const list = byQuestion.get(a.question) ?? [];
      list.push(a.answer);
      byQuestion.set(a.question, list);
    }
  }
  const total = rows.reduce((sum, r) => sum + r.rating, 0);
  return {
    average: round2(total / rows.length),
    count: rows.length,
    questions: [...byQuestion].map(([question, answers]) => ({ question, answers })),
    comments: rows.map((r) => r.comment).filter(Boolean),
  };
}
