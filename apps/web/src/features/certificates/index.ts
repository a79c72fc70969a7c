/* The public surface of this feature: app/ and other features import nothing else (biome.json). */

/** The routes '/certificate' (signed in) and '/verify/:code' (public). */
export const certificatesPages = {
  list: () => import('./pages/certificates.page.tsx'),
  verify: () => import('./pages/verify.page.tsx'),
};
