import { randomBytes } from 'node:crypto';
import type { TAttemptSession, TAttemptStart } from '@atrium/contract';
import argon2 from 'argon2';
import { eq, sql } from 'drizzle-orm';
import type { Actor } from '../../core/auth/actor.ts';
import type { AppContext } from '../../core/context.ts';
import { queryRows, type Tx } from '../../core/db/database.ts';
import { runInTransaction, type UnitOfWork } from '../../core/db/transaction.ts';
import { conflict, fieldError } from '../../core/errors/app-error.ts';
import { assessmentAnswers, assessmentAttempts } from '../../schema/assessments.table.ts';
import { loadLayout } from './assessment.detail.ts';
import {
  type Assessment,
  type Attempt,
  type LearnerTiming,
  loadForTaking,
  startBlock,
} from './attempt-access.ts';
import { drawAttempt, loadDrawSource } from './attempt-prepare.ts';
import { submitLocked } from './attempt-submit.ts';
import { attemptView } from './attempt-view.ts';
import { attemptsOf, createAnswerRows, readAttemptsOf } from './attempts.repository.ts';
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
    readAttemptsOf(ctx.db, a.id, actor.userId),
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
  const before = await readAttemptsOf(ctx.db, a.id, actor.userId);
  // Resuming needs no password (a reload must not ask for it); a new attempt does.
  if (!before.some((t) => t.status === 'in_progress')) await checkPassword(a, input.password);

  const session = newSessionKey();
  const prepared = before.find((t) => t.status === 'not_started' && t.preparedFor !== null);
  if (
    prepared &&
    !before.some((t) => t.status === 'in_progress') &&
    startBlock(now, timing, before, a.attemptDelaySeconds).reason === null
  ) {
    const taken = await takeOverPrepared(ctx, a, timing, prepared, session, now);
    if (taken)
      return { session, attempt: await attemptView(ctx.db, taken, a, now, { fresh: true }) };
  }
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
      if (locked?.status === 'in_progress')
        await submitLocked(uow, locked, a, now, 'timeout', ctx.db);
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

/**
 * The exam's opening minute: the learner's pre-created attempt with its prepared draw
 * (attempt-prepare.ts) becomes theirs in one conditional update, no drawing and no inserts. The
 * update itself checks that the draw is still good: the attempt still waiting, drawn for the
 * assessment as it is now, every version drawn still its question's current one. A concurrent
 * start (another tab) that took it first, or a draw gone stale, returns null: the caller then
 * goes the ordinary way, which resumes the running attempt or draws afresh.
 */
async function takeOverPrepared(
  ctx: AppContext,
  a: Assessment,
  timing: LearnerTiming,
  prepared: Attempt,
  session: string,
  now: Date,
): Promise<Attempt | null> {
  const deadline = attemptDeadline({
    startedAt: now,
    timeLimitSeconds: a.timeLimitSeconds,
    closesAt: a.closesAt,
    overrides: timing.overrides,
  });
  return runInTransaction(ctx.db, ctx.bus, async ({ tx, emit }) => {
    const [row] = await tx
      .update(assessmentAttempts)
      .set({
        status: 'in_progress',
        sessionKey: session,
        startedAt: now,
        deadlineAt: deadline,
        expiresAt: deadline ? expiresAt(deadline, a.graceSeconds) : null,
        updatedAt: now,
      })
      .where(
        sql`${assessmentAttempts.id} = ${prepared.id}
          and ${assessmentAttempts.status} = 'not_started'
          and ${assessmentAttempts.layout} is not null
          and ${assessmentAttempts.preparedFor} = (select updated_at from assessments where id = ${a.id})
          and not exists (
            select 1 from assessment_attempt_answers x
            join question_versions v on v.id = x.question_version_id
            join questions q on q.id = v.question_id
            where x.attempt_id = ${prepared.id} and q.current_version <> v.version)`,
      )
      .returning();
    if (!row) return null;
    emit('assessment.started', {
      assessmentId: a.id,
      attemptId: row.id,
      userId: row.userId,
      organisationId: a.organisationId,
      proctored: a.proctored,
    });
    return row;
  });
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
  const { layout, items, versionIds, maxScore } = drawAttempt(a, await loadDrawSource(tx, a));
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
    maxScore,
    preparedFor: null,
    updatedAt: now,
  };
  // A pre-created attempt (not_started) is taken over, keeping its number; a draw prepared for
  // it that the start could not use (the assessment or a question changed since) goes.
  const waiting = attempts.find((t) => t.status === 'not_started');
  if (waiting?.preparedFor)
    await tx.delete(assessmentAnswers).where(eq(assessmentAnswers.attemptId, waiting.id));
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
  await createAnswerRows(tx, [{ attemptId: row!.id, items }]);
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
