/* The public surface of this feature: app/ and other features import nothing else (biome.json). */

export { licenceKeys, useLicences } from './api/licences.api.ts';
export { SeatBar } from './components/seat-bar.tsx';

/** Route pages, each imported on its first visit (app/routes.tsx wraps them in lazyPage). */
export const licencesPages = {
  licences: () => import('./pages/licences.page.tsx'),
};
