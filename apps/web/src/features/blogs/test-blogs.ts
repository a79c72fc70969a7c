import type { TBlogComment, TBlogPost, TBlogPostPage } from '@atrium/contract';

/* Made-up posts and comments for the blog screens' tests. */

export function makePost(over: Partial<TBlogPost> = {}): TBlogPost {
  return {
    id: 1,
    title: 'Why we run fire drills',
    excerpt: 'Drills feel like a chore until the day they are not.',
    cover: null,
    author: { id: 7, username: 'ada', fullname: 'Ada Admin', image: null },
    status: 'published',
    published_at: '2026-12-01T09:00:00.000Z',
    created_at: '2026-12-01T09:00:00.000Z',
    updated_at: '2026-12-01T09:00:00.000Z',
    tags: ['safety'],
    comment_count: 0,
    moderation_state: 'visible',
    abilities: { edit: false, delete: false, comment: true, publish: false },
    body_html: '<p>Drills feel like a chore.</p>',
    ...over,
  };
}

export function makeComment(over: Partial<TBlogComment> = {}): TBlogComment {
  return {
    id: 1,
    post: 1,
    author: { id: 5, username: 'lee', fullname: 'Lee Learner', image: null },
    body: 'Good reminder.',
    created_at: '2026-12-01T10:00:00.000Z',
    edited_at: null,
    moderation_state: 'visible',
    abilities: { edit: false, delete: false },
    ...over,
  };
}

export function page<T>(results: T[], count = results.length) {
  return { count, next: null, previous: null, results };
}

export function listPage(
  results: TBlogPost[],
  abilities: TBlogPostPage['abilities'] = { create: false, manage_authors: false },
  count = results.length,
): TBlogPostPage {
  return { ...page(results, count), abilities };
}
