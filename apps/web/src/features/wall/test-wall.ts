import type { TWallComment, TWallPerson, TWallPost } from '@atrium/contract';

/* Builders of the API's wall objects for this feature's tests. */

export const LEE: TWallPerson = { id: 5, username: 'lee', fullname: 'Lee Learner', image: null };
export const ADA: TWallPerson = { id: 3, username: 'ada', fullname: 'Ada Admin', image: null };
export const SAM: TWallPerson = { id: 7, username: 'sam.k', fullname: 'Sam Kay', image: null };

const noReactions = {
  counts: { like: 0, celebrate: 0, love: 0, insightful: 0, curious: 0 },
  total: 0,
  mine: null,
};

export function makeComment(over: Partial<TWallComment> = {}): TWallComment {
  return {
    id: 40,
    post: 12,
    user: ADA,
    body: 'Well done!',
    mentions: [],
    created_at: '2026-03-02T09:00:00Z',
    edited_at: null,
    moderation_state: 'visible',
    abilities: { edit: false, delete: false },
    ...over,
  };
}

export function makePost(over: Partial<TWallPost> = {}): TWallPost {
  return {
    id: 12,
    kind: 'post',
    user: ADA,
    body: 'Hello wall',
    images: [],
    link_preview: null,
    mentions: [],
    hashtags: [],
    achievement: null,
    reactions: noReactions,
    comment_count: 0,
    comments: [],
    created_at: '2026-03-02T08:00:00Z',
    edited_at: null,
    moderation_state: 'visible',
    abilities: { edit: false, delete: false, comment: true, react: true },
    ...over,
  };
}

export const cursorPage = <T>(results: T[], next_cursor: string | null = null) => ({
  results,
  next_cursor,
});

export const image = (n: number) => ({
  uuid: `00000000-0000-4000-8000-00000000000${n}`,
  url: `/api/images/00000000-0000-4000-8000-00000000000${n}/`,
  width: 800,
  height: 600,
});
