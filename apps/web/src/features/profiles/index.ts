/* The public surface of this feature: app/ and other features import nothing else (biome.json). */

/** Route pages, each imported on its first visit (app/routes.tsx wraps them in lazyPage). */
export const profilesPages = {
  myProfile: () => import('./pages/my-profile.page.tsx'),
  profileById: () => import('./pages/profile-by-id.page.tsx'),
  newProfile: () => import('./pages/new-profile.page.tsx'),
};
