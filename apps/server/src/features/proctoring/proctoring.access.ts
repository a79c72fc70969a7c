import { eq } from 'drizzle-orm';
import type { Actor } from '../../core/auth/actor.ts';
import type { DbOrTx } from '../../core/db/database.ts';
import { conflict, forbidden, notFound } from '../../core/errors/app-error.ts';
import { proctoringSessions } from '../../schema/proctoring.table.ts';
import { assessmentForProctoring } from '../assessments/index.ts';
import { canConfigure, canProctor, canReport } from './proctoring.policy.ts';

/**
 * Turning proctoring's policy into answers: 404 for what the caller may not see (another
 * organisation's assessment, someone else's session), 403 when seen but refused, 409 when the
 * attempt is over.
 */

export type Session = typeof proctoringSessions.$inferSelect;

export const SESSION_NOT_FOUND = 'Proctoring session not found.';
export const NOT_A_PROCTOR =
  'Only the assessment’s proctors (its author, its reviewers and the organisation’s admins) can do this.';
export const SESSION_ENDED = 'This attempt is over: monitoring has ended.';
export const NOT_YOURS = 'Only the learner taking this attempt can send its proctoring data.';

/** The assessment if the caller proctors it. */
export async function assessmentToProctor(db: DbOrTx, actor: Actor, assessmentId: number) {
  const { assessment, facts } = await assessmentForProctoring(db, actor, assessmentId);
  if (!canProctor(actor, facts)) throw forbidden(NOT_A_PROCTOR);
  return assessment;
}

/** The assessment if the caller may change how it is proctored (or, with `read`, proctors it). */
export async function assessmentToConfigure(
  db: DbOrTx,
  actor: Actor,
  assessmentId: number,
  need: 'read' | 'write',
) {
  const { assessment, facts } = await assessmentForProctoring(db, actor, assessmentId);
  const allowed = canConfigure(actor, facts) || (need === 'read' && canProctor(actor, facts));
  if (!allowed)
    throw forbidden(
      'Only admins and the trainer who created this assessment can change its proctoring.',
    );
  return { assessment, facts };
}

async function sessionById(db: DbOrTx, id: number, lock: boolean) {
  const query = db.select().from(proctoringSessions).where(eq(proctoringSessions.id, id));
  const [row] = lock ? await query.for('update') : await query;
  return row;
}

/** A session of an assessment the caller proctors (404 outside their organisation). */
export async function sessionToProctor(
  db: DbOrTx,
  actor: Actor,
  sessionId: number,
  options: { lock?: boolean } = {},
) {
  const session = await sessionById(db, sessionId, options.lock ?? false);
  if (!session) throw notFound(SESSION_NOT_FOUND);
  const assessment = await assessmentToProctor(db, actor, session.assessmentId).catch((err) => {
    // Another organisation's session does not exist for the caller.
    throw err?.statusCode === 404 ? notFound(SESSION_NOT_FOUND) : err;
  });
  return { session, assessment };
}

/**
 * The caller's own session while its attempt is open: 404 outside their organisation, 403 for
 * another learner's, 409 once over.
 */
export async function ownOpenSession(
  db: DbOrTx,
  actor: Actor,
  sessionId: number,
  options: { lock?: boolean } = {},
): Promise<Session> {
  const session = await sessionById(db, sessionId, options.lock ?? false);
  if (!session || session.organisationId !== actor.organisationId)
    throw notFound(SESSION_NOT_FOUND);
  // Another learner's attempt in the same organisation: refused (403), as the issue asks.
  if (session.userId !== actor.userId) throw forbidden(NOT_YOURS);
  if (!canReport(actor, { ...session, open: session.endedAt === null }))
    throw conflict(SESSION_ENDED);
  return session;
}
