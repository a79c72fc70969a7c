import {
  REQUISITE_FILE_TYPES,
  REQUISITE_MAX_BYTES,
  type TCourseRequisiteInput,
  type TRequisite,
  type TRequisiteUpdate,
  ZFileRequisiteFields,
} from '@atrium/contract';
import { eq } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Actor } from '../../core/auth/actor.ts';
import { withinOrganisation } from '../../core/auth/actor.ts';
import type { AppContext } from '../../core/context.ts';
import { badRequest, forbidden, notFound } from '../../core/errors/app-error.ts';
import { sendRanged } from '../../core/http/byte-range.ts';
import { parseInput, readForm } from '../../core/http/forms.ts';
import { extensionOf } from '../../core/storage/content-check.ts';
import type { StoredFile } from '../../core/storage/file-store.ts';
import { classroomRequisiteDone, classroomRequisites } from '../../schema/classrooms.table.ts';
import { courses } from '../../schema/courses.table.ts';
import { type ClassroomFacts, canManageClassroom, canSeeClassroom } from './classrooms.policy.ts';
import {
  loadRequisite,
  loadSessionTarget,
  loadTopicTarget,
  type RequisiteTarget,
  requisiteById,
  requisitesOf,
} from './requisites.repository.ts';

/**
 * Requisites' use cases. The classroom's managers add, change and delete them; whoever sees the
 * classroom reads them, downloads their documents, and marks a document read. Another
 * organisation's requisites do not exist for the caller (404).
 */

const INVALID = 'Invalid input. Please correct the fields listed.';
const NOT_FOUND = 'Requisite not found.';

export function assertSees(actor: Actor, c: ClassroomFacts, message = NOT_FOUND): void {
  if (!canSeeClassroom(actor, c)) throw notFound(message);
}

export function assertManages(actor: Actor, c: ClassroomFacts, message = NOT_FOUND): void {
  if (!withinOrganisation(actor, c.organisationId)) throw notFound(message);
  if (!canManageClassroom(actor, c)) throw forbidden('Only the classroom’s managers may do this.');
}

async function targetOf(
  ctx: AppContext,
  actor: Actor,
  where: { topic?: number | undefined; session?: number | undefined },
): Promise<RequisiteTarget> {
  const target = where.topic
    ? await loadTopicTarget(ctx.db, where.topic)
    : await loadSessionTarget(ctx.db, where.session!);
  const field = where.topic ? 'topic' : 'session';
  // Another organisation's topic or session does not exist for the caller (404, as its own routes).
  if (!target || !withinOrganisation(actor, target.organisationId)) {
    throw notFound(field === 'topic' ? 'Topic not found.' : 'Session not found.');
  }
  assertManages(actor, target.classroom);
  return target;
}

export async function addCourseRequisite(
  ctx: AppContext,
  actor: Actor,
  input: TCourseRequisiteInput,
): Promise<TRequisite> {
  const target = await targetOf(ctx, actor, input);
  const [course] = await ctx.db
    .select({ id: courses.id, organisationId: courses.organisationId })
    .from(courses)
    .where(eq(courses.id, input.course));
  if (!course || course.organisationId !== target.organisationId)
    throw badRequest(INVALID, { course: ['Choose a course of the classroom’s organisation.'] });
  const [row] = await ctx.db
    .insert(classroomRequisites)
    .values({
      organisationId: target.organisationId,
      topicId: target.topicId,
      sessionId: target.sessionId,
      kind: input.kind,
      title: input.title,
      courseId: course.id,
      required: input.required,
    })
    .returning({ id: classroomRequisites.id });
  return requisiteById(ctx.db, row!.id, actor.userId);
}

/**
 * upload-requisites: the document is checked (allowed extension, content matching it, size) and
 * stored under a generated key as it streams; the fields then decide where it goes. Any refusal
 * after storing removes the stored file again.
 */
