/* The public surface of this feature: app/ and other features import nothing else (biome.json). */

/** The route '/competency'. */
export const competenciesPages = {
  competency: () => import('./pages/competency.page.tsx'),
};
