import type { TQuestionDefinition } from '@atrium/contract';
import { and, count, eq } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Actor } from '../../core/auth/actor.ts';
import type { AppContext } from '../../core/context.ts';
import { badRequest, conflict, notFound } from '../../core/errors/app-error.ts';
import { sendRanged } from '../../core/http/byte-range.ts';
import { assertStorablePart } from '../../core/http/input-guard.ts';
import type { StoredFile } from '../../core/storage/file-store.ts';
import {
  assessmentAttemptFiles,
  assessmentAttempts,
  assessments,
} from '../../schema/assessments.table.ts';
import { isReviewerOf } from './assessment.access.ts';
import { ATTEMPT_NOT_FOUND, readOwnAttempt } from './attempt-access.ts';
import { layoutItems } from './attempt-layout.ts';
import { CLOSED, TIME_UP } from './attempt-save.ts';
import { clockOf, layoutOf, loadDefinitions } from './attempt-view.ts';
import { canDownloadAttemptFile } from './attempts.policy.ts';

/**
 * Files a learner uploads as the answer to a file-upload item (issue 16). The upload only
 * stores the file (under a generated name, its type and size checked by the file store against
 * the question's own rules); the learner's next save names it in the answer. Downloads go to the
 * learner and to those who grade the assessment, always as an attachment.
 */

/** Uploads kept per item: replacing a file a few times is normal, filling the disk is not. */
const MAX_UPLOADS_PER_ITEM = 30;
const INVALID = 'Invalid input. Please correct the fields listed.';

export async function uploadAttemptFile(
  ctx: AppContext,
  actor: Actor,
  attemptId: number,
  request: FastifyRequest,
  now: Date,
) {
  const { attempt, assessment } = await readOwnAttempt(ctx.db, actor, attemptId);
  if (attempt.status !== 'in_progress') throw conflict(CLOSED);
  const phase = clockOf(attempt, assessment.graceSeconds, now).phase;
  if (phase === 'overdue') throw conflict(TIME_UP);
  if (phase !== 'in_progress') throw conflict(CLOSED);
  const items = new Map(layoutItems(layoutOf(attempt)).map((i) => [i.item, i]));

  let itemNo: number | null = null;
  let stored: (StoredFile & { name: string }) | null = null;
  try {
    for await (const part of request.parts()) {
      assertStorablePart(part);
      if (part.type === 'field') {
        if (part.fieldname !== 'item')
          throw badRequest(INVALID, { [part.fieldname]: ['Unknown field.'] });
        itemNo = Number(part.value);
        const item = items.get(itemNo);
        if (!Number.isInteger(itemNo) || !item || item.type !== 'file_upload')
          throw badRequest(INVALID, { item: ['Choose a file-upload item of this attempt.'] });
        continue;
      }
      if (part.fieldname !== 'file' || stored) {
        part.file.resume();
        throw badRequest(INVALID, { [part.fieldname]: ['No file is expected here.'] });
      }
      // The item comes first: its question says which types and sizes the stream may have.
      if (itemNo === null) {
        part.file.resume();
        throw badRequest(INVALID, { item: ['Send the item before the file.'] });
      }
      const item = items.get(itemNo)!;
      const q = (await loadDefinitions(ctx.db, [item.versionId])).get(item.versionId) as Extract<
        TQuestionDefinition,
        { type: 'file_upload' }
      >;
      const [used] = await ctx.db
        .select({ n: count() })
        .from(assessmentAttemptFiles)
        .where(
          and(
            eq(assessmentAttemptFiles.attemptId, attempt.id),
            eq(assessmentAttemptFiles.item, itemNo),
          ),
        );
      if ((used?.n ?? 0) >= MAX_UPLOADS_PER_ITEM) {
        part.file.resume();
        throw conflict('Too many files were uploaded to this question.');
      }
      const file = await ctx.files.put(part.file, {
        originalName: part.filename,
        allowedExtensions: q.allowed_types,
        maxBytes: q.max_bytes,
        prefix: `assessments/${assessment.id}/attempts`,
      });
      stored = { ...file, name: (part.filename || `file.${file.extension}`).slice(0, 255) };
    }
    if (itemNo === null) throw badRequest(INVALID, { item: ['Choose the item.'] });
    if (!stored) throw badRequest(INVALID, { file: ['Choose a file.'] });
    const [row] = await ctx.db
      .insert(assessmentAttemptFiles)
      .values({
        attemptId: attempt.id,
        item: itemNo,
        storageKey: stored.key,
        name: stored.name,
        size: stored.size,
        mime: stored.contentType,
        createdAt: now,
      })
      .returning();
    return { id: row!.id, name: row!.name, size: row!.size, mime: row!.mime };
  } catch (err) {
    if (stored) await ctx.files.delete(stored.key).catch(() => {});
    throw err;
  }
}

const STORED_FILE_CSP = "default-src 'none'; sandbox";

export async function downloadAttemptFile(
  ctx: AppContext,
  actor: Actor,
  attemptId: number,
  fileId: number,
  request: FastifyRequest,
  reply: FastifyReply,
) {
  const [row] = await ctx.db
    .select({ file: assessmentAttemptFiles, attempt: assessmentAttempts, assessment: assessments })
    .from(assessmentAttemptFiles)
    .innerJoin(assessmentAttempts, eq(assessmentAttempts.id, assessmentAttemptFiles.attemptId))
    .innerJoin(assessments, eq(assessments.id, assessmentAttempts.assessmentId))
    .where(
      and(eq(assessmentAttemptFiles.id, fileId), eq(assessmentAttemptFiles.attemptId, attemptId)),
    );
  if (!row) throw notFound('File not found.');
  const allowed = canDownloadAttemptFile(actor, {
    userId: row.attempt.userId,
    organisationId: row.assessment.organisationId,
    createdBy: row.assessment.createdBy,
    isReviewer: await isReviewerOf(ctx.db, row.assessment.id, actor.userId),
  });
  if (!allowed) throw notFound(ATTEMPT_NOT_FOUND);
  const stat = await ctx.files.stat(row.file.storageKey);
  if (!stat) throw notFound('File not found.');
  const name = row.file.name;
  const ascii = name.replace(/[^\x20-\x7e]|["\\]/g, '_');
  reply
    .header('x-content-type-options', 'nosniff')
    .header(
      'content-disposition',
      `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`,
    )
    .header('cache-control', 'private, no-store')
    .header('content-security-policy', STORED_FILE_CSP)
    .type(row.file.mime || 'application/octet-stream');
  return sendRanged(request, reply, stat.size, (range) =>
    ctx.files.open(row.file.storageKey, range),
  );
}
