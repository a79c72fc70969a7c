import { adminOps, ROLE } from '@atrium/contract';
import type { FastifyInstance } from 'fastify';
import { access, caller } from '../../core/auth/access.ts';
import type { AppContext } from '../../core/context.ts';
import { csvStream } from '../../core/export/spreadsheet.ts';
import { route } from '../../core/http/operation.ts';
import { AUDIT_TRAIL_COLUMNS, auditTrail, auditTrailRows } from '../audit/index.ts';
import { featuresOf, setFeatures } from './admin.features.ts';
import { systemHealth } from './admin.health.ts';
import { failedJobs, retryJobs } from './admin.jobs.ts';
import { organisationsAtAGlance } from './admin.organisations.ts';

/**
 * The superadmin console (`/admin`). `access.roles(SUPERADMIN)` lets only superadmins through
 * (every other role is refused 403 before the handler), so the handlers scope nothing by
 * organisation: seeing every organisation is the point.
 */
export function registerAdminRoutes(app: FastifyInstance, ctx: AppContext): void {
  const superadmins = { access: access.roles(ROLE.SUPERADMIN) };

  route(app, adminOps.organisations, superadmins, async (req) =>
    organisationsAtAGlance(ctx.db, req.query, req.url),
  );
  route(app, adminOps.health, superadmins, async () => systemHealth(ctx));
  route(app, adminOps.failedJobs, superadmins, async (req) =>
    failedJobs(ctx.db, req.query, req.url),
  );
  route(app, adminOps.retryJobs, superadmins, async (req) =>
    retryJobs(ctx, caller(req), req.body, req.ip),
  );
  route(app, adminOps.audit, superadmins, async (req) => auditTrail(ctx.db, req.query, req.url));
  route(app, adminOps.auditExport, superadmins, async (req, reply) => {
    reply.header('content-disposition', 'attachment; filename="audit.csv"');
    reply.header('x-content-type-options', 'nosniff');
    reply.header('cache-control', 'private, no-store');
    reply.type('text/csv; charset=utf-8');
    return reply.send(
      csvStream({ columns: AUDIT_TRAIL_COLUMNS, rows: auditTrailRows(ctx.db, req.query) }),
    );
  });
  route(app, adminOps.features, superadmins, async (req) => featuresOf(ctx.db, req.params.id));
  route(app, adminOps.setFeatures, superadmins, async (req) =>
    setFeatures(ctx, caller(req), req.params.id, req.body, req.ip),
  );
}
