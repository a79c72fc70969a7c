import { builderOps as ops, ROLE } from '@atrium/contract';
import type { FastifyInstance } from 'fastify';
import { access, caller } from '../../core/auth/access.ts';
import type { AppContext } from '../../core/context.ts';
import { route } from '../../core/http/operation.ts';
import { describeSource } from './reports.builder.catalogue.ts';
import { prepare, runDefinition } from './reports.builder.open.ts';
import { allowedSources } from './reports.builder.sources.ts';
import {
  createSavedReport,
  listSavedReports,
  removeSavedReport,
  savedReportFor,
  updateSavedReport,
} from './reports.saved.ts';
import { sectionsOf, updateSections } from './reports.sections.ts';

/**
 * The report builder and saved reports (issue 22). The access rule is the Reports screen's
 * (the menu permission and a staff role: a learner is refused even if granted the entry); the
 * sections switched on for the caller and their scope are checked per request
 * (reports.builder.sources.ts, reports.builder.open.ts), and a saved report's visibility by
 * reports.saved.ts.
 */
export function registerBuilderRoutes(app: FastifyInstance, ctx: AppContext): void {
  const staff = {
    access: access.menu('/reports', [ROLE.ADMIN, ROLE.TRAINER, ROLE.HIRING_MANAGER]),
  };
  const checker =
    (auth: ReturnType<typeof caller>) => (definition: Parameters<typeof prepare>[2]) =>
      prepare(ctx.db, auth, definition);

  route(app, ops.sources, staff, async (req) => ({
    results: (await allowedSources(ctx.db, caller(req))).map(describeSource),
  }));
  route(app, ops.run, staff, async (req) =>
    runDefinition(ctx.db, caller(req), req.body.definition, req.body),
  );
  route(app, ops.list, staff, async (req) =>
    listSavedReports(ctx.db, caller(req), req.query, req.url),
  );
  route(app, ops.create, staff, async (req) => {
    const auth = caller(req);
    return createSavedReport(ctx.db, auth, req.body, checker(auth));
  });
  route(app, ops.get, staff, async (req) => savedReportFor(ctx.db, caller(req), req.params.id));
  route(app, ops.update, staff, async (req) => {
    const auth = caller(req);
    return updateSavedReport(ctx.db, auth, req.params.id, req.body, checker(auth));
  });
  route(app, ops.remove, staff, async (req) => {
    await removeSavedReport(ctx.db, caller(req), req.params.id);
  });
  route(app, ops.runSaved, staff, async (req) => {
    const auth = caller(req);
    const saved = await savedReportFor(ctx.db, auth, req.params.id);
    return runDefinition(ctx.db, auth, saved.definition, req.query);
  });

  // The permission screen's report sections: an organisation's admins (404 outside it).
  const admins = { access: access.roles(ROLE.ADMIN) };
  route(app, ops.sections, admins, async (req) => sectionsOf(ctx.db, caller(req), req.params.id));
  route(app, ops.updateSections, admins, async (req) =>
    updateSections(ctx.db, caller(req), req.params.id, req.body),
  );
}
