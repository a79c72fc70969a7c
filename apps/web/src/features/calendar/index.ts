/* The public surface of this feature: app/ and other features import nothing else (biome.json). */

export { UpcomingCard } from './components/upcoming-card.tsx';

/** Route pages, each imported on its first visit (app/routes.tsx wraps them in lazyPage). */
export const calendarPages = {
  calendar: () => import('./pages/calendar.page.tsx'),
};
