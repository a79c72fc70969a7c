import { cpdOps as ops, ROLE } from '@atrium/contract';
import type { FastifyInstance } from 'fastify';
import { access, caller } from '../../core/auth/access.ts';
import type { AppContext } from '../../core/context.ts';
import { route } from '../../core/http/operation.ts';
import { addExternalEntry, listEntries, sendEvidence, withdrawEntry } from './entries.service.ts';
import { exportLedger } from './export.service.ts';
import {
  activeScheme,
  addCategory,
  listCategories,
  presentScheme,
  removeCategory,
  saveScheme,
  updateCategory,
} from './schemes.service.ts';
import { cpdSummary } from './summary.service.ts';

/**
 * The CPD ledger (spec §2 /cpd, the Event Engine entry; /cpd-view/{uid} reads the same API with
 * ?user=). Every route needs the /cpd menu permission; the scheme and categories are written by
 * admins only (learners and trainers 403 at the route). Whose ledger: ledger.repository.ts.
 */
export function registerCpdRoutes(app: FastifyInstance, ctx: AppContext): void {
  const members = { access: access.menu('/cpd') };
  const admins = { access: access.menu('/cpd', [ROLE.ADMIN]) };

  route(app, ops.scheme, members, async (req) => {
    const scheme = await activeScheme(ctx.db, caller(req).organisationId);
    return { scheme: scheme ? presentScheme(scheme) : null };
  });
  route(app, ops.saveScheme, admins, async (req) => ({
    scheme: await saveScheme(ctx, caller(req), req.body),
  }));
  route(app, ops.categories, members, async (req) =>
    listCategories(ctx.db, caller(req).organisationId),
  );
  route(app, ops.addCategory, admins, async (req) => addCategory(ctx, caller(req), req.body));
  route(app, ops.updateCategory, admins, async (req) =>
    updateCategory(ctx, caller(req), req.params.id, req.body),
  );
  route(app, ops.removeCategory, admins, async (req) => {
    await removeCategory(ctx, caller(req), req.params.id);
  });

  route(app, ops.summary, members, async (req) => cpdSummary(ctx, caller(req), req.query.user));
  route(app, ops.entries, members, async (req) =>
    listEntries(ctx, caller(req), req.query, req.url),
  );
  route(app, ops.addExternal, members, async (req) => addExternalEntry(ctx, caller(req), req));
  route(app, ops.withdraw, members, async (req) => {
    await withdrawEntry(ctx, caller(req), req.params.id);
  });
  route(app, ops.evidence, members, async (req, reply) =>
    sendEvidence(ctx, caller(req), req.params.id, req, reply),
  );
  route(app, ops.exportLedger, members, async (req, reply) => {
    const file = await exportLedger(ctx, caller(req), req.query);
    return reply
      .header('content-disposition', `attachment; filename="${file.filename}"`)
      .header('x-content-type-options', 'nosniff')
      .header('cache-control', 'private, no-store')
      .type(file.contentType)
      .send(file.body);
  });
}
