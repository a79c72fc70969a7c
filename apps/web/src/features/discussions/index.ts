/* The public surface of this feature: app/ and other features import nothing else (biome.json). */

/** The routes '/discussions', '/discussions/:id', '/discussions/forums' and its forums. */
export const discussionsPages = {
  list: () => import('./pages/discussions.page.tsx'),
  detail: () => import('./pages/discussion.page.tsx'),
  forums: () => import('./pages/forums.page.tsx'),
  forum: () => import('./pages/forum.page.tsx'),
};

/** A course's (path's, class's) topics with "Ask a question": the course player's Discussion tab. */
export { ScopedDiscussions } from './components/scoped/scoped-discussions.tsx';
