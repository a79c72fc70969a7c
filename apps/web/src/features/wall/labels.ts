import { IMAGE_MAX_BYTES, IMAGE_TYPES, type TWallReaction } from '@atrium/contract';
import type { FileRule } from '../../shared/files/file-rules.ts';

/**
 * Spec §8 texts the wall falls back on when the server gives no message of its own (its message
 * always wins, see errorMessage()).
 */
export const WALL_MESSAGES = {
  feedFailed: 'Could not get the wall',
  postFailed: 'Could not get the post',
  commentsFailed: 'Could not get comments',
  saveFailed: 'Could not post data',
  deleteFailed: 'Could not delete data',
  settingsFailed: 'Could not save your wall settings',
  /** The words matched the organisation's banned words (features/moderation). */
  held: 'Held for review: others see it once a moderator releases it.',
} as const;

export const WALL_URL = '/socialwall';
/** One post (the wall notifications link here too). */
export const wallPostUrl = (id: number) => `${WALL_URL}/${id}`;
/** The wall filtered by a hashtag (lower-case, without '#'). */
export const hashtagUrl = (tag: string) =>
  `${WALL_URL}?${new URLSearchParams({ hashtag: tag.toLowerCase() })}`;
export const profileUrl = (id: number) => `/profile_by_id/${id}`;

/** The five reactions' names (their icons: components/post/reaction-icon.tsx). */
export const REACTION_INFO: Record<TWallReaction, { label: string }> = {
  like: { label: 'Like' },
  celebrate: { label: 'Celebrate' },
  love: { label: 'Love' },
  insightful: { label: 'Insightful' },
  curious: { label: 'Curious' },
};

/** What the image store takes (the server checks the content again). */
export const WALL_IMAGE_RULE: FileRule = { allowed: IMAGE_TYPES, maxBytes: IMAGE_MAX_BYTES };

export const plural = (n: number, one: string, many = `${one}s`) =>
  `${n.toLocaleString()} ${n === 1 ? one : many}`;
