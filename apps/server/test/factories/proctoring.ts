import type { DbOrTx } from '../../src/core/db/database.ts';
import type { FileStore } from '../../src/core/storage/file-store.ts';
import {
  proctoringEvents,
  proctoringEvidence,
  proctoringFlags,
  proctoringMessages,
  proctoringSessions,
  proctoringSettings,
} from '../../src/schema/proctoring.table.ts';
import { makeGradedAttempt } from './assessments.ts';
import { PNG } from './catalogue.ts';

/*
 * Proctoring rows written directly, as the write side (login, heartbeat, uploads, decisions)
 * would leave them, so the read side is tested on its own. Every session has a real attempt.
 */

type SessionInsert = typeof proctoringSessions.$inferInsert;
type FlagInsert = typeof proctoringFlags.$inferInsert;

/** A minimal WebM (EBML header, DocType webm): enough for the file store's content check. */
export const WEBM = Buffer.from(
  '1a45dfa39f4286810142f7810142f2810442f381084282847765626d428781044285810200000000',
  'hex',
);

/** The assessment's proctoring settings (the contract's defaults for what is not given). */
export async function makeProctoringSettings(
  db: DbOrTx,
  assessmentId: number,
  settings: Partial<Omit<typeof proctoringSettings.$inferInsert, 'assessmentId'>> = {},
) {
  const [row] = await db
    .insert(proctoringSettings)
    .values({
      assessmentId,
      mode: 'record',
      signals: ['no_face', 'multiple_faces', 'looking_away', 'tab_switch', 'fullscreen_exit'],
      lookAwaySeconds: 5,
      noFaceSeconds: 5,
      identityCheck: 'none',
      retentionDays: 30,
      ...settings,
    })
    .returning();
  return row!;
}

/**
 * A session on an attempt of its own (in progress unless `attemptStatus` says otherwise).
 * Without `lastSeenAt` the device has not reported yet: the grid's `waiting`.
 */
export async function makeProctoringSession(
  db: DbOrTx,
  options: {
    assessment: { id: number; organisationId: number };
    userId: number;
    attemptNumber?: number;
    attemptStatus?: 'in_progress' | 'submitted' | 'graded';
  } & Partial<Omit<SessionInsert, 'attemptId' | 'assessmentId' | 'organisationId' | 'userId'>>,
) {
  const { assessment, userId, attemptNumber, attemptStatus, ...session } = options;
  const attempt = await makeGradedAttempt(db, {
    assessmentId: assessment.id,
    userId,
    number: attemptNumber ?? 1,
    status: attemptStatus ?? 'in_progress',
  });
  const [row] = await db
    .insert(proctoringSessions)
    .values({
      attemptId: attempt.id,
      assessmentId: assessment.id,
      organisationId: assessment.organisationId,
      userId,
      mode: 'record',
      ...session,
    })
    .returning();
  return { ...row!, attempt };
}

/** A flag of the session (pending unless decided). */
export async function makeFlag(
  db: DbOrTx,
  options: { sessionId: number } & Partial<Omit<FlagInsert, 'sessionId'>>,
) {
  const { sessionId, ...flag } = options;
  const [row] = await db
    .insert(proctoringFlags)
    .values({
      sessionId,
      type: 'looking_away',
      occurredAt: new Date(),
      confidence: 0.9,
      ...flag,
    })
    .returning();
  return row!;
}

/**
 * An evidence row with a real file behind it, stored as uploads are (checked, generated key):
 * a still (PNG) unless it is a clip (WebM), or the bytes given with their file name.
 */
export async function makeEvidence(
  db: DbOrTx,
  files: FileStore,
  options: {
    sessionId: number;
    flagId?: number | null;
    kind?: 'frame' | 'clip' | 'identity' | 'id_document';
    bytes?: Buffer;
    name?: string;
    createdAt?: Date;
  },
) {
  const kind = options.kind ?? 'frame';
  const clip = kind === 'clip';
  const stored = await files.put(options.bytes ?? (clip ? WEBM : PNG), {
    originalName: options.name ?? (clip ? 'clip.webm' : 'frame.png'),
    allowedExtensions: ['png', 'jpg', 'jpeg', 'webp', 'webm', 'mp4'],
    maxBytes: 20 * 1024 * 1024,
    prefix: 'proctoring/evidence',
  });
  const [row] = await db
    .insert(proctoringEvidence)
    .values({
      sessionId: options.sessionId,
      flagId: options.flagId ?? null,
      kind,
      key: stored.key,
      size: stored.size,
      contentType: stored.contentType,
      ...(options.createdAt ? { createdAt: options.createdAt } : {}),
    })
    .returning();
  return row!;
}

/** A live thumbnail stored and set as the session's current one. */
export async function storeThumbnail(files: FileStore, bytes: Buffer = PNG) {
  return files.put(bytes, {
    originalName: 'thumbnail.png',
    allowedExtensions: ['png', 'jpg', 'jpeg', 'webp'],
    maxBytes: 2 * 1024 * 1024,
    prefix: 'proctoring/thumbnails',
  });
}

/** One of the timeline's own moments (lost, resumed, decision, ended). */
export async function makeProctoringEvent(
  db: DbOrTx,
  options: { sessionId: number; at: Date; kind: string; text: string },
) {
  const [row] = await db.insert(proctoringEvents).values(options).returning();
  return row!;
}

/** A proctor's message to the learner. */
export async function makeProctorMessage(
  db: DbOrTx,
  options: { sessionId: number; text: string; sentAt?: Date; sentBy?: number | null },
) {
  const [row] = await db
    .insert(proctoringMessages)
    .values({ sentAt: new Date(), ...options })
    .returning();
  return row!;
}
