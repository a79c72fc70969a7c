import type { AppModule } from '../../core/module.ts';
import { auditMatrix } from './audit.matrix.ts';
import { registerAuditRoutes } from './audit.routes.ts';

/** Reading the activity log back (every slice writes it through core/audit). */
export const auditModule: AppModule = {
  name: 'audit',
  routes: registerAuditRoutes,
  matrix: auditMatrix,
};
