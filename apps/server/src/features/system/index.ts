import type { AppModule } from '../../core/module.ts';
import { systemMatrix } from './system.matrix.ts';
import { registerSystemRoutes } from './system.routes.ts';

/** Liveness and readiness. */
export const systemModule: AppModule = {
  name: 'system',
  routes: registerSystemRoutes,
  matrix: systemMatrix,
};
