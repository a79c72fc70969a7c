/* The public surface of this feature: app/ and other features import nothing else (biome.json). */

/** Route pages, each imported on its first visit (app/routes.tsx wraps them in lazyPage). */
export const cpdPages = {
  cpd: () => import('./pages/cpd.page.tsx'),
  view: () => import('./pages/cpd-view.page.tsx'),
};
