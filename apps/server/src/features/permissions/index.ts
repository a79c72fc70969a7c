import type { AppModule } from '../../core/module.ts';
import { permissionsMatrix } from './permissions.matrix.ts';
import { registerPermissionRoutes } from './permissions.routes.ts';

/** Menu permissions per user (spec §6). */
export const permissionsModule: AppModule = {
  name: 'permissions',
  routes: registerPermissionRoutes,
  matrix: permissionsMatrix,
};

export { mayChangeMenuOf, mayReadMenuOf } from './permissions.policy.ts';
