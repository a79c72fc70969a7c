import { IMAGE_MAX_BYTES, IMAGE_TYPES } from '@atrium/contract';
import type { FileRule } from '../../shared/files/file-rules.ts';

/**
 * Spec §8 texts blogs fall back on when the server gives no message of its own (its message
 * always wins, see errorMessage()).
 */
export const BLOG_MESSAGES = {
  listFailed: 'Could not get the blog posts',
  postFailed: 'Could not get the post',
  commentsFailed: 'Could not get comments',
  saveFailed: 'Could not post data',
  deleteFailed: 'Could not delete data',
  authorsFailed: 'Could not get the authors',
  usersFailed: 'Could not search people',
} as const;

export const BLOGS_URL = '/blogs';
export const blogPostUrl = (id: number) => `${BLOGS_URL}/${id}`;
export const blogEditUrl = (id: number) => `${BLOGS_URL}/${id}/edit`;
export const blogTagUrl = (tag: string) => `${BLOGS_URL}?tag=${encodeURIComponent(tag)}`;

/** The cover takes what the image store takes. */
export const COVER_RULE: FileRule = { allowed: IMAGE_TYPES, maxBytes: IMAGE_MAX_BYTES };

/** What the web says of an item the moderators hold or hid (only its author and admins see it). */
export const MODERATION_LABELS = {
  held: 'Held for review: only you and the admins see this',
  hidden: 'Hidden by a moderator: only you and the admins see this',
} as const;

/** The day a post went out (or was last saved, for a draft), as "6 Dec 2026". */
export const postDate = (iso: string) =>
  new Date(iso).toLocaleDateString(undefined, { day: 'numeric', month: 'short', year: 'numeric' });
