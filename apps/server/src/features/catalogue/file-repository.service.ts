import { fileKindOf, REPOSITORY_ALLOWED_TYPES, type TRepositoryFile } from '@atrium/contract';
import type { MultipartFile } from '@fastify/multipart';
import { and, desc, eq, sql } from 'drizzle-orm';
import { fileTypeFromBuffer } from 'file-type';
import type { AuthContext } from '../../core/auth/access.ts';
import type { AppContext } from '../../core/context.ts';
import type { DbOrTx } from '../../core/db/database.ts';
import { runInTransaction } from '../../core/db/transaction.ts';
import {
  conflict,
  forbidden,
  notFound,
  payloadTooLarge,
  unsupportedMediaType,
} from '../../core/errors/app-error.ts';
import { assertAllowList, contentTypeFor, extensionOf } from '../../core/storage/content-check.ts';
import { formatBytes } from '../../core/storage/local-file-store.ts';
import {
  courseModules,
  courses,
  moduleFiles,
  repositoryFiles,
} from '../../schema/courses.table.ts';
import { canChangeRepositoryFile, canSee, canUseRepository } from './catalogue.policy.ts';
import { fileUrl } from './course-modules.service.ts';

type RepoFile = typeof repositoryFiles.$inferSelect;
const NOT_FOUND = 'Could not get file repo data';

// Spec §5: the allow-list must never be empty; fail at start-up if it ever is.
assertAllowList(REPOSITORY_ALLOWED_TYPES);

const usedBy = sql<number>`(select count(*)::int from module_files mf where mf.file_id = "repository_files"."id")`;

function toFile(f: RepoFile, used: number): TRepositoryFile {
  return {
    id: f.id,
    name: f.name,
    file_type: f.fileType,
    kind: f.kind,
    content_type: f.contentType,
    size: f.size,
    file: fileUrl(f.id),
    uploaded_by: f.uploadedBy,
    used_by_modules: used,
    created_at: f.createdAt.toISOString(),
  };
}

async function find(db: DbOrTx, id: number): Promise<RepoFile> {
  const [f] = await db.select().from(repositoryFiles).where(eq(repositoryFiles.id, id));
  if (!f) throw notFound(NOT_FOUND);
  return f;
}

/** A file the caller may change: admins any of the organisation's, trainers their own uploads. */
async function changeable(db: DbOrTx, auth: AuthContext, id: number): Promise<RepoFile> {
  const f = await find(db, id);
  if (!canUseRepository(auth, f)) throw notFound(NOT_FOUND);
  if (!canChangeRepositoryFile(auth, f))
    throw forbidden('Only an admin or the person who uploaded it can change this file.');
  return f;
}

async function one(db: DbOrTx, id: number) {
  const [row] = await db
    .select({ f: repositoryFiles, n: usedBy })
    .from(repositoryFiles)
    .where(eq(repositoryFiles.id, id));
  return toFile(row!.f, row!.n);
}

/** The display name: the client's file name without any folder part, bounded. */
const displayName = (raw: string) => (raw.split(/[\\/]/).pop() ?? 'file').slice(0, 255) || 'file';

