/* The public surface of this feature: app/ and other features import nothing else (biome.json). */

/** The superadmin console (issue 23): `/admin`. */
export const adminPages = {
  admin: () => import('./pages/admin.page.tsx'),
};
