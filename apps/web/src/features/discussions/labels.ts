import {
  DISCUSSION_FILE_MAX_BYTES,
  DISCUSSION_FILE_TYPES,
  type DISCUSSION_FILTERS,
  type DISCUSSION_ORDERINGS,
  FORUM_EDIT_WINDOW_MINUTES,
  type TDiscussionKind,
  type TDiscussionScope,
  type TForumSubscriptionMode,
} from '@atrium/contract';
import type { FileRule } from '../../shared/files/file-rules.ts';

/**
 * Spec §8 texts the discussion screens fall back on when the server gives no message of its own
 * (its message always wins, see errorMessage()).
 */
export const DISCUSSION_MESSAGES = {
  listFailed: 'Could not get discussions',
  detailFailed: 'Could not get discussion detail',
  answersFailed: 'Could not get answers',
  typesFailed: 'Could not get discussion types',
  postFailed: 'Could not post data',
  deleteFailed: 'Could not delete data',
  downloadFailed: 'Could not download the file',
  forumsFailed: 'Could not get forums',
  forumFailed: 'Could not get forum detail',
} as const;

export const DISCUSSIONS_URL = '/discussions';
/** Where a topic lives (spec §2 /discussions/{id}; the notifications link there too). */
export const discussionUrl = (id: number) => `/discussions/${id}`;
export const FORUMS_URL = '/discussions/forums';
/** A forum's page, by its slug (unique in the organisation). */
export const forumUrl = (slug: string) => `${FORUMS_URL}/${encodeURIComponent(slug)}`;

export const MODE_LABEL: Record<TForumSubscriptionMode, string> = {
  optional: 'Optional',
  auto: 'Automatic',
  forced: 'Forced',
  off: 'Off',
};

/** One line per mode, shown under the mode picker and on the forum's page. */
export const MODE_HELP: Record<TForumSubscriptionMode, string> = {
  optional: 'Nobody is subscribed until they choose to be.',
  auto: 'Everyone is subscribed and may unsubscribe.',
  forced: 'Everyone is subscribed and cannot unsubscribe.',
  off: 'Nobody is told of new posts (followers of a thread still hear of its answers).',
};

/** Why a post in a forum can still be changed for a while (Moodle's edit window). */
export const FORUM_WINDOW_NOTE = `Subscribers are told of a new post ${FORUM_EDIT_WINDOW_MINUTES} minutes after it is posted; until then its author can still edit it.`;

export const KIND_LABEL: Record<TDiscussionKind, string> = {
  question: 'Question',
  idea: 'Idea',
  general: 'General',
};

export const SCOPE_LABEL: Record<TDiscussionScope, string> = {
  organisation: 'Organisation',
  course: 'Course',
  path: 'Learning path',
  class: 'Class',
};

/** The headings of the scope picker's groups. */
export const SCOPE_GROUP_LABEL: Record<TDiscussionScope, string> = {
  organisation: 'Organisation',
  course: 'Courses',
  path: 'Learning paths',
  class: 'Classes',
};

export const FILTER_LABEL: Record<(typeof DISCUSSION_FILTERS)[number], string> = {
  all: 'All',
  unanswered: 'Unanswered',
  mine: 'Started by me',
  following: 'Following',
};

export const ORDERING_LABEL: Record<(typeof DISCUSSION_ORDERINGS)[number], string> = {
  activity: 'Latest activity',
  newest: 'Newest',
  top: 'Most liked',
};

/** What a topic may carry, as the contract says (the server checks the content too). */
export const ATTACHMENT_RULE: FileRule = {
  allowed: DISCUSSION_FILE_TYPES,
  maxBytes: DISCUSSION_FILE_MAX_BYTES,
};

export const plural = (n: number, one: string, many = `${one}s`) =>
  `${n.toLocaleString()} ${n === 1 ? one : many}`;
