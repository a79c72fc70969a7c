import { eq } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Actor } from '../../core/auth/actor.ts';
import type { AppContext } from '../../core/context.ts';
import { notFound } from '../../core/errors/app-error.ts';
import { sendRanged } from '../../core/http/byte-range.ts';
import { proctoringEvidence } from '../../schema/proctoring.table.ts';
import { sessionToProctor } from './proctoring.access.ts';

/**
 * Evidence files (stills, clips, identity photos) and live thumbnails, to the session's proctors
 * only (sessionToProctor: 404 outside the organisation, 403 to a member who does not proctor
 * the assessment). Pictures of people in their homes: served inert, never kept by the browser,
 * and gone (404) once the retention period removed the file.
 */

export const EVIDENCE_NOT_FOUND = 'Evidence not found.';
export const EVIDENCE_REMOVED = 'This evidence was removed at the end of its retention period.';
export const NO_THUMBNAIL = 'No thumbnail from this device yet.';

/**
 * By the stored key's extension, which the file store checked against the content: never a type
 * outside this list, so nothing a browser could run is ever labelled as something it would.
 */
const CONTENT_TYPES: Record<string, string> = {
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
  webp: 'image/webp',
  webm: 'video/webm',
  mp4: 'video/mp4',
};

/** A session the caller proctors; its 404 speaks of the file asked for, not of a session. */
const proctoredSession = (ctx: AppContext, actor: Actor, sessionId: number) =>
  sessionToProctor(ctx.db, actor, sessionId).catch((err) => {
    throw err?.statusCode === 404 ? notFound(EVIDENCE_NOT_FOUND) : err;
  });

async function sendStored(
  ctx: AppContext,
  key: string,
  name: string,
  req: FastifyRequest,
  reply: FastifyReply,
) {
  const stat = await ctx.files.stat(key);
  if (!stat) throw notFound(EVIDENCE_REMOVED);
  const ext = key.slice(key.lastIndexOf('.') + 1).toLowerCase();
  const type = CONTENT_TYPES[ext];
  reply
    .header('x-content-type-options', 'nosniff')
    .header('content-disposition', `inline; filename="${name}.${type ? ext : 'bin'}"`)
    // no-store: a shared proctoring desk must not keep learners' pictures past their retention.
    .header('cache-control', 'private, no-store')
    .header('content-security-policy', "default-src 'none'; sandbox")
    .type(type ?? 'application/octet-stream');
  // Ranges: a clip is seeked in the browser's player.
  return sendRanged(req, reply, stat.size, (range) => ctx.files.open(key, range));
}

/** GET /api/proctor/evidence/:id/ */
export async function sendEvidence(
  ctx: AppContext,
  actor: Actor,
  evidenceId: number,
  req: FastifyRequest,
  reply: FastifyReply,
) {
  const [row] = await ctx.db
    .select({ sessionId: proctoringEvidence.sessionId, key: proctoringEvidence.key })
    .from(proctoringEvidence)
    .where(eq(proctoringEvidence.id, evidenceId));
  if (!row) throw notFound(EVIDENCE_NOT_FOUND);
  await proctoredSession(ctx, actor, row.sessionId);
  return sendStored(ctx, row.key, `evidence-${evidenceId}`, req, reply);
}

/** GET /api/proctor/evidence/thumbnail/:session/: the device's latest live thumbnail. */
export async function sendThumbnail(
  ctx: AppContext,
  actor: Actor,
  sessionId: number,
  req: FastifyRequest,
  reply: FastifyReply,
) {
  const { session } = await proctoredSession(ctx, actor, sessionId);
  if (!session.thumbnailKey) throw notFound(NO_THUMBNAIL);
  return sendStored(ctx, session.thumbnailKey, `thumbnail-${session.id}`, req, reply);
}
