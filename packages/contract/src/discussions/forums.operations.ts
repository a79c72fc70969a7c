import { defineOperation } from '../core/operation.ts';
import { ZDiscussionPage, ZDiscussionQuery } from './discussions.ts';
import {
  ZForum,
  ZForumCreate,
  ZForumPage,
  ZForumQuery,
  ZForumSlugParams,
  ZForumSubscription,
  ZForumSubscriptionResult,
  ZForumUpdate,
} from './forums.ts';

const tags = ['forums'];
const errors = [400, 401, 403] as const;
const menu = 'Signed in with the /discussions menu permission';
const readers = `${menu}, who may read the forum: any member (organisation), the course's learners and managers; others 404`;
const managers = "Admins of the organisation; for a course forum also the course's managers";

/** Spec §7 Forum: /api/forum/, /api/forum/{slug}/, GET /api/thread/ with params. */
export const forumOps = {
  list: defineOperation({
    method: 'GET',
    path: '/api/forum/',
    query: ZForumQuery,
    response: ZForumPage,
    errors,
    summary: 'Forums the caller may read (the organisation’s and their courses’), by name',
    access: menu,
    tags,
  }),
  create: defineOperation({
    method: 'POST',
    path: '/api/forum/',
    body: ZForumCreate,
    response: ZForum,
    status: 201,
    errors: [...errors, 404, 409],
    summary: 'Create a forum in the organisation or a course (a taken slug is 409)',
    access: managers,
    tags,
  }),
  detail: defineOperation({
    method: 'GET',
    path: '/api/forum/:slug/',
    params: ZForumSlugParams,
    response: ZForum,
    errors: [...errors, 404],
    summary: 'A forum with the caller’s subscription and what they may do',
    access: readers,
    tags,
  }),
  update: defineOperation({
    method: 'PATCH',
    path: '/api/forum/:slug/',
    params: ZForumSlugParams,
    body: ZForumUpdate,
    response: ZForum,
    errors: [...errors, 404, 409],
    summary: 'Rename a forum, change its slug, description or subscription mode',
    access: managers,
    tags,
  }),
  remove: defineOperation({
    method: 'DELETE',
    path: '/api/forum/:slug/',
    params: ZForumSlugParams,
    response: null,
    errors: [...errors, 404],
    summary: 'Delete a forum with its threads and their answers',
    access: managers,
    tags,
  }),
  subscribe: defineOperation({
    method: 'POST',
    path: '/api/forum/:slug/subscription/',
    params: ZForumSlugParams,
    body: ZForumSubscription,
    response: ZForumSubscriptionResult,
    errors: [...errors, 404, 409],
    summary: 'Subscribe to a forum’s new posts or leave it (409 when its mode is forced or off)',
    access: readers,
    tags,
  }),
  threads: defineOperation({
    method: 'GET',
    path: '/api/thread/',
    query: ZDiscussionQuery,
    response: ZDiscussionPage,
    errors: [...errors, 404],
    summary:
      'Threads (discussions in forums) the caller may read; `forum` names one forum (404 when it cannot be read), with the discussions list’s filters',
    access: menu,
    tags,
  }),
};
