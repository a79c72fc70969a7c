import { randomBytes, randomInt } from 'node:crypto';
import type { TAttemptSession, TAttemptStart, TQuestionDefinition } from '@atrium/contract';
import argon2 from 'argon2';
import { eq, sql } from 'drizzle-orm';
import type { Actor } from '../../core/auth/actor.ts';
import type { AppContext } from '../../core/context.ts';
import { queryRows, type Tx } from '../../core/db/database.ts';
import { runInTransaction, type UnitOfWork } from '../../core/db/transaction.ts';
import { conflict, fieldError } from '../../core/errors/app-error.ts';
import { assessmentAttempts } from '../../schema/assessments.table.ts';
import { loadLayout } from './assessment.detail.ts';
import {
  type Assessment,
  type Attempt,
  type LearnerTiming,
  loadForTaking,
  startBlock,
} from './attempt-access.ts';
import { buildLayout, DrawShortage, drawQuestions, layoutItems } from './attempt-layout.ts';
import { submitLocked } from './attempt-submit.ts';
import { attemptView, loadDefinitions } from './attempt-view.ts';
import { attemptsOf, createAnswerRows, loadPlan } from './attempts.repository.ts';
import { attemptDeadline, attemptPhase, expiresAt, submittedAt } from './deadline.ts';
import { finalGrade } from './grading-method.ts';
import { markVersionsUsed } from './question-bank.service.ts';
import { attemptSummary, effectiveClose, visibilityOf } from './results.common.ts';
import './assessments.events.ts';

/**
 * The start page and the start of an attempt (issue 16). Starting is one transaction under a
 * per-learner advisory lock, so two tabs (or a double click) starting at once make one attempt:
 * the second sees the first's and resumes it. The layout is drawn inside that transaction and
 * stored with the attempt, with one empty answer row per item.
 */

/** A random source from the operating system: draws and shuffles must not be predictable. */
const secureRandom = () => randomInt(0, 2 ** 47) / 2 ** 47;
const newSessionKey = () => randomBytes(24).toString('base64url');

/** The start page: the learner's timing and attempts, and whether (why not) they may start. */
export async function startPage(
  ctx: AppContext,
  actor: Actor,
  uuid: string,
  now: Date,
): Promise<TAttemptStart> {
  const { assessment: a, timing, mayTake } = await loadForTaking(ctx.db, actor, uuid);
  const [attempts, layout, closesAt] = await Promise.all([
    attemptsOf(ctx.db, a.id, actor.userId),
    loadLayout(ctx.db, a.id, a.organisationId),
    effectiveClose(ctx.db, a, actor.userId),
  ]);
  const current = attempts.find((t) => t.status === 'in_progress') ?? null;
  const block = mayTake
    ? startBlock(now, timing, attempts, a.attemptDelaySeconds)
    : { reason: 'This assessment is not published.', nextAttemptAt: null };
  const summaries = attempts
    .filter((t) => t.status !== 'not_started')
    .map((t) => attemptSummary(t, visibilityOf(actor, a, t, closesAt, now)));
  const shown = summaries.filter((s) => s.status === 'graded' && s.percent !== null);
  const final = finalGrade(
    shown.map((s) => ({ number: s.number, percent: s.percent! })),
    a.gradingMethod,
    a.passMark,
  );
  return {
    assessment: {
      id: a.id,
      uuid: a.uuid,
      title: a.title,
      instructions: a.instructions,
      course: await courseRef(ctx, a.courseId),
      question_count: layout.pages.reduce(
        (n, p) => n + p.slots.reduce((m, s) => m + s.draw_count, 0),
        0,
      ),
      max_score: layout.maxScore,
      time_limit_seconds: timing.timeLimitSeconds,
      opens_at: timing.opensAt?.toISOString() ?? null,
      closes_at: timing.closesAt?.toISOString() ?? null,
      attempts_allowed: timing.attemptsAllowed,
      grading_method: a.gradingMethod,
      pass_mark: a.passMark,
      requires_password: a.passwordHash !== null,
      proctored: a.proctored,
    },
    attempts: summaries,
    current: current?.id ?? null,
    // A running attempt can always be resumed; a new one only when nothing blocks it.
    can_start: mayTake && (current !== null || block.reason === null),
    reason: current !== null ? null : block.reason,
    next_attempt_at: block.nextAttemptAt?.toISOString() ?? null,
    final,
    server_now: now.toISOString(),
  };
}

async function courseRef(ctx: AppContext, courseId: number | null) {
  if (courseId === null) return null;
  const [row] = await queryRows<{ id: number; title: string }>(
    ctx.db,
    sql`select id, title from courses where id = ${courseId}`,
  );
  return row ? { id: Number(row.id), title: row.title } : null;
}

async function checkPassword(a: Assessment, password: string | undefined) {
  if (a.passwordHash === null) return;
  if (!password) throw fieldError('password', 'Enter the password your trainer gave you.');
  const ok = await argon2.verify(a.passwordHash, password).catch(() => false);
  if (!ok) throw fieldError('password', 'That password is not right.');
}

