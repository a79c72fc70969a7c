/* The public surface of this feature: app/ and other features import nothing else (biome.json). */

/** Route pages, each imported on its first visit (app/routes.tsx wraps them in lazyPage). */
export const systemPages = {
  systemStatus: () => import('./pages/system-status.page.tsx'),
  notFound: () => import('./pages/not-found.page.tsx'),
};
