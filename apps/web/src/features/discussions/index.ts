/* The public surface of this feature: app/ and other features import nothing else (biome.json). */

/** The routes '/discussions' and '/discussions/:id'. */
export const discussionsPages = {
  list: () => import('./pages/discussions.page.tsx'),
  detail: () => import('./pages/discussion.page.tsx'),
};

/** A course's (path's, class's) topics with "Ask a question": the course player's Discussion tab. */
export { ScopedDiscussions } from './components/scoped/scoped-discussions.tsx';
