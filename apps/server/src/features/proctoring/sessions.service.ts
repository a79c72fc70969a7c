import {
  HEARTBEAT_SECONDS,
  MONITORING_LOST_SECONDS,
  THUMBNAIL_SECONDS,
  type TProctoringSession,
} from '@atrium/contract';
import { and, asc, eq, inArray, isNull } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { Actor } from '../../core/auth/actor.ts';
import type { AppContext } from '../../core/context.ts';
import { runInTransaction } from '../../core/db/transaction.ts';
import { badRequest, conflict } from '../../core/errors/app-error.ts';
import {
  proctoringEvents,
  proctoringEvidence,
  proctoringMessages,
  proctoringSessions,
} from '../../schema/proctoring.table.ts';
import { ownAttempt } from '../assessments/index.ts';
import { discard, readEvidenceForm } from './evidence.store.ts';
import { raiseFlag } from './flag-raise.ts';
import { ownOpenSession, type Session } from './proctoring.access.ts';
import { publishToProctors } from './proctoring.live.ts';
import { type Settings, settingsOf } from './settings.service.ts';

/**
 * The learner's device: it logs in to monitor its attempt, beats every HEARTBEAT_SECONDS, sends
 * its identity photos and (live mode) a thumbnail. A silence longer than MONITORING_LOST_SECONDS,
 * or the camera going off, is noted on the timeline and raised as a `monitoring_stopped` flag
 * when the device is heard again (or when the attempt ends): a proctor decides what it means.
 */

export const clock = { now: (): Date => new Date() };

function sessionView(session: Session, s: Settings): TProctoringSession {
  return {
    id: session.id,
    attempt: session.attemptId,
    mode: session.mode as TProctoringSession['mode'],
    signals: s.signals,
    look_away_seconds: s.look_away_seconds,
    no_face_seconds: s.no_face_seconds,
    identity_check: s.identity_check,
    retention_days: s.retention_days,
    started_at: session.startedAt.toISOString(),
    heartbeat_seconds: HEARTBEAT_SECONDS,
    thumbnail_seconds: session.mode === 'live' ? THUMBNAIL_SECONDS : null,
    identity_done: session.identityDone,
  };
}

/**
 * POST proctoring_login: the learner's own attempt, in progress, of a proctored assessment. The
 * session may exist already (made when the attempt started, or by an earlier login from another
 * device or a reload): it is resumed.
 */
export async function login(ctx: AppContext, actor: Actor, attemptId: number) {
  const { attempt, assessment } = await ownAttempt(ctx.db, actor, attemptId);
  if (attempt.status !== 'in_progress') throw conflict('This attempt is not in progress.');
  if (!assessment.proctored) throw conflict('This assessment is not proctored.');
  const settings = await settingsOf(ctx.db, assessment.id);
  const now = clock.now();
  const session = await runInTransaction(ctx.db, ctx.bus, async ({ tx }) => {
    await tx
      .insert(proctoringSessions)
      .values({
        attemptId: attempt.id,
        assessmentId: assessment.id,
        organisationId: assessment.organisationId,
        userId: attempt.userId,
        mode: settings.mode,
        startedAt: now,
      })
      .onConflictDoNothing();
    const [row] = await tx
      .update(proctoringSessions)
      .set({ lastSeenAt: now, cameraOn: true })
      .where(eq(proctoringSessions.attemptId, attempt.id))
      .returning();
    return row!;
  });
  await publishToProctors(ctx, session);
  return sessionView(session, settings);
}

/** Unread proctor messages of a session, oldest first. */
function unread(ctx: AppContext, sessionId: number) {
  return ctx.db
    .select({
      id: proctoringMessages.id,
      text: proctoringMessages.text,
      sentAt: proctoringMessages.sentAt,
    })
    .from(proctoringMessages)
    .where(and(eq(proctoringMessages.sessionId, sessionId), isNull(proctoringMessages.readAt)))
    .orderBy(asc(proctoringMessages.id))
    .limit(20);
}

const gapText = (seconds: number) =>
  seconds >= 120 ? `${Math.round(seconds / 60)} min` : `${Math.round(seconds)} s`;

/**
 * POST heartbeat. Only transitions write more than `last_seen_at`: the camera going off or
 * coming back, and the device coming back after a silence (a `monitoring_stopped` flag dated
 * when it went silent).
 */
export async function heartbeat(
  ctx: AppContext,
  actor: Actor,
  input: { session: number; camera: boolean; visible: boolean },
) {
  const now = clock.now();
  const { session, changed } = await runInTransaction(ctx.db, ctx.bus, async (uow) => {
    const s = await ownOpenSession(uow.tx, actor, input.session, { lock: true });
    const events: { at: Date; kind: string; text: string }[] = [];
    const silent = s.lastSeenAt ? (now.getTime() - s.lastSeenAt.getTime()) / 1000 : 0;
    if (s.lastSeenAt && silent > MONITORING_LOST_SECONDS) {
      events.push(
        { at: s.lastSeenAt, kind: 'lost', text: 'The device stopped reporting.' },
        { at: now, kind: 'resumed', text: `The device reported again after ${gapText(silent)}.` },
      );
      const settings = await settingsOf(uow.tx, s.assessmentId);
      await raiseFlag(
        uow,
        s,
        { violationBudget: settings.violation_budget, autoSubmit: settings.auto_submit },
        {
          type: 'monitoring_stopped',
          occurredAt: s.lastSeenAt,
          confidence: 1,
          detail: `No report from the learner’s device for ${gapText(silent)} (page closed, device asleep or network lost).`,
        },
      );
    }
    if (s.cameraOn && !input.camera)
      events.push({ at: now, kind: 'lost', text: 'The camera was turned off.' });
    if (!s.cameraOn && input.camera && s.lastSeenAt)
      events.push({ at: now, kind: 'resumed', text: 'The camera is on again.' });
    if (events.length > 0)
      await uow.tx.insert(proctoringEvents).values(events.map((e) => ({ sessionId: s.id, ...e })));
    const [row] = await uow.tx
      .update(proctoringSessions)
      .set({ lastSeenAt: now, cameraOn: input.camera })
      .where(eq(proctoringSessions.id, s.id))
      .returning();
    return { session: row!, changed: events.length > 0 };
  });
  if (changed) await publishToProctors(ctx, session);
  const messages = await unread(ctx, session.id);
  return {
    messages: messages.map((m) => ({ id: m.id, text: m.text, sent_at: m.sentAt.toISOString() })),
  };
}

