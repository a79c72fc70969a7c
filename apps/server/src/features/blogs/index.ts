import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../core/context.ts';
import type { AppModule } from '../../core/module.ts';
import { blogsMatrix } from './blogs.matrix.ts';
import { blogModerationTargets } from './blogs.moderation.ts';
import { registerBlogRoutes } from './blogs.routes.ts';
import { blogsSearch } from './blogs.search.ts';
import './blogs.events.ts';

/**
 * Blogs (issue 20, part 5; spec §2 /blogs): the organisation's posts by permitted authors, draft
 * or published, with sanitised rich text, an image-store cover, tags and plain-text comments.
 * `blog.commented` tells the notifications slice; posts and comments are moderation targets.
 */
export const blogsModule: AppModule = {
  name: 'blogs',
  feature: 'blogs',
  routes(app: FastifyInstance, ctx: AppContext) {
    registerBlogRoutes(app, ctx);
  },
  matrix: blogsMatrix,
  moderationTargets: blogModerationTargets,
  search: blogsSearch,
};

// For the notifications slice: the post as it stands when a comment's event is delivered.
export { loadBlogNotice } from './blogs.notices.ts';
