import type { AppModule } from '../../core/module.ts';
import { ltiMatrix } from './lti.matrix.ts';
import { registerLtiRoutes } from './lti.routes.ts';

/**
 * LTI 1.3 platform (issue 24): external tools registered by an organisation's admins, launched
 * from course modules (OIDC third-party-initiated login, signed id_token), Deep Linking 2.0 to add
 * their content as module items, AGS scores that complete items, NRPS memberships.
 */
export const ltiModule: AppModule = {
  name: 'lti',
  routes: registerLtiRoutes,
  matrix: ltiMatrix,
};
