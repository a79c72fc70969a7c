/* The public surface of this feature: app/ and other features import nothing else (biome.json). */

export { moduleLabel, signInChannel, timePerModule } from './activity-summary.ts';
export { StatTiles } from './components/stat-tiles.tsx';

/** Route pages, each imported on its first visit (app/routes.tsx wraps them in lazyPage). */
export const dashboardPages = {
  dashboard: () => import('./pages/dashboard.page.tsx'),
};
