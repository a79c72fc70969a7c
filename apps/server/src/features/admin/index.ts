import type { AppModule } from '../../core/module.ts';
import { adminMatrix } from './admin.matrix.ts';
import { registerAdminRoutes } from './admin.routes.ts';

/**
 * The superadmin console (issue 23; spec §2 /admin): organisations at a glance, system health
 * with failed-job retry, the audit trail across organisations with its export, and feature
 * switches per organisation (honoured by app.ts through AppModule.feature).
 */
export const adminModule: AppModule = {
  name: 'admin',
  routes: registerAdminRoutes,
  matrix: adminMatrix,
};
