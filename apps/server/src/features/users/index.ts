import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../core/context.ts';
import type { AppModule } from '../../core/module.ts';
import { registerUserImportRoutes } from './user-import.routes.ts';
import { userSignupApproval, userSignupSubscribers } from './user-signup.approval.ts';
import { usersMatrix } from './users.matrix.ts';
import { userSearch } from './users.search.ts';
import { registerUserAdminRoutes } from './users-admin.routes.ts';

/** User administration: the users list, adding, approving, roles, seats, bulk import. */
export const usersModule: AppModule = {
  name: 'users',
  routes(app: FastifyInstance, ctx: AppContext) {
    registerUserAdminRoutes(app, ctx);
    registerUserImportRoutes(app, ctx);
  },
  matrix: usersMatrix,
  approvalKinds: [userSignupApproval],
  subscribers: userSignupSubscribers,
  search: { kinds: [userSearch] },
};