/** POST message/read/: the learner has seen these messages of their session. */
export async function acknowledgeMessages(
  ctx: AppContext,
  actor: Actor,
  input: { session: number; messages: number[] },
) {
  // Reading a message is allowed after the attempt too (the banner may be closed late).
  const s = await ownOpenSession(ctx.db, actor, input.session).catch(async (err) => {
    if (err?.statusCode !== 409) throw err;
    const [row] = await ctx.db
      .select()
      .from(proctoringSessions)
      .where(eq(proctoringSessions.id, input.session));
    return row!;
  });
  if (input.messages.length === 0) return;
  await ctx.db
    .update(proctoringMessages)
    .set({ readAt: clock.now() })
    .where(
      and(
        eq(proctoringMessages.sessionId, s.id),
        inArray(proctoringMessages.id, input.messages),
        isNull(proctoringMessages.readAt),
      ),
    );
}

const sessionField = (fields: Record<string, string>) => {
  const id = Number(fields.session);
  if (!Number.isInteger(id) || id < 1 || id > 2_147_483_647)
    throw badRequest('Invalid input. Please correct the fields listed.', {
      session: ['Send the session before the files.'],
    });
  return id;
};

/**
 * POST identity: the photo taken at the start (and, for an ID check, the photo of the held ID),
 * with the device's match against the profile photo when it made one. A human looks at them:
 * a poor match raises nothing by itself.
 */
export async function identity(ctx: AppContext, actor: Actor, req: FastifyRequest) {
  let session: Session | undefined;
  let settings: Settings | undefined;
  const form = await readEvidenceForm(ctx, req, {
    files: { photo: 'image', id_photo: 'image' },
    prefix: 'proctoring/identity',
    authorise: async (fields) => {
      session = await ownOpenSession(ctx.db, actor, sessionField(fields));
      settings = await settingsOf(ctx.db, session.assessmentId);
    },
  });
  try {
    const s = session!;
    const photo = form.files.find((f) => f.field === 'photo');
    const idPhoto = form.files.find((f) => f.field === 'id_photo');
    const errors: Record<string, string[]> = {};
    if (!photo) errors.photo = ['Take a photo of yourself.'];
    if (settings!.identity_check === 'id_photo' && !idPhoto)
      errors.id_photo = ['Take a photo of your ID.'];
    const similarity = form.fields.similarity === undefined ? null : Number(form.fields.similarity);
    if (similarity !== null && !(similarity >= 0 && similarity <= 1))
      errors.similarity = ['A match between 0 and 1.'];
    const unknown = Object.keys(form.fields).filter((k) => k !== 'session' && k !== 'similarity');
    for (const k of unknown) errors[k] = ['Unknown field.'];
    if (Object.keys(errors).length > 0)
      throw badRequest('Invalid input. Please correct the fields listed.', errors);
    const now = clock.now();
    const row = await runInTransaction(ctx.db, ctx.bus, async ({ tx }) => {
      await tx.insert(proctoringEvidence).values(
        form.files.map((f) => ({
          sessionId: s.id,
          kind: f.field === 'photo' ? 'identity' : 'id_document',
          key: f.stored.key,
          size: f.stored.size,
          contentType: f.stored.contentType,
          createdAt: now,
        })),
      );
      const [updated] = await tx
        .update(proctoringSessions)
        .set({ identityDone: true, identitySimilarity: similarity, lastSeenAt: now })
        .where(eq(proctoringSessions.id, s.id))
        .returning();
      return updated!;
    });
    await publishToProctors(ctx, row);
    return sessionView(row, settings!);
  } catch (err) {
    await discard(ctx, form);
    throw err;
  }
}

/** POST thumbnail (live mode): replaces the session's thumbnail; the old file goes. */
export async function thumbnail(ctx: AppContext, actor: Actor, req: FastifyRequest) {
  let session: Session | undefined;
  const form = await readEvidenceForm(ctx, req, {
    files: { frame: 'image' },
    prefix: 'proctoring/thumbnails',
    authorise: async (fields) => {
      session = await ownOpenSession(ctx.db, actor, sessionField(fields));
      if (session.mode !== 'live') throw conflict('This assessment is not proctored live.');
    },
  });
  const frame = form.files[0];
  if (!frame)
    throw badRequest('Invalid input. Please correct the fields listed.', {
      frame: ['Send a frame.'],
    });
  const now = clock.now();
  const [before] = await ctx.db
    .select({ key: proctoringSessions.thumbnailKey })
    .from(proctoringSessions)
    .where(eq(proctoringSessions.id, session!.id));
  await ctx.db
    .update(proctoringSessions)
    .set({ thumbnailKey: frame.stored.key, thumbnailAt: now, lastSeenAt: now })
    .where(eq(proctoringSessions.id, session!.id));
  if (before?.key) await ctx.files.delete(before.key).catch(() => undefined);
}
