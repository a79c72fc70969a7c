/* The public surface of this feature: app/ and other features import nothing else (biome.json). */

/** The route '/reports'. */
export const reportsPages = {
  reports: () => import('./pages/reports.page.tsx'),
};
