/* The public surface of this feature: app/ and other features import nothing else (biome.json). */

/** The routes '/leaderboard' and '/leaderboard/:id'. */
export const gamificationPages = {
  leaderboard: () => import('./pages/leaderboard.page.tsx'),
  person: () => import('./pages/leaderboard-person.page.tsx'),
};

/** Shows live points and badges and refreshes what displays them (mounted beside the top bar). */
export { LiveRecognition } from './components/live-recognition.tsx';
