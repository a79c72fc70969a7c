import { catalogueOps as ops, ROLE } from '@atrium/contract';
import type { MultipartFile } from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { access, caller } from '../../core/auth/access.ts';
import type { AppContext } from '../../core/context.ts';
import { badRequest } from '../../core/errors/app-error.ts';
import { assertStorablePart } from '../../core/http/input-guard.ts';
import { route } from '../../core/http/operation.ts';
import { pageBounds, toPage } from '../../core/http/pagination.ts';
import { sendStored } from './catalogue.uploads.ts';
import { fileRepository } from './file-repository.service.ts';

/** The file repository is the authors' library: admins and trainers. */
const manage = { access: access.menu('/courses', [ROLE.ADMIN, ROLE.TRAINER]) };

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
  route(app, ops.files, manage, async (req) => {
    const q = req.query;
    const page = await fileRepository.list(ctx, caller(req), q, pageBounds(q));
    return toPage(req.url, q, page.count, page.rows);
  });

  route(app, ops.fileUpload, manage, async (req) =>
    withUpload(req, (part, fields) => fileRepository.upload(ctx, caller(req), part, fields.name)),
  );

  route(app, ops.fileCheck, manage, async (req) =>
    withUpload(req, (part) => fileRepository.check(ctx, part)),
  );

  route(app, ops.fileRename, manage, async (req) =>
    fileRepository.rename(ctx, caller(req), req.params.id, req.body.name),
  );

  route(app, ops.fileRemove, manage, async (req) => {
    await fileRepository.remove(ctx, caller(req), req.params.id);
    return { message: 'File deleted.' };
  });

  route(app, ops.fileDownload, { access: access.authenticated() }, async (req, reply) => {
    const f = await fileRepository.forDownload(ctx, caller(req), req.params.id);
    return sendStored(ctx, req, reply, {
      key: f.storageKey,
      contentType: f.contentType,
      name: f.name,
      attachment: req.query.download === '1',
    });
  });
}
