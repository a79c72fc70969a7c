import { assessmentReportOps as ops, ROLE } from '@atrium/contract';
import type { FastifyInstance } from 'fastify';
import { access, caller } from '../../core/auth/access.ts';
import { AUTHORS } from '../../core/auth/matrix-rows.ts';
import type { AppContext } from '../../core/context.ts';
import { badRequest, payloadTooLarge } from '../../core/errors/app-error.ts';
import { csvStream, xlsxStream } from '../../core/export/spreadsheet.ts';
import { route } from '../../core/http/operation.ts';
import type { EventSubscriber, JobDefinition, MatrixRow } from '../../core/module.ts';
import { formatBytes } from '../../core/storage/local-file-store.ts';
import { qtiPackage } from './qti-export.ts';
import { imagesToExport } from './qti-images.ts';
import { QUESTION_COLUMNS, TEMPLATE_ROWS } from './question-csv.ts';
import { importQuestions, questionsToExport } from './question-io.service.ts';

/**
 * Question import (QTI 2.1/2.2/3.0 packages, CSV, XLSX), the CSV/XLSX template, and the QTI 3.0
 * export. The bank's authors only (admins and trainers; learners 403): it holds answer keys.
 * A package's images shown by its items are imported with them, and an export packs the images
 * its questions show; other media (sound, video) are not kept.
 */

/** An upload larger than this is refused before it is read (images included). */
export const QUESTION_IMPORT_MAX_BYTES = 50 * 1024 * 1024;

const authors = { access: access.menu('/assessment', [ROLE.ADMIN, ROLE.TRAINER]) };

export function registerQuestionIoRoutes(app: FastifyInstance, ctx: AppContext): void {
  route(app, ops.importQuestions, authors, async (req) => {
    if (!req.isMultipart())
      throw badRequest('Send the file as multipart form data in the field "file".', {
        file: ['No file was sent.'],
      });
    const fields: Record<string, string> = {};
    let content: Buffer | undefined;
    for await (const part of req.parts({ limits: { fileSize: QUESTION_IMPORT_MAX_BYTES } })) {
      if (part.type === 'field') {
        fields[part.fieldname] = String(part.value);
      } else if (part.fieldname !== 'file' || content) {
        part.file.resume();
        throw badRequest('Send one file in the field "file".', {
          [part.fieldname]: ['No file is expected here.'],
        });
      } else {
        content = await part.toBuffer().catch((err: { code?: string }) => {
          if (err.code === 'FST_REQ_FILE_TOO_LARGE')
            throw payloadTooLarge(
              `The file is larger than the ${formatBytes(QUESTION_IMPORT_MAX_BYTES)} limit.`,
            );
          throw err;
        });
      }
    }
    if (!content) throw badRequest('No file was sent.', { file: ['No file was sent.'] });
    const category = fields.category?.trim() ?? '';
    if (category !== '' && !/^[1-9]\d{0,9}$/.test(category))
      throw badRequest('Choose a category of your organisation’s bank.', {
        category: ['Choose a category of your organisation’s bank.'],
      });
    const dryRun = fields.dry_run?.trim().toLowerCase();
    if (dryRun !== undefined && dryRun !== 'true' && dryRun !== 'false')
      throw badRequest('dry_run is true or false.', { dry_run: ['Enter true or false.'] });
    return importQuestions(ctx, caller(req), content, {
      categoryId: category === '' ? null : Number(category),
      dryRun: dryRun === 'true',
      ip: req.ip,
    });
  });

  route(app, ops.importTemplate, authors, async (req, reply) => {
    const sheet = {
      columns: QUESTION_COLUMNS.map((c) => ({ header: c, key: c, width: c === 'stem' ? 50 : 20 })),
      rows: TEMPLATE_ROWS,
    };
    reply.header(
      'content-disposition',
      `attachment; filename="question-import-template.${req.query.format}"`,
    );
    if (req.query.format === 'xlsx') {
      reply.type('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
      return reply.send(xlsxStream(sheet, 'Questions'));
    }
    reply.type('text/csv; charset=utf-8');
    return reply.send(csvStream(sheet));
  });

  route(app, ops.exportQuestions, authors, async (req, reply) => {
    const auth = caller(req);
    const rows = await questionsToExport(ctx.db, auth, req.query);
    const images = await imagesToExport(
      ctx,
      auth.organisationId,
      rows.map((r) => r.definition),
    );
    reply.type('application/zip');
    reply.header('content-disposition', 'attachment; filename="questions-qti3.zip"');
    return reply.send(qtiPackage(rows, `atrium-${auth.organisationId}-${Date.now()}`, images));
  });
}

export const questionIoMatrix: Record<string, MatrixRow> = {
  'POST /api/assessment/question/import/': AUTHORS,
  'GET /api/assessment/question/import/template/': AUTHORS,
  'GET /api/assessment/question/export/': AUTHORS,
};
export const questionIoJobs: JobDefinition[] = [];
export const questionIoSubscribers: EventSubscriber[] = [];
export function questionIoOnReady(_ctx: AppContext): Promise<void> | void {}
