import {
  permissionPaths,
  ZPermissionQuery,
  ZPermissionResponse,
  ZPermissionUpdate,
} from '@atrium/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { access, caller } from '../../core/auth/access.ts';
import type { AppContext } from '../../core/context.ts';
import { errorResponses } from '../../core/http/error-responses.ts';
import { getPermissions, updatePermissions } from './permissions.service.ts';

const errors = errorResponses(400, 401, 403, 404);

export function registerPermissionRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    permissionPaths.getPermission,
    {
      schema: {
        tags: ['permissions'],
        summary: "A user's side-menu permissions (own, or as admin for a user of the organisation)",
        querystring: ZPermissionQuery,
        response: { 200: ZPermissionResponse, ...errors },
      },
      config: { access: access.authenticated() },
    },
    async (request) => getPermissions(ctx, caller(request), request.query.user_id),
  );

  r.post(
    permissionPaths.getPermission,
    {
      schema: {
        tags: ['permissions'],
        summary:
          "Change a user's side-menu permissions (admins, for lower roles of their organisation)",
        body: ZPermissionUpdate,
        response: { 200: ZPermissionResponse, ...errors },
      },
      config: { access: access.roles(2) },
    },
    async (request) => updatePermissions(ctx, caller(request), request.body, request.ip),
  );
}
