import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../core/context.ts';
import type { AppModule } from '../../core/module.ts';
import { organisationsMatrix } from './organisations.matrix.ts';
import { registerOrganisationRoutes } from './organisations.routes.ts';
import { registerStructureRoutes } from './structure.routes.ts';
import { registerThemeRoutes } from './theme.routes.ts';

/** Organisations, their structure (departments, designations, locations) and themes. */
export const organisationsModule: AppModule = {
  name: 'organisations',
  routes(app: FastifyInstance, ctx: AppContext) {
    registerOrganisationRoutes(app, ctx);
    registerStructureRoutes(app, ctx);
    registerThemeRoutes(app, ctx);
  },
  matrix: organisationsMatrix,
};

export {
  ensureDefaultOrganisation,
  findDefaultOrganisation,
  type Organisation,
} from './organisations.repository.ts';
export {
  normaliseHost,
  organisationBaseUrl,
  refreshSsoOrigins,
  resolveOrganisation,
  ssoIssuer,
} from './organisations.service.ts';
