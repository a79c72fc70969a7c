import { blogOps as ops, ROLE } from '@atrium/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { access, caller } from '../../core/auth/access.ts';
import type { AppContext } from '../../core/context.ts';
import { route } from '../../core/http/operation.ts';
import { grantAuthor, listAuthors, revokeAuthor } from './blogs.authors.ts';
import { commentPage, createComment, removeComment, updateComment } from './blogs.comments.ts';
import {
  createPost,
  listPosts,
  postDetail,
  removePost,
  tagCounts,
  updatePost,
} from './blogs.posts.ts';

/** Posts and comments a person may write an hour (per node). */
export const POSTS_PER_HOUR = 20;
export const COMMENTS_PER_HOUR = 120;

const limit = (name: string, max: number) => ({
  max,
  timeWindow: '1 hour',
  keyGenerator: (req: FastifyRequest) => `blogs.${name}:${req.auth?.userId ?? req.ip}`,
});

/** Spec §2 /blogs: signed in, no menu permission; the policy decides per post. */
export function registerBlogRoutes(app: FastifyInstance, ctx: AppContext): void {
  const members = { access: access.authenticated() };
  const admins = { access: access.roles(ROLE.ADMIN) };

  route(app, ops.list, members, async (req) => listPosts(ctx, caller(req), req.query, req.url));
  route(app, ops.create, { ...members, rateLimit: limit('posts', POSTS_PER_HOUR) }, async (req) =>
    createPost(ctx, caller(req), req.body),
  );
  route(app, ops.tags, members, async (req) => tagCounts(ctx.db, caller(req)));

  route(app, ops.authors, admins, async (req) => listAuthors(ctx, caller(req), req.query, req.url));
  route(app, ops.grantAuthor, admins, async (req) =>
    grantAuthor(ctx, caller(req), req.body.user_id),
  );
  route(app, ops.revokeAuthor, admins, async (req) => {
    await revokeAuthor(ctx, caller(req), req.params.userId);
  });

  route(app, ops.detail, members, async (req) => postDetail(ctx, caller(req), req.params.id));
  route(app, ops.update, members, async (req) =>
    updatePost(ctx, caller(req), req.params.id, req.body),
  );
  route(app, ops.remove, members, async (req) => {
    await removePost(ctx, caller(req), req.params.id);
  });

  route(app, ops.comments, members, async (req) =>
    commentPage(ctx, caller(req), req.params.id, req.query, req.url),
  );
  route(
    app,
    ops.comment,
    { ...members, rateLimit: limit('comments', COMMENTS_PER_HOUR) },
    async (req) => createComment(ctx, caller(req), req.params.id, req.body.body),
  );
  route(app, ops.updateComment, members, async (req) =>
    updateComment(ctx, caller(req), req.params.id, req.body.body),
  );
  route(app, ops.removeComment, members, async (req) => {
    await removeComment(ctx, caller(req), req.params.id);
  });
}
