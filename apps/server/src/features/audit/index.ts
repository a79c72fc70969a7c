import type { AppModule } from '../../core/module.ts';
import { auditMatrix } from './audit.matrix.ts';
import { registerAuditRoutes } from './audit.routes.ts';

export { AUDIT_TRAIL_COLUMNS, auditTrail, auditTrailRows } from './audit.trail.ts';

/** Reading the activity log back (every slice writes it through core/audit). */
export const auditModule: AppModule = {
  name: 'audit',
  routes: registerAuditRoutes,
  matrix: auditMatrix,
};