/**
 * Starts an attempt, or resumes the one in progress with a new session key (the tab that held
 * it then gets 409 on its next save). A resumed attempt whose time and grace are over is
 * submitted (dated at its deadline) before a new one is considered.
 */
export async function startAttempt(
  ctx: AppContext,
  actor: Actor,
  uuid: string,
  input: { password?: string },
  now: Date,
): Promise<TAttemptSession> {
  const { assessment: a, timing, mayTake } = await loadForTaking(ctx.db, actor, uuid);
  if (!mayTake) throw conflict('This assessment is not published.');
  const before = await attemptsOf(ctx.db, a.id, actor.userId);
  // Resuming needs no password (a reload must not ask for it); a new attempt does.
  if (!before.some((t) => t.status === 'in_progress')) await checkPassword(a, input.password);

  const session = newSessionKey();
  const attempt = await runInTransaction(ctx.db, ctx.bus, async (uow) => {
    const { tx } = uow;
    await tx.execute(
      sql`select pg_advisory_xact_lock(hashtextextended(${`assessment_attempts.start:${a.id}:${actor.userId}`}, 0))`,
    );
    const attempts = await attemptsOf(tx, a.id, actor.userId);
    const running = attempts.find((t) => t.status === 'in_progress');
    if (running) {
      const phase = attemptPhase(now, running.deadlineAt, a.graceSeconds);
      if (phase !== 'expired') return resume(tx, running, session, now);
      // The time-out job may be submitting it right now: take the row lock and look again.
      const [locked] = await tx
        .select()
        .from(assessmentAttempts)
        .where(eq(assessmentAttempts.id, running.id))
        .for('update');
      if (locked?.status === 'in_progress') await submitLocked(uow, locked, a, now, 'timeout');
      running.status = 'submitted';
      running.submittedAt = submittedAt(now, running.deadlineAt, 'timeout');
    }
    if (running) await checkPassword(a, input.password);
    const block = startBlock(now, timing, attempts, a.attemptDelaySeconds);
    if (block.reason) throw conflict(block.reason);
    return begin(uow, a, timing, attempts, session, actor.userId, now);
  });
  return { session, attempt: await attemptView(ctx.db, attempt, a, now) };
}

async function resume(tx: Tx, attempt: Attempt, session: string, now: Date) {
  const [row] = await tx
    .update(assessmentAttempts)
    .set({ sessionKey: session, updatedAt: now })
    .where(eq(assessmentAttempts.id, attempt.id))
    .returning();
  return row!;
}

async function begin(
  uow: UnitOfWork,
  a: Assessment,
  timing: LearnerTiming,
  attempts: Attempt[],
  session: string,
  userId: number,
  now: Date,
): Promise<Attempt> {
  const { tx, emit } = uow;
  const plan = await loadPlan(tx, a);
  let drawn: ReturnType<typeof drawQuestions>;
  try {
    drawn = drawQuestions(plan, a.shuffleQuestions, secureRandom);
  } catch (err) {
    if (err instanceof DrawShortage) throw conflict(`This assessment cannot start: ${err.message}`);
    throw err;
  }
  const versionIds = drawn.flatMap((p) => p.questions.map((q) => q.c.versionId));
  if (versionIds.length === 0) throw conflict('This assessment has no questions yet.');
  const definitions: Map<number, TQuestionDefinition> = await loadDefinitions(tx, versionIds);
  const layout = buildLayout(drawn, definitions, a.shuffleOptions, secureRandom);
  const items = layoutItems(layout);
  const deadline = attemptDeadline({
    startedAt: now,
    timeLimitSeconds: a.timeLimitSeconds,
    closesAt: a.closesAt,
    overrides: timing.overrides,
  });
  const values = {
    status: 'in_progress' as const,
    layout,
    sessionKey: session,
    startedAt: now,
    deadlineAt: deadline,
    expiresAt: deadline ? expiresAt(deadline, a.graceSeconds) : null,
    maxScore: items.reduce((sum, i) => sum + i.points, 0),
    updatedAt: now,
  };
  // A pre-created attempt (not_started) is taken over, keeping its number.
  const waiting = attempts.find((t) => t.status === 'not_started');
  const [row] = waiting
    ? await tx
        .update(assessmentAttempts)
        .set(values)
        .where(eq(assessmentAttempts.id, waiting.id))
        .returning()
    : await tx
        .insert(assessmentAttempts)
        .values({
          ...values,
          assessmentId: a.id,
          userId,
          number: Math.max(0, ...attempts.map((t) => t.number)) + 1,
        })
        .returning();
  await createAnswerRows(tx, row!.id, items);
  await markVersionsUsed(tx, versionIds);
  emit('assessment.started', {
    assessmentId: a.id,
    attemptId: row!.id,
    userId,
    organisationId: a.organisationId,
    proctored: a.proctored,
  });
  return row!;
}
