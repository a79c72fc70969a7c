import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { linkPreviews, wallPosts } from '../../src/schema/wall.table.ts';
import { PNG } from '../factories/catalogue.ts';
import type { Body, IdCall } from './calls.ts';

/**
 * The social wall in the cross-organisation test (see calls.ts): a post of acme's learner with a
 * comment and a link preview (its row and image written directly: the test's outbound guard
 * reaches no site), and a spare post and comment that the delete controls remove.
 */
export interface WallObjects {
  wallPost: number;
  wallComment: number;
  spareWallPost: number;
  spareWallComment: number;
  wallPreview: number;
}

type Json = (
  token: string,
  method: 'POST' | 'PATCH' | 'PUT',
  url: string,
  payload: Body,
) => Promise<{ id: number } & Record<string, unknown>>;

export async function makeWallObjects(
  app: FastifyInstance,
  json: Json,
  learner: string,
): Promise<WallObjects> {
  const post = await json(learner, 'POST', '/api/feed/', { body: 'Lunch at noon #food' });
  const spare = await json(learner, 'POST', '/api/feed/', { body: 'Spare post' });
  const comment = await json(learner, 'POST', `/api/feed/${post.id}/comments/`, { body: 'Yes' });
  const spareComment = await json(learner, 'POST', `/api/feed/${post.id}/comments/`, {
    body: 'Spare comment',
  });
  const stored = await app.ctx.files.put(PNG, {
    originalName: 'preview.png',
    allowedExtensions: ['png'],
    maxBytes: 1024 * 1024,
    prefix: 'link-previews',
  });
  const [preview] = await app.ctx.db
    .insert(linkPreviews)
    .values({
      urlHash: 'f'.repeat(64),
      url: 'https://example.com/lunch',
      status: 'ok',
      title: 'Lunch',
      imageKey: stored.key,
      imageMime: 'image/png',
    })
    .returning({ id: linkPreviews.id });
  await app.ctx.db
    .update(wallPosts)
    .set({ linkUrl: 'https://example.com/lunch', linkPreviewId: preview!.id })
    .where(eq(wallPosts.id, post.id));
  return {
    wallPost: post.id,
    wallComment: comment.id,
    spareWallPost: spare.id,
    spareWallComment: spareComment.id,
    wallPreview: preview!.id,
  };
}

const post = (f: WallObjects) => ({ id: f.wallPost });

export const WALL_CALLS: Record<string, IdCall> = {
  'GET /api/feed/:id/': { params: post },
  'PATCH /api/feed/:id/': { params: post, body: () => ({ body: 'Planted' }), owner: 'learner' },
  'DELETE /api/feed/delete/:id/': { params: (f) => ({ id: f.spareWallPost }) },
  'GET /api/feed/:id/comments/': { params: post },
  'POST /api/feed/:id/comments/': { params: post, body: () => ({ body: 'Planted' }) },
  'POST /api/feed/:id/reaction/': { params: post, body: () => ({ reaction: 'like' }) },
  'PATCH /api/feed/comments/:id/': {
    params: (f) => ({ id: f.wallComment }),
    body: () => ({ body: 'Planted' }),
    owner: 'learner',
  },
  'DELETE /api/feed/comments/:id/': { params: (f) => ({ id: f.spareWallComment }) },
  'GET /api/feed/previews/:id/image/': { params: (f) => ({ id: f.wallPreview }) },
};
