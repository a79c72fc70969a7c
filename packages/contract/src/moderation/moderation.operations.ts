import { ZIdParams } from '../core/ids.ts';
import { defineOperation } from '../core/operation.ts';
import {
  ZBannedWord,
  ZBannedWordCreate,
  ZBannedWordList,
  ZModerationActionInput,
  ZModerationItem,
  ZModerationItemDetail,
  ZModerationQueuePage,
  ZModerationQueueQuery,
  ZReportCreate,
  ZReportCreated,
} from './moderation.ts';

const tags = ['moderation'];
const errors = [400, 401, 403] as const;
const admins = 'Admins of the organisation (superadmin: the organisation they signed in to)';

/** Issue 20, part 6: reports, the moderation queue and the banned words. */
export const moderationOps = {
  report: defineOperation({
    method: 'POST',
    path: '/api/moderation/reports/',
    body: ZReportCreate,
    response: ZReportCreated,
    status: 201,
    errors: [...errors, 404, 409, 429],
    summary:
      'Report a post, an answer or a comment the caller can see (not their own); once per person',
    access: 'Signed in, a member of the organisation who can see the item (else 404)',
    tags,
  }),
  queue: defineOperation({
    method: 'GET',
    path: '/api/moderation/queue/',
    query: ZModerationQueueQuery,
    response: ZModerationQueuePage,
    errors,
    summary: "The organisation's open or resolved moderation items, newest first",
    access: admins,
    tags,
  }),
  item: defineOperation({
    method: 'GET',
    path: '/api/moderation/queue/:id/',
    params: ZIdParams,
    response: ZModerationItemDetail,
    errors: [...errors, 404],
    summary: 'One item with its reports and the content as it stands',
    access: admins,
    tags,
  }),
  act: defineOperation({
    method: 'POST',
    path: '/api/moderation/queue/:id/action/',
    params: ZIdParams,
    body: ZModerationActionInput,
    response: ZModerationItem,
    errors: [...errors, 404, 409],
    summary: 'Hide, restore (release a held item), delete or dismiss; resolves the item',
    access: admins,
    tags,
  }),
  bannedWords: defineOperation({
    method: 'GET',
    path: '/api/moderation/banned-words/',
    response: ZBannedWordList,
    errors,
    summary: "The organisation's banned words and phrases",
    access: admins,
    tags,
  }),
  addBannedWord: defineOperation({
    method: 'POST',
    path: '/api/moderation/banned-words/',
    body: ZBannedWordCreate,
    response: ZBannedWord,
    status: 201,
    errors: [...errors, 409],
    summary: 'Add a banned word or phrase (whole words, any case or accent)',
    access: admins,
    tags,
  }),
  removeBannedWord: defineOperation({
    method: 'DELETE',
    path: '/api/moderation/banned-words/:id/',
    params: ZIdParams,
    response: null,
    errors: [...errors, 404],
    summary: 'Remove a banned word or phrase',
    access: admins,
    tags,
  }),
};
