/* The public surface of this feature: app/ and other features import nothing else (biome.json). */

/** The routes '/leaderboard' and '/leaderboard/:id'. */
export const gamificationPages = {
  leaderboard: () => import('./pages/leaderboard.page.tsx'),
  person: () => import('./pages/leaderboard-person.page.tsx'),
};
