/* The public surface of this feature: app/ and other features import nothing else (biome.json). */

/** The routes '/announcements' and '/announcements/:id/'. */
export const announcementsPages = {
  list: () => import('./pages/announcements.page.tsx'),
  detail: () => import('./pages/announcement.page.tsx'),
};

/** How many announcements the caller has not read, and not yet acknowledged (a badge). */
export { useAnnouncementsUnread } from './api/announcements.api.ts';
