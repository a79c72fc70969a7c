/* The public surface of this feature: app/ and other features import nothing else (biome.json). */

/*
 * The page behind a notification mail's unsubscribe link. Its own slice rather than part of
 * notifications: it is a public screen in the auth frame, and the notifications slice is imported
 * by organisations, which the auth frame imports (a cycle, even through a lazy import).
 */

/** Route pages, each imported on its first visit (app/routes.tsx wraps them in lazyPage). */
export const unsubscribePages = {
  unsubscribe: () => import('./pages/unsubscribe.page.tsx'),
};
