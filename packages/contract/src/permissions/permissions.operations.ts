import { defineOperation } from '../core/operation.ts';
import { ZPermissionQuery, ZPermissionResponse, ZPermissionUpdate } from './permissions.ts';

const tags = ['permissions'];
const errors = [400, 401, 403, 404] as const;

export const permissionOps = {
  get: defineOperation({
    method: 'GET',
    path: '/api/dashboard/get_permission/',
    query: ZPermissionQuery,
    response: ZPermissionResponse,
    errors,
    summary: "A user's side-menu permissions (own, or as admin for a user of the organisation)",
    access: 'Signed in; own, or admins for users of their organisation',
    tags,
  }),
  update: defineOperation({
    method: 'POST',
    path: '/api/dashboard/get_permission/',
    body: ZPermissionUpdate,
    response: ZPermissionResponse,
    errors,
    summary:
      "Change a user's side-menu permissions (admins, for lower roles of their organisation)",
    access: 'Admins, for lower roles of their organisation',
    tags,
  }),
};
