/* The public surface of this feature: app/ and other features import nothing else (biome.json). */

/** The routes '/blogs', '/blogs/new', '/blogs/:id' and '/blogs/:id/edit'. */
export const blogsPages = {
  list: () => import('./pages/blogs.page.tsx'),
  post: () => import('./pages/blog-post.page.tsx'),
  editor: () => import('./pages/blog-editor.page.tsx'),
};