export async function uploadRequisite(
  ctx: AppContext,
  actor: Actor,
  request: FastifyRequest,
): Promise<TRequisite> {
  if (!request.isMultipart())
    throw badRequest('Send the form as multipart form data with the document in "file".', {
      file: ['No file was sent.'],
    });
  // Set by the file part as it streams (the assertion keeps TypeScript from narrowing it to null).
  let stored = null as (StoredFile & { name: string }) | null;
  try {
    const fields = await readForm(request, async (part) => {
      if (part.fieldname !== 'file' || stored) {
        part.file.resume();
        throw badRequest(INVALID, { [part.fieldname]: ['No file is expected here.'] });
      }
      const file = await ctx.files.put(part.file, {
        originalName: part.filename,
        allowedExtensions: REQUISITE_FILE_TYPES,
        maxBytes: REQUISITE_MAX_BYTES,
        prefix: 'classrooms/requisites',
      });
      stored = { ...file, name: (part.filename || `file.${file.extension}`).slice(0, 255) };
    });
    const input = parseInput(ZFileRequisiteFields, fields);
    if (!stored) throw badRequest(INVALID, { file: ['Choose a file.'] });
    const target = await targetOf(ctx, actor, input);
    const [row] = await ctx.db
      .insert(classroomRequisites)
      .values({
        organisationId: target.organisationId,
        topicId: target.topicId,
        sessionId: target.sessionId,
        kind: input.kind,
        title: input.title,
        fileKey: stored.key,
        fileName: stored.name,
        required: input.required,
      })
      .returning({ id: classroomRequisites.id });
    return await requisiteById(ctx.db, row!.id, actor.userId);
  } catch (err) {
    if (stored) await ctx.files.delete(stored.key).catch(() => undefined);
    throw err;
  }
}

export async function updateRequisite(
  ctx: AppContext,
  actor: Actor,
  id: number,
  input: TRequisiteUpdate,
): Promise<TRequisite> {
  const { target } = await loadRequisite(ctx.db, id);
  assertManages(actor, target.classroom);
  const changes: Partial<typeof classroomRequisites.$inferInsert> = {};
  if (input.title !== undefined) changes.title = input.title;
  if (input.required !== undefined) changes.required = input.required;
  if (input.kind !== undefined) changes.kind = input.kind;
  if (Object.keys(changes).length > 0)
    await ctx.db.update(classroomRequisites).set(changes).where(eq(classroomRequisites.id, id));
  return requisiteById(ctx.db, id, actor.userId);
}

export async function removeRequisite(ctx: AppContext, actor: Actor, id: number): Promise<void> {
  const { requisite, target } = await loadRequisite(ctx.db, id);
  assertManages(actor, target.classroom);
  await ctx.db.delete(classroomRequisites).where(eq(classroomRequisites.id, id));
  // The row is gone first: a file left behind by a failed delete is only disk, never a dangling link.
  if (requisite.fileKey) await ctx.files.delete(requisite.fileKey).catch(() => undefined);
}

export async function listRequisites(
  ctx: AppContext,
  actor: Actor,
  query: { topic_id?: number | undefined; session_id?: number | undefined },
): Promise<TRequisite[]> {
  const target = query.session_id
    ? await loadSessionTarget(ctx.db, query.session_id)
    : await loadTopicTarget(ctx.db, query.topic_id!);
  if (!target) throw notFound(query.session_id ? 'Session not found.' : 'Topic not found.');
  assertSees(actor, target.classroom, query.session_id ? 'Session not found.' : 'Topic not found.');
  return requisitesOf(ctx.db, target, actor.userId);
}

export async function markRequisiteDone(
  ctx: AppContext,
  actor: Actor,
  id: number,
): Promise<TRequisite> {
  const { requisite, target } = await loadRequisite(ctx.db, id);
  assertSees(actor, target.classroom);
  if (!requisite.fileKey)
    throw badRequest('A course requisite is done when its course is completed.', {
      id: ['This requisite is a course: complete the course.'],
    });
  await ctx.db
    .insert(classroomRequisiteDone)
    .values({ requisiteId: id, userId: actor.userId })
    .onConflictDoNothing();
  return requisiteById(ctx.db, id, actor.userId);
}

const CONTENT_TYPES: Record<string, string> = {
  pdf: 'application/pdf',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  pptx: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  txt: 'text/plain; charset=utf-8',
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
};

/** The document, as an attachment the browser neither sniffs nor renders in the app's origin. */
export async function sendRequisiteFile(
  ctx: AppContext,
  actor: Actor,
  id: number,
  request: FastifyRequest,
  reply: FastifyReply,
): Promise<FastifyReply> {
  const { requisite, target } = await loadRequisite(ctx.db, id);
  assertSees(actor, target.classroom);
  const key = requisite.fileKey;
  const stat = key ? await ctx.files.stat(key) : null;
  if (!key || !stat) throw notFound('This requisite has no document.');
  const name = requisite.fileName ?? `requisite.${extensionOf(key)}`;
  const ascii = name.replace(/[^\x20-\x7e]|["\\]/g, '_');
  reply
    .header('x-content-type-options', 'nosniff')
    .header(
      'content-disposition',
      `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`,
    )
    .header('cache-control', 'private, no-store')
    .header('content-security-policy', "default-src 'none'; sandbox")
    .type(CONTENT_TYPES[extensionOf(key)] ?? 'application/octet-stream');
  return sendRanged(request, reply, stat.size, (range) => ctx.files.open(key, range));
}
