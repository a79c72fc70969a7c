import {
  coursePaths as p,
  ROLE,
  ZFileCheck,
  ZFileRepoQuery,
  ZRepositoryFile,
  ZRepositoryRename,
  zIdParam,
  zPage,
} from '@atrium/contract';
import type { MultipartFile } from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { access, caller } from '../../core/auth/access.ts';
import type { AppContext } from '../../core/context.ts';
import { badRequest } from '../../core/errors/app-error.ts';
import { errorResponses } from '../../core/http/error-responses.ts';
import { assertStorablePart } from '../../core/http/input-guard.ts';
import { pageBounds, toPage } from '../../core/http/pagination.ts';
import { sendStored } from './catalogue.uploads.ts';
import { fileRepository } from './file-repository.service.ts';

const tags = ['courses'];
const errors = errorResponses(400, 401, 403, 404, 409, 413, 415);
const id = z.object({ id: zIdParam });
/** The file repository is the authors' library: admins and trainers. */
const manage = access.menu('/courses', [ROLE.ADMIN, ROLE.TRAINER]);

/**
 * Reads a multipart upload: the `file` part is handed to `use` as it streams;
 * a `name` field sent before it is passed along (send it first).
 */
async function withUpload<T>(
  req: FastifyRequest,
  use: (part: MultipartFile, fields: Record<string, string>) => Promise<T>,
): Promise<T> {
  if (!req.isMultipart())
    throw badRequest('Send the file as multipart form data in the field "file".', {
      file: ['No file was sent.'],
    });
  const fields: Record<string, string> = {};
  let result: { value: T } | undefined;
  for await (const part of req.parts()) {
    assertStorablePart(part);
    if (part.type === 'field') {
      fields[part.fieldname] = String(part.value);
    } else if (part.fieldname !== 'file' || result) {
      part.file.resume();
      throw badRequest('Send one file in the field "file".', {
        [part.fieldname]: ['No file is expected here.'],
      });
    } else {
      result = { value: await use(part, fields) };
    }
  }
  if (!result) throw badRequest('No file was sent.', { file: ['No file was sent.'] });
  return result.value;
}

export function registerFileRepositoryRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    p.fileRepo,
    {
      schema: {
        tags,
        summary: "The organisation's file repository (file_type=catalogue), newest first",
        querystring: ZFileRepoQuery,
        response: { 200: zPage(ZRepositoryFile), ...errors },
      },
      config: { access: manage },
    },
    async (req) => {
      const q = req.query;
      const page = await fileRepository.list(ctx, caller(req), q, pageBounds(q));
      return toPage(req.url, q, page.count, page.rows);
    },
  );

  r.post(
    p.fileRepo,
    {
      schema: {
        tags,
        summary:
          'Upload a file (multipart `file`, optional `name` before it): pdf; mp4/webm/mov; png/jpg/webp/gif; doc/docx/ppt/pptx/xls/xlsx/odt; mp3/wav; zip (SCORM)',
        response: { 201: ZRepositoryFile, ...errors },
      },
      config: { access: manage },
    },
    async (req, reply) => {
      const file = await withUpload(req, (part, fields) =>
        fileRepository.upload(ctx, caller(req), part, fields.name),
      );
      return reply.code(201).send(file);
    },
  );

  r.post(
    p.testFileRepo,
    {
      schema: {
        tags,
        summary: 'Check an upload without storing it: the kind it would be, or the error',
        response: { 200: ZFileCheck, ...errors },
      },
      config: { access: manage },
    },
    async (req) => withUpload(req, (part) => fileRepository.check(ctx, part)),
  );

  r.patch(
    p.fileRepoItem,
    {
      schema: {
        tags,
        summary: 'Rename a repository file',
        params: id,
        body: ZRepositoryRename,
        response: { 200: ZRepositoryFile, ...errors },
      },
      config: { access: manage },
    },
    async (req) => fileRepository.rename(ctx, caller(req), req.params.id, req.body.name),
  );

  r.delete(
    p.fileRepoItem,
    {
      schema: {
        tags,
        summary: 'Delete a repository file (refused with 409 while a module uses it)',
        params: id,
        response: { 200: z.object({ message: z.string() }), ...errors },
      },
      config: { access: manage },
    },
    async (req) => {
      await fileRepository.remove(ctx, caller(req), req.params.id);
      return { message: 'File deleted.' };
    },
  );

  r.get(
    p.fileRepoDownload,
    {
      schema: {
        tags,
        summary:
          'Stream a repository file to someone who manages the repository or may see a course using it (`?download=1`: as an attachment)',
        params: id,
        querystring: z.object({ download: z.enum(['0', '1']).optional() }),
      },
      config: { access: access.authenticated() },
    },
    async (req, reply) => {
      const f = await fileRepository.forDownload(ctx, caller(req), req.params.id);
      return sendStored(ctx, req, reply, {
        key: f.storageKey,
        contentType: f.contentType,
        name: f.name,
        attachment: req.query.download === '1',
      });
    },
  );
}
