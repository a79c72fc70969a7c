import type { AppModule } from '../../core/module.ts';
import { xrMatrix } from './xr.matrix.ts';
import { registerXrRoutes } from './xr.routes.ts';

/**
 * The AR/VR studio (issue 24): scenes (a glTF binary model or a 360° image with hotspots), each
 * also a repository file of kind `xr` that course modules attach; the player's view and visits.
 * Deleting the repository file deletes the scene (foreign keys cascade); the file repository
 * deletes the stored asset itself.
 */
export const xrModule: AppModule = {
  name: 'xr',
  routes: registerXrRoutes,
  matrix: xrMatrix,
};
