import { type TProctoringFlag, ZFlagUploadFields } from '@atrium/contract';
import { and, asc, count, eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { recordAudit } from '../../core/audit/audit-log.ts';
import type { Actor } from '../../core/auth/actor.ts';
import type { AppContext } from '../../core/context.ts';
import type { DbOrTx } from '../../core/db/database.ts';
import { runInTransaction } from '../../core/db/transaction.ts';
import { badRequest, conflict, notFound } from '../../core/errors/app-error.ts';
import { parseInput } from '../../core/http/forms.ts';
import {
  proctoringEvidence,
  proctoringFlags,
  proctoringSessions,
} from '../../schema/proctoring.table.ts';
import { users } from '../../schema/users.table.ts';
import { ownAttempt } from '../assessments/index.ts';
import { discard, readEvidenceForm } from './evidence.store.ts';
import { raiseFlag } from './flag-raise.ts';
import { ownOpenSession, type Session, sessionToProctor } from './proctoring.access.ts';
import { publishToProctors } from './proctoring.live.ts';
import { clock } from './sessions.service.ts';
import { settingsOf } from './settings.service.ts';

/**
 * Flags: the device raises one with its evidence (`upload_frame`: a still and/or a clip around
 * the moment), may add evidence that finished later (`update_file_repo`: the clip is recorded
 * after the flag), and a proctor dismisses or confirms each one (audited).
 */

/** Evidence files one flag may hold: a still, a clip, and a few retries. */
const MAX_EVIDENCE_PER_FLAG = 6;
/**
 * Flags one attempt may raise: far above any honest attempt (the device re-arms a signal only
 * once it cleared), and a bound on what a proctor's card and the disk have to hold.
 */
export const MAX_FLAGS_PER_SESSION = 300;
/** The device may be a few seconds off the server's clock; a flag from the future is not. */
const CLOCK_SKEW_MS = 5 * 60_000;
const INVALID = 'Invalid input. Please correct the fields listed.';

const fullName = (u: { firstName: string | null; lastName: string | null; email: string }) =>
  [u.firstName, u.lastName].filter(Boolean).join(' ') || u.email;

/** A flag as the contract shows it, with its evidence and who decided it. */
export async function flagView(db: DbOrTx, flagId: number): Promise<TProctoringFlag> {
  const [row] = await db
    .select({
      f: proctoringFlags,
      by: {
        id: users.id,
        firstName: users.firstName,
        lastName: users.lastName,
        email: users.email,
      },
    })
    .from(proctoringFlags)
    .leftJoin(users, eq(users.id, proctoringFlags.decidedBy))
    .where(eq(proctoringFlags.id, flagId));
  if (!row) throw notFound('Flag not found.');
  const evidence = await db
    .select()
    .from(proctoringEvidence)
    .where(eq(proctoringEvidence.flagId, flagId))
    .orderBy(asc(proctoringEvidence.id));
  const { f, by } = row;
  return {
    id: f.id,
    type: f.type as TProctoringFlag['type'],
    occurred_at: f.occurredAt.toISOString(),
    confidence: f.confidence,
    detail: f.detail,
    decision: f.decision as TProctoringFlag['decision'],
    comment: f.comment,
    decided_by: by?.id ? { id: by.id, name: fullName(by) } : null,
    decided_at: f.decidedAt?.toISOString() ?? null,
    evidence: evidence.map((e) => ({
      id: e.id,
      kind: e.kind as TProctoringFlag['evidence'][number]['kind'],
      size: e.size,
      content_type: e.contentType,
      url: `/api/proctor/evidence/${e.id}/`,
      created_at: e.createdAt.toISOString(),
    })),
  };
}

function evidenceRows(
  sessionId: number,
  flagId: number,
  files: { field: string; stored: { key: string; size: number; contentType: string } }[],
  now: Date,
) {
  return files.map((f) => ({
    sessionId,
    flagId,
    kind: f.field === 'clip' ? 'clip' : 'frame',
    key: f.stored.key,
    size: f.stored.size,
    contentType: f.stored.contentType,
    createdAt: now,
  }));
}

/**
 * POST upload_frame: a flag from the learner's own device while the attempt is in progress, of a
 * signal the assessment watches, with a still (`frame`) and/or a clip (`clip`).
 */
export async function uploadFrame(ctx: AppContext, actor: Actor, req: FastifyRequest) {
  let session: Session | undefined;
  let fields: ReturnType<typeof ZFlagUploadFields.parse> | undefined;
  const form = await readEvidenceForm(ctx, req, {
    files: { frame: 'image', clip: 'clip' },
    prefix: 'proctoring/evidence',
    authorise: async (raw) => {
      fields = parseInput(ZFlagUploadFields, raw);
      session = await ownOpenSession(ctx.db, actor, fields.session);
      // The session ends when the submit's event is handled; the attempt itself says it first.
      const { attempt } = await ownAttempt(ctx.db, actor, session.attemptId);
      if (attempt.status !== 'in_progress') throw conflict('This attempt is not in progress.');
      const [raised] = await ctx.db
        .select({ n: count() })
        .from(proctoringFlags)
        .where(eq(proctoringFlags.sessionId, session.id));
      if ((raised?.n ?? 0) >= MAX_FLAGS_PER_SESSION)
        throw conflict(
          'This attempt has raised as many flags as it may; a proctor will review them.',
        );
    },
  });
  try {
    const s = session!;
    const f = fields!;
    const settings = await settingsOf(ctx.db, s.assessmentId);
    if (!settings.signals.includes(f.type))
      throw badRequest(INVALID, { type: ['This signal is not watched in this assessment.'] });
    const now = clock.now();
    const claimed = new Date(f.occurred_at).getTime();
    if (claimed > now.getTime() + CLOCK_SKEW_MS || claimed < s.startedAt.getTime() - CLOCK_SKEW_MS)
      throw badRequest(INVALID, { occurred_at: ['The flag must fall within the attempt.'] });
    // A device's clock a little off is still believed, within the attempt's bounds.
    const occurredAt = new Date(Math.min(now.getTime(), Math.max(s.startedAt.getTime(), claimed)));
    const flagId = await runInTransaction(ctx.db, ctx.bus, async (uow) => {
      const flag = await raiseFlag(
        uow,
        s,
        { violationBudget: settings.violation_budget, autoSubmit: settings.auto_submit },
        { type: f.type, occurredAt, confidence: f.confidence, detail: f.detail },
      );
      if (form.files.length > 0)
        await uow.tx
          .insert(proctoringEvidence)
          .values(evidenceRows(s.id, flag.id, form.files, now));
      await uow.tx
        .update(proctoringSessions)
        .set({ lastSeenAt: now })
        .where(eq(proctoringSessions.id, s.id));
      return flag.id;
    });
    return flagView(ctx.db, flagId);
  } catch (err) {
    await discard(ctx, form);
    throw err;
  }
}

/** POST update_file_repo: more evidence for a flag of the learner's own open session. */
export async function updateFileRepo(ctx: AppContext, actor: Actor, req: FastifyRequest) {
  let flag: typeof proctoringFlags.$inferSelect | undefined;
  const form = await readEvidenceForm(ctx, req, {
    files: { frame: 'image', clip: 'clip' },
    prefix: 'proctoring/evidence',
    authorise: async (raw) => {
      const id = Number(raw.flag);
      const unknown = Object.keys(raw).filter((k) => k !== 'flag');
      if (unknown.length > 0)
        throw badRequest(INVALID, Object.fromEntries(unknown.map((k) => [k, ['Unknown field.']])));
      if (!Number.isInteger(id) || id < 1 || id > 2_147_483_647)
        throw badRequest(INVALID, { flag: ['Send the flag before the file.'] });
      [flag] = await ctx.db.select().from(proctoringFlags).where(eq(proctoringFlags.id, id));
      if (!flag) throw notFound('Flag not found.');
      // Someone else's flag is not found: its session is not theirs.
      await ownOpenSession(ctx.db, actor, flag.sessionId).catch((err) => {
        throw err?.statusCode === 404 ? notFound('Flag not found.') : err;
      });
      const [held] = await ctx.db
        .select({ n: count() })
        .from(proctoringEvidence)
        .where(eq(proctoringEvidence.flagId, id));
      if ((held?.n ?? 0) >= MAX_EVIDENCE_PER_FLAG)
        throw conflict('This flag holds all the evidence it may.');
    },
  });
  try {
    if (form.files.length === 0) throw badRequest(INVALID, { clip: ['Send a clip or a frame.'] });
    const f = flag!;
    await ctx.db
      .insert(proctoringEvidence)
      .values(evidenceRows(f.sessionId, f.id, form.files, clock.now()));
    const view = await flagView(ctx.db, f.id);
    const [s] = await ctx.db
      .select()
      .from(proctoringSessions)
      .where(eq(proctoringSessions.id, f.sessionId));
    await publishToProctors(ctx, s!);
    return view;
  } catch (err) {
    await discard(ctx, form);
    throw err;
  }
}

/** PATCH flag/{id}/: a proctor dismisses or confirms a flag (audited); it can be changed later. */
export async function decideFlag(
  ctx: AppContext,
  actor: Actor,
  flagId: number,
  input: { decision: 'dismissed' | 'confirmed'; comment: string },
  ip?: string,
) {
  const session = await runInTransaction(ctx.db, ctx.bus, async ({ tx }) => {
    const [flag] = await tx
      .select()
      .from(proctoringFlags)
      .where(eq(proctoringFlags.id, flagId))
      .for('update');
    if (!flag) throw notFound('Flag not found.');
    const { session: s, assessment } = await sessionToProctor(tx, actor, flag.sessionId).catch(
      (err) => {
        throw err?.statusCode === 404 ? notFound('Flag not found.') : err;
      },
    );
    await tx
      .update(proctoringFlags)
      .set({
        decision: input.decision,
        comment: input.comment,
        decidedBy: actor.userId,
        decidedAt: clock.now(),
      })
      .where(and(eq(proctoringFlags.id, flag.id)));
    await recordAudit(tx, {
      action: 'proctoring.flag_decided',
      actorId: actor.userId,
      targetUserId: s.userId,
      organisationId: assessment.organisationId,
      ip,
      details: {
        assessment: assessment.id,
        attempt: s.attemptId,
        flag: flag.id,
        type: flag.type,
        from: flag.decision,
        to: input.decision,
        comment: input.comment,
      },
    });
    return s;
  });
  await publishToProctors(ctx, session);
  return flagView(ctx.db, flagId);
}
