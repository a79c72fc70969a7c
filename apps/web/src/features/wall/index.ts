/* The public surface of this feature: app/ and other features import nothing else (biome.json). */

/** The routes '/socialwall' and '/socialwall/:id'. */
export const wallPages = {
  feed: () => import('./pages/wall.page.tsx'),
  post: () => import('./pages/wall-post.page.tsx'),
};
