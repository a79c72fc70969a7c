import type { TAttemptOutcome, TProctoringFlagType, ZProctoringResult } from '@atrium/contract';
import { and, asc, eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { Actor } from '../../core/auth/actor.ts';
import type { Db } from '../../core/db/database.ts';
import { notFound } from '../../core/errors/app-error.ts';
import { proctoringFlags, proctoringSessions } from '../../schema/proctoring.table.ts';
import { ownAttempt } from '../assessments/index.ts';
import { assessmentToProctor } from './proctoring.access.ts';
import { canSeeOutcome } from './proctoring.policy.ts';

/**
 * What the proctoring of an attempt came to (/api/proctor/result/:attempt/), beside its result:
 * the decision, its comment and the flags a proctor confirmed. Pending and dismissed flags are
 * not the learner's record, so they are never shown here, to anyone.
 */

export type TProctoringResult = z.infer<typeof ZProctoringResult>;

const ATTEMPT_NOT_FOUND = 'Attempt not found.';

/** Whether the caller proctors the assessment; a refusal of either kind is just "no". */
const proctors = (db: Db, actor: Actor, assessmentId: number) =>
  assessmentToProctor(db, actor, assessmentId).then(
    () => true,
    (err) => {
      if (err?.statusCode === 403 || err?.statusCode === 404) return false;
      throw err;
    },
  );

/** The attempt's learner and its proctors; 404 to anyone else (the attempt is not theirs to know). */
export async function attemptOutcome(
  db: Db,
  actor: Actor,
  attemptId: number,
): Promise<TProctoringResult> {
  const [session] = await db
    .select()
    .from(proctoringSessions)
    .where(eq(proctoringSessions.attemptId, attemptId));
  if (!session) {
    // Not proctored: its learner is told so; anyone else learns nothing (ownAttempt's 404).
    await ownAttempt(db, actor, attemptId);
    return { proctored: false, outcome: null, comment: '', confirmed: [] };
  }
  // The learner's own is decided from the session alone; only others cost the proctor check.
  const allowed =
    canSeeOutcome(actor, session, false) ||
    canSeeOutcome(actor, session, await proctors(db, actor, session.assessmentId));
  if (!allowed) throw notFound(ATTEMPT_NOT_FOUND);
  const confirmed = await db
    .select({ type: proctoringFlags.type, occurredAt: proctoringFlags.occurredAt })
    .from(proctoringFlags)
    .where(
      and(eq(proctoringFlags.sessionId, session.id), eq(proctoringFlags.decision, 'confirmed')),
    )
    .orderBy(asc(proctoringFlags.occurredAt), asc(proctoringFlags.id));
  return {
    proctored: true,
    outcome: session.outcome as TAttemptOutcome | null,
    comment: session.outcomeComment,
    confirmed: confirmed.map((f) => ({
      type: f.type as TProctoringFlagType,
      occurred_at: f.occurredAt.toISOString(),
    })),
  };
}
