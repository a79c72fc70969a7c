import { catalogueOps, IMPORT_ALLOWED_TYPES, IMPORT_MAX_BYTES, ROLE } from '@atrium/contract';
import type { FastifyInstance } from 'fastify';
import { fileTypeFromBuffer } from 'file-type';
import { access, caller } from '../../core/auth/access.ts';
import type { AppContext } from '../../core/context.ts';
import { badRequest, payloadTooLarge, unsupportedMediaType } from '../../core/errors/app-error.ts';
import { route } from '../../core/http/operation.ts';
import { contentTypeFor, extensionOf } from '../../core/storage/content-check.ts';
import { parseCourseSheet } from './course-import.parse.ts';
import { importCourses } from './course-import.service.ts';

export function registerCourseImportRoutes(app: FastifyInstance, ctx: AppContext) {
  const admins = { access: access.menu('/courses', [ROLE.ADMIN]) };
  route(app, catalogueOps.import, admins, async (req) => {
    if (!req.isMultipart())
      throw badRequest('Send the file as multipart form data in the field "file".', {
        file: ['No file was sent.'],
      });
    const part = await req.file({ limits: { fileSize: IMPORT_MAX_BYTES } });
    if (part?.fieldname !== 'file')
      throw badRequest('Send the file in the field "file".', { file: ['No file was sent.'] });
    const ext = extensionOf(part.filename);
    if (!(IMPORT_ALLOWED_TYPES as readonly string[]).includes(ext)) {
      part.file.resume();
      throw unsupportedMediaType(
        `File type not allowed. Allowed types: ${IMPORT_ALLOWED_TYPES.join(', ')}.`,
      );
    }
    const content = await part.toBuffer().catch((err: { code?: string }) => {
      if (err.code === 'FST_REQ_FILE_TOO_LARGE')
        throw payloadTooLarge('The file is larger than the 20 MB limit.');
      throw err;
    });
    if (!contentTypeFor(ext, await fileTypeFromBuffer(content), content.subarray(0, 4100)))
      throw unsupportedMediaType(`The file content does not match its .${ext} extension.`);
    const rows = await parseCourseSheet(content, ext as 'csv' | 'xlsx', ctx.config.spreadsheet);
    return importCourses(ctx, caller(req), rows);
  });
}
