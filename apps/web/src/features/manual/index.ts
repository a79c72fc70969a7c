/* The public surface of this feature: app/ and other features import nothing else (biome.json). */

/**
 * The user manual (issue 23; spec §2 /user-manual): role-specific help pages for staff, with a
 * search and deep links to a page's sections. Learners are refused.
 */
export const manualPages = {
  manual: () => import('./pages/user-manual.page.tsx'),
};
