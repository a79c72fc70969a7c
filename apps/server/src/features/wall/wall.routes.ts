import { wallOps as ops } from '@atrium/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { access, caller } from '../../core/auth/access.ts';
import type { AppContext } from '../../core/context.ts';
import { route } from '../../core/http/operation.ts';
import { settingsOf, updateSettings } from './wall.achievements.ts';
import {
  commentPage,
  createComment,
  react,
  removeComment,
  updateComment,
} from './wall.comments.ts';
import { mentionCandidates, trendingHashtags } from './wall.directory.ts';
import { createPost, feed, postDetail, removePost, updatePost } from './wall.posts.ts';
import { linkPreview, sendPreviewImage } from './wall.previews.ts';

/** Posts and comments a person may write an hour; link previews a minute (per node). */
export const POSTS_PER_HOUR = 30;
export const COMMENTS_PER_HOUR = 120;
export const PREVIEWS_PER_MINUTE = 20;

const limit = (name: string, max: number, timeWindow: string) => ({
  max,
  timeWindow,
  keyGenerator: (req: FastifyRequest) => `wall.${name}:${req.auth?.userId ?? req.ip}`,
});

/** Spec §2 /socialwall and §7 feed/delete/{id}: all behind the /socialwall menu entry. */
export function registerWallRoutes(app: FastifyInstance, ctx: AppContext): void {
  const members = { access: access.menu('/socialwall') };

  route(app, ops.feed, members, async (req) => feed(ctx, caller(req), req.query));
  route(
    app,
    ops.create,
    { ...members, rateLimit: limit('posts', POSTS_PER_HOUR, '1 hour') },
    async (req) => createPost(ctx, caller(req), req.body),
  );
  route(app, ops.mentions, members, async (req) =>
    mentionCandidates(ctx, caller(req), req.query.search),
  );
  route(app, ops.hashtags, members, async (req) => trendingHashtags(ctx, caller(req)));
  route(app, ops.settings, members, async (req) => settingsOf(ctx, caller(req)));
  route(app, ops.updateSettings, members, async (req) =>
    updateSettings(ctx, caller(req), req.body),
  );
  route(
    app,
    ops.linkPreview,
    { ...members, rateLimit: limit('previews', PREVIEWS_PER_MINUTE, '1 minute') },
    async (req) => linkPreview(ctx, req.body.url),
  );
  route(app, ops.previewImage, members, async (req, reply) =>
    sendPreviewImage(ctx, caller(req), req.params.id, reply),
  );

  route(app, ops.detail, members, async (req) => postDetail(ctx, caller(req), req.params.id));
  route(app, ops.update, members, async (req) =>
    updatePost(ctx, caller(req), req.params.id, req.body),
  );
  route(app, ops.remove, members, async (req) => {
    await removePost(ctx, caller(req), req.params.id);
  });

  route(app, ops.comments, members, async (req) =>
    commentPage(ctx, caller(req), req.params.id, req.query),
  );
  route(
    app,
    ops.comment,
    { ...members, rateLimit: limit('comments', COMMENTS_PER_HOUR, '1 hour') },
    async (req) => createComment(ctx, caller(req), req.params.id, req.body.body),
  );
  route(app, ops.updateComment, members, async (req) =>
    updateComment(ctx, caller(req), req.params.id, req.body.body),
  );
  route(app, ops.removeComment, members, async (req) => {
    await removeComment(ctx, caller(req), req.params.id);
  });
  route(app, ops.react, members, async (req) =>
    react(ctx, caller(req), req.params.id, req.body.reaction),
  );
}
