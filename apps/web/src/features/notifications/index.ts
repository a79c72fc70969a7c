/* The public surface of this feature: app/ and other features import nothing else (biome.json). */

export { useCounters } from './api/notifications.api.ts';
export { NotificationBell } from './components/notification-bell.tsx';
export { NotificationPreferencesCard } from './components/notification-preferences.tsx';
export { OrganisationNotificationDefaults } from './components/organisation-defaults.tsx';

/** Route pages, each imported on its first visit (app/routes.tsx wraps them in lazyPage). */
export const notificationsPages = {
  notifications: () => import('./pages/notifications.page.tsx'),
};
