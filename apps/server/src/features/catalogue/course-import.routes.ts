import {
  IMPORT_ALLOWED_TYPES,
  IMPORT_MAX_BYTES,
  coursePaths as p,
  ROLE,
  ZCourseImportResult,
  ZErrorResponse,
} from '@atrium/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { fileTypeFromBuffer } from 'file-type';
import { access, caller } from '../../core/auth/access.ts';
import type { AppContext } from '../../core/context.ts';
import { badRequest, payloadTooLarge, unsupportedMediaType } from '../../core/errors/app-error.ts';
import { contentTypeFor, extensionOf } from '../../core/storage/content-check.ts';
import { parseCourseSheet } from './course-import.parse.ts';
import { importCourses } from './course-import.service.ts';

export function registerCourseImportRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.post(
    p.import,
    {
      schema: {
        tags: ['courses'],
        summary:
          'Import draft courses with modules from CSV or XLSX (field `file`; columns course_title, category, level, description, module_title, module_description; one row per module): all rows valid, or nothing is written',
        response: {
          201: ZCourseImportResult,
          400: ZErrorResponse,
          401: ZErrorResponse,
          403: ZErrorResponse,
          413: ZErrorResponse,
          415: ZErrorResponse,
        },
      },
      config: { access: access.menu('/courses', [ROLE.ADMIN]) },
    },
    async (req, reply) => {
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
      return reply.code(201).send(await importCourses(ctx, caller(req), rows));
    },
  );
}