export const fileRepository = {
  async list(
    ctx: AppContext,
    auth: AuthContext,
    q: { file_type: string; kind?: string; search?: string },
    page: { limit: number; offset: number },
  ) {
    const where = and(
      eq(repositoryFiles.organisationId, auth.organisationId),
      eq(repositoryFiles.fileType, q.file_type),
      q.kind ? eq(repositoryFiles.kind, q.kind) : undefined,
      q.search
        ? sql`lower(${repositoryFiles.name}) like ${`%${q.search.toLowerCase().replace(/[%_\\]/g, '\\$&')}%`}`
        : undefined,
    );
    const [rows, [total]] = await Promise.all([
      ctx.db
        .select({ f: repositoryFiles, n: usedBy })
        .from(repositoryFiles)
        .where(where)
        .orderBy(desc(repositoryFiles.createdAt), desc(repositoryFiles.id))
        .limit(page.limit)
        .offset(page.offset),
      ctx.db.select({ n: sql<number>`count(*)::int` }).from(repositoryFiles).where(where),
    ]);
    return { count: total?.n ?? 0, rows: rows.map((r) => toFile(r.f, r.n)) };
  },

  /** Streams the upload into the store (extension, content and size checked there). */
  async upload(ctx: AppContext, auth: AuthContext, part: MultipartFile, name?: string) {
    const kind = fileKindOf(extensionOf(part.filename));
    if (!kind) {
      part.file.resume();
      throw unsupportedMediaType(
        `File type not allowed. Allowed types: ${REPOSITORY_ALLOWED_TYPES.join(', ')}.`,
      );
    }
    const stored = await ctx.files.put(part.file, {
      originalName: part.filename,
      allowedExtensions: REPOSITORY_ALLOWED_TYPES,
      maxBytes: ctx.config.uploadMaxBytes,
      prefix: `repository/${kind}`,
    });
    const processor = ctx.contentProcessors.get(kind);
    let checked: unknown;
    try {
      checked = await processor?.check?.(ctx, stored);
      const id = await runInTransaction(ctx.db, ctx.bus, async ({ tx, emit }) => {
        const [row] = await tx
          .insert(repositoryFiles)
          .values({
            organisationId: auth.organisationId,
            uploadedBy: auth.userId,
            name: displayName(name?.trim() || part.filename),
            fileType: 'catalogue',
            kind,
            storageKey: stored.key,
            contentType: stored.contentType,
            size: stored.size,
          })
          .returning({ id: repositoryFiles.id });
        await processor?.afterInsert?.(
          ctx,
          tx,
          { id: row!.id, organisationId: auth.organisationId, auth, stored },
          checked,
        );
        emit('search.changed', { kind: 'file', ids: [row!.id] });
        return row!.id;
      });
      return one(ctx.db, id);
    } catch (err) {
      // Nothing half-written: the upload and whatever the processor derived go too.
      if (checked !== undefined) await processor?.discard?.(ctx, checked);
      await ctx.files.delete(stored.key);
      throw err;
    }
  },

  /**
   * test-file-repo/: the same checks as an upload without keeping anything.
   * Only the first bytes are kept in memory; the rest is counted and dropped.
   */
  async check(ctx: AppContext, part: MultipartFile) {
    const ext = extensionOf(part.filename);
    const kind = fileKindOf(ext);
    if (!kind) {
      part.file.resume();
      throw unsupportedMediaType(
        `File type not allowed. Allowed types: ${REPOSITORY_ALLOWED_TYPES.join(', ')}.`,
      );
    }
    const chunks: Buffer[] = [];
    let head = 0;
    let size = 0;
    for await (const chunk of part.file as AsyncIterable<Buffer>) {
      size += chunk.length;
      if (head < 4100) {
        chunks.push(chunk);
        head += chunk.length;
      }
    }
    if (part.file.truncated || size > ctx.config.uploadMaxBytes)
      throw payloadTooLarge(
        `The file is larger than the ${formatBytes(ctx.config.uploadMaxBytes)} limit.`,
      );
    const bytes = Buffer.concat(chunks).subarray(0, 4100);
    const contentType = contentTypeFor(ext, await fileTypeFromBuffer(bytes), bytes);
    if (!contentType)
      throw unsupportedMediaType(`The file content does not match its .${ext} extension.`);
    return { name: displayName(part.filename), kind, content_type: contentType, size };
  },

  async rename(ctx: AppContext, auth: AuthContext, id: number, name: string) {
    await runInTransaction(ctx.db, ctx.bus, async ({ tx, emit }) => {
      await changeable(tx, auth, id);
      await tx.update(repositoryFiles).set({ name }).where(eq(repositoryFiles.id, id));
      emit('search.changed', { kind: 'file', ids: [id] });
    });
    return one(ctx.db, id);
  },

  /** Refused while a module uses it, naming the courses. */
  async remove(ctx: AppContext, auth: AuthContext, id: number) {
    const f = await changeable(ctx.db, auth, id);
    const uses = await ctx.db
      .select({ title: courses.title })
      .from(moduleFiles)
      .innerJoin(courseModules, eq(courseModules.id, moduleFiles.moduleId))
      .innerJoin(courses, eq(courses.id, courseModules.courseId))
      .where(eq(moduleFiles.fileId, id));
    if (uses.length > 0) {
      const titles = [...new Set(uses.map((u) => u.title))];
      throw conflict(
        `This file is used by ${uses.length} module${uses.length === 1 ? '' : 's'} (in ${titles
          .slice(0, 3)
          .map((t) => `'${t}'`)
          .join(
            ', ',
          )}${titles.length > 3 ? ` and ${titles.length - 3} more` : ''}). Remove it from them first.`,
      );
    }
    await runInTransaction(ctx.db, ctx.bus, async ({ tx, emit }) => {
      await tx.delete(repositoryFiles).where(eq(repositoryFiles.id, id));
      emit('search.changed', { kind: 'file', ids: [id] });
    });
    await ctx.files.delete(f.storageKey);
    await ctx.contentProcessors.get(f.kind)?.afterRemove?.(ctx, f.id, f.storageKey);
  },

  /** A file the caller may download: they manage the repository, or see a course that uses it. */
  async forDownload(ctx: AppContext, auth: AuthContext, id: number): Promise<RepoFile> {
    const f = await find(ctx.db, id);
    if (canUseRepository(auth, f)) return f;
    const using = await ctx.db
      .selectDistinct({ course: courses })
      .from(moduleFiles)
      .innerJoin(courseModules, eq(courseModules.id, moduleFiles.moduleId))
      .innerJoin(courses, eq(courses.id, courseModules.courseId))
      .where(eq(moduleFiles.fileId, id));
    if (using.some((u) => canSee(auth, u.course))) return f;
    throw notFound(NOT_FOUND);
  },
};
