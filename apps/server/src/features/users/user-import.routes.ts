import {
  IMPORT_ALLOWED_TYPES,
  IMPORT_COLUMNS,
  IMPORT_MAX_BYTES,
  ROLE,
  userOps,
} from '@atrium/contract';
import type { FastifyInstance } from 'fastify';
import { fileTypeFromBuffer } from 'file-type';
import { access, caller } from '../../core/auth/access.ts';
import type { AppContext } from '../../core/context.ts';
import { badRequest, payloadTooLarge, unsupportedMediaType } from '../../core/errors/app-error.ts';
import { csvStream, xlsxStream } from '../../core/export/spreadsheet.ts';
import { route } from '../../core/http/operation.ts';
import { contentTypeFor, extensionOf } from '../../core/storage/content-check.ts';
import { parseUserSheet } from './user-import.parse.ts';
import { importUsers } from './user-import.service.ts';

const manage = access.menu('/settings', [ROLE.ADMIN]);
const EXAMPLE = {
  username: 'jdoe',
  email: 'jane.doe@example.com',
  first_name: 'Jane',
  last_name: 'Doe',
  role: 'learner',
  department: '',
  designation: '',
  location: '',
};

export function registerUserImportRoutes(app: FastifyInstance, ctx: AppContext) {
  route(app, userOps.importTemplate, { access: manage }, async (req, reply) => {
    const sheet = {
      columns: IMPORT_COLUMNS.map((c) => ({ header: c, key: c })),
      rows: [EXAMPLE],
    };
    reply.header(
      'content-disposition',
      `attachment; filename="user-import-template.${req.query.format}"`,
    );
    if (req.query.format === 'xlsx') {
      reply.type('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
      return reply.send(xlsxStream(sheet, 'Users'));
    }
    reply.type('text/csv; charset=utf-8');
    return reply.send(csvStream(sheet));
  });

  route(app, userOps.import, { access: manage }, async (req) => {
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
    // Never trust the name: the bytes must be what the extension says.
    if (!contentTypeFor(ext, await fileTypeFromBuffer(content), content.subarray(0, 4100))) {
      throw unsupportedMediaType(`The file content does not match its .${ext} extension.`);
    }
    const rows = await parseUserSheet(content, ext as 'csv' | 'xlsx', ctx.config.spreadsheet);
    return importUsers(ctx, caller(req), rows, req.ip);
  });
}
