import type { TAttemptOutcome } from '@atrium/contract';
import { eq } from 'drizzle-orm';
import { recordAudit } from '../../core/audit/audit-log.ts';
import type { Actor } from '../../core/auth/actor.ts';
import type { AppContext } from '../../core/context.ts';
import { runInTransaction } from '../../core/db/transaction.ts';
import { conflict } from '../../core/errors/app-error.ts';
import {
  proctoringEvents,
  proctoringMessages,
  proctoringSessions,
} from '../../schema/proctoring.table.ts';
import { SESSION_ENDED, sessionToProctor } from './proctoring.access.ts';
import { publishToProctors } from './proctoring.live.ts';
import { clock } from './sessions.service.ts';
import './proctoring.events.ts';

/**
 * The proctors' decisions on an attempt, and their messages to its learner. A decision is what
 * changes a result (`proctoring.decided`: assessments voids a violation's result, and gives it
 * back if the decision changes); it can be changed, and every change is audited.
 */

const OUTCOME_TEXT: Record<TAttemptOutcome, string> = {
  clear: 'cleared',
  suspicious: 'marked suspicious',
  violation: 'judged a violation (its result is void)',
};

export async function decideAttempt(
  ctx: AppContext,
  actor: Actor,
  input: { session: number; outcome: TAttemptOutcome; comment: string },
  ip?: string,
) {
  const now = clock.now();
  const session = await runInTransaction(ctx.db, ctx.bus, async ({ tx, emit }) => {
    const { session: s, assessment } = await sessionToProctor(tx, actor, input.session, {
      lock: true,
    });
    const previous = (s.outcome as TAttemptOutcome | null) ?? null;
    const [row] = await tx
      .update(proctoringSessions)
      .set({
        outcome: input.outcome,
        outcomeComment: input.comment,
        decidedBy: actor.userId,
        decidedAt: now,
      })
      .where(eq(proctoringSessions.id, s.id))
      .returning();
    await tx.insert(proctoringEvents).values({
      sessionId: s.id,
      at: now,
      kind: 'decision',
      text: `The attempt was ${OUTCOME_TEXT[input.outcome]}${input.comment ? `: ${input.comment}` : '.'}`,
    });
    await recordAudit(tx, {
      action: 'proctoring.attempt_decided',
      actorId: actor.userId,
      targetUserId: s.userId,
      organisationId: assessment.organisationId,
      ip,
      details: {
        assessment: assessment.id,
        attempt: s.attemptId,
        from: previous,
        to: input.outcome,
        comment: input.comment,
      },
    });
    if (previous !== input.outcome) {
      emit('proctoring.decided', {
        sessionId: s.id,
        assessmentId: s.assessmentId,
        attemptId: s.attemptId,
        userId: s.userId,
        organisationId: s.organisationId,
        outcome: input.outcome,
        previous,
        decidedBy: actor.userId,
      });
    }
    return row!;
  });
  await publishToProctors(ctx, session);
  return session;
}

/** A proctor's message to the learner, shown on the attempt screen (pushed live, and at the next heartbeat). */
export async function sendMessage(
  ctx: AppContext,
  actor: Actor,
  input: { session: number; text: string },
  ip?: string,
) {
  const now = clock.now();
  const { message, session } = await runInTransaction(ctx.db, ctx.bus, async ({ tx }) => {
    const { session: s, assessment } = await sessionToProctor(tx, actor, input.session);
    if (s.endedAt) throw conflict(SESSION_ENDED);
    const [m] = await tx
      .insert(proctoringMessages)
      .values({ sessionId: s.id, text: input.text, sentBy: actor.userId, sentAt: now })
      .returning();
    await recordAudit(tx, {
      action: 'proctoring.message_sent',
      actorId: actor.userId,
      targetUserId: s.userId,
      organisationId: assessment.organisationId,
      ip,
      details: { assessment: assessment.id, attempt: s.attemptId, message: m!.id },
    });
    return { message: m!, session: s };
  });
  await ctx.realtime.publish([session.userId], {
    type: 'proctoring.message',
    data: { session: session.id, id: message.id, text: message.text, sent_at: now.toISOString() },
  });
  await publishToProctors(ctx, session);
  return { id: message.id, text: message.text, sent_at: message.sentAt.toISOString() };
}
