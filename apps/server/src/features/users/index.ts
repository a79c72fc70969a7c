export * from './passwords.ts';
export { registerUserImportRoutes } from './user-import.routes.ts';
export * from './users.repository.ts';
export * from './users.service.ts';
export { memberships, users } from './users.table.ts';
export { registerUserAdminRoutes } from './users-admin.routes.ts';
