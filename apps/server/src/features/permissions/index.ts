export { registerPermissionRoutes } from './permissions.routes.ts';
export { userMenuPermissions } from './permissions.table.ts';
