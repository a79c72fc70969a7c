import { reportExportOps as ops, ROLE } from '@atrium/contract';
import type { FastifyInstance } from 'fastify';
import { access, caller } from '../../core/auth/access.ts';
import type { AppContext } from '../../core/context.ts';
import { route } from '../../core/http/operation.ts';
import { toPage } from '../../core/http/pagination.ts';
import { exportJobsOnReady } from './reports.exports.module.ts';
import {
  createExport,
  exportFile,
  listExports,
  ownExport,
  removeExport,
  toExport,
} from './reports.exports.service.ts';
import { REPORT_CONTENT_TYPES } from './reports.render.ts';

/**
 * The exports routes of the reports slice (issue 22). Creating one is staff's, as the reports
 * are (openReport then checks the report itself as its own route would); following, downloading
 * and deleting are the owner's only, whoever they are now (anyone else: 404).
 */
export function registerExportsRoutes(app: FastifyInstance, ctx: AppContext): void {
  const staff = {
    access: access.menu('/reports', [ROLE.ADMIN, ROLE.TRAINER, ROLE.HIRING_MANAGER]),
  };
  const owner = { access: access.authenticated() };

  route(app, ops.create, staff, async (req) => createExport(ctx, caller(req), req.body));
  route(app, ops.list, owner, async (req) => {
    const page = await listExports(ctx, caller(req), req.query);
    return toPage(req.url, req.query, page.count, page.rows);
  });
  route(app, ops.get, owner, async (req) =>
    toExport(await ownExport(ctx, caller(req), req.params.id)),
  );
  route(app, ops.file, owner, async (req, reply) => {
    const file = await exportFile(ctx, caller(req), req.params.id);
    // The name is ours (reportFileName: ASCII letters, digits and dashes), safe in the header.
    reply
      .header('x-content-type-options', 'nosniff')
      .header('content-disposition', `attachment; filename="${file.row.fileName}"`)
      .header('cache-control', 'private, no-cache')
      .header('content-length', String(file.size))
      .type(REPORT_CONTENT_TYPES[file.row.format]);
    return reply.send(file.stream);
  });
  route(app, ops.remove, owner, async (req) => {
    await removeExport(ctx, caller(req), req.params.id);
  });

  // Every node makes sure the retention chain exists (one queued run at a time).
  app.addHook('onReady', () => exportJobsOnReady(ctx));
}
