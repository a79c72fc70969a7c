import type { Body, IdCall } from './calls.ts';

/**
 * Blogs in the cross-organisation test (see calls.ts): a published post of acme's admin with a
 * comment by acme's learner, a spare post and comment that the delete controls remove, and
 * acme's learner granted as a blog author (the revoke control takes it back).
 */
export interface BlogObjects {
  blogPost: number;
  spareBlogPost: number;
  blogComment: number;
  spareBlogComment: number;
  blogAuthor: number;
}

type Json = (
  token: string,
  method: 'POST' | 'PATCH' | 'PUT',
  url: string,
  payload: Body,
) => Promise<{ id: number } & Record<string, unknown>>;

export async function makeBlogObjects(
  json: Json,
  admin: string,
  learner: string,
  learnerId: number,
): Promise<BlogObjects> {
  const published = { body_html: '<p>Welcome to the ward.</p>', status: 'published' };
  const post = await json(admin, 'POST', '/api/blogs/', { title: 'Welcome', ...published });
  const spare = await json(admin, 'POST', '/api/blogs/', { title: 'Spare', ...published });
  const comment = await json(learner, 'POST', `/api/blogs/${post.id}/comments/`, { body: 'Hi' });
  const spareComment = await json(learner, 'POST', `/api/blogs/${post.id}/comments/`, {
    body: 'Spare comment',
  });
  await json(admin, 'POST', '/api/blogs/authors/', { user_id: learnerId });
  return {
    blogPost: post.id,
    spareBlogPost: spare.id,
    blogComment: comment.id,
    spareBlogComment: spareComment.id,
    blogAuthor: learnerId,
  };
}

const post = (f: BlogObjects) => ({ id: f.blogPost });

export const BLOG_CALLS: Record<string, IdCall> = {
  'GET /api/blogs/:id/': { params: post },
  'PATCH /api/blogs/:id/': { params: post, body: () => ({ title: 'Planted' }) },
  'DELETE /api/blogs/:id/': { params: (f) => ({ id: f.spareBlogPost }) },
  'GET /api/blogs/:id/comments/': { params: post },
  'POST /api/blogs/:id/comments/': { params: post, body: () => ({ body: 'Planted' }) },
  'PATCH /api/blogs/comments/:id/': {
    params: (f) => ({ id: f.blogComment }),
    body: () => ({ body: 'Planted' }),
    owner: 'learner',
  },
  'DELETE /api/blogs/comments/:id/': { params: (f) => ({ id: f.spareBlogComment }) },
  'DELETE /api/blogs/authors/:userId/': { params: (f) => ({ userId: f.blogAuthor }) },
};
