import type { Body, IdCall } from './calls.ts';

/**
 * Moderation in the cross-organisation test (see calls.ts): a post of acme's learner reported by
 * acme's admin (an open queue item), and one of acme's banned words. Another organisation's
 * admin finds neither (404); its trainer and learner are refused the queue (403), and their
 * report on acme's post finds nothing (404).
 */
export interface ModerationObjects {
  moderatedPost: number;
  moderationItem: number;
  bannedWord: number;
}

type Json = (
  token: string,
  method: 'POST' | 'PATCH' | 'PUT',
  url: string,
  payload: Body,
) => Promise<{ id: number } & Record<string, unknown>>;

export async function makeModerationObjects(
  json: Json,
  admin: string,
  learner: string,
): Promise<ModerationObjects> {
  const post = await json(learner, 'POST', '/api/feed/', { body: 'Please moderate me' });
  const report = await json(admin, 'POST', '/api/moderation/reports/', {
    kind: 'wall_post',
    id: post.id,
    reason: 'spam',
  });
  const word = await json(admin, 'POST', '/api/moderation/banned-words/', { phrase: 'xyzzy' });
  return {
    moderatedPost: post.id,
    moderationItem: report.item as number,
    bannedWord: word.id,
  };
}

const item = (f: ModerationObjects) => ({ id: f.moderationItem });

export const MODERATION_CALLS: Record<string, IdCall> = {
  'GET /api/moderation/queue/:id/': { params: item },
  'POST /api/moderation/queue/:id/action/': {
    params: item,
    body: () => ({ action: 'dismiss' }),
  },
  'DELETE /api/moderation/banned-words/:id/': { params: (f) => ({ id: f.bannedWord }) },
};

export const MODERATION_BODY_CALLS: Record<string, IdCall> = {
  // The trainer reports the learner's post (the admin already did; once per person).
  'POST /api/moderation/reports/': {
    params: () => ({}),
    body: (f) => ({ kind: 'wall_post', id: f.moderatedPost, reason: 'off_topic' }),
    owner: 'trainer',
  },
};
