import { permissionOps, ROLE } from '@atrium/contract';
import type { FastifyInstance } from 'fastify';
import { access, caller } from '../../core/auth/access.ts';
import type { AppContext } from '../../core/context.ts';
import { route } from '../../core/http/operation.ts';
import { getPermissions, updatePermissions } from './permissions.service.ts';

export function registerPermissionRoutes(app: FastifyInstance, ctx: AppContext) {
  route(app, permissionOps.get, { access: access.authenticated() }, async (request) =>
    getPermissions(ctx, caller(request), request.query.user_id),
  );

  route(app, permissionOps.update, { access: access.roles(ROLE.ADMIN) }, async (request) =>
    updatePermissions(ctx, caller(request), request.body, request.ip),
  );
}
