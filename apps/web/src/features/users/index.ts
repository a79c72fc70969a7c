/* The public surface of this feature: app/ and other features import nothing else (biome.json). */

export { StatusChip } from './components/status-chip.tsx';
export { roleLabel, type UserStatus } from './user-list-query.ts';

/** Route pages, each imported on its first visit (app/routes.tsx wraps them in lazyPage). */
export const usersPages = {
  users: () => import('./pages/users.page.tsx'),
  userImport: () => import('./pages/user-import.page.tsx'),
};
