import { ZIdParams } from '../core/ids.ts';
import { defineOperation } from '../core/operation.ts';
import {
  ZAcknowledgementPage,
  ZAcknowledgementQuery,
  ZAnnouncement,
  ZAnnouncementInput,
  ZAnnouncementPage,
  ZAnnouncementQuery,
  ZAnnouncementUnread,
  ZAnnouncementUpdate,
} from './announcements.ts';

const tags = ['announcements'];
const errors = [400, 401, 403] as const;
const menu = 'Signed in with the /announcements menu permission';
const authors = `${menu}: admins of the organisation and trainers (superadmin: theirs too)`;
const managers =
  'Admins of the organisation, and the trainer who wrote it (superadmin: any); others 404 or 403';

/** Spec §7 Announcements (/api/announcements/). */
export const announcementOps = {
  list: defineOperation({
    method: 'GET',
    path: '/api/announcements/',
    query: ZAnnouncementQuery,
    response: ZAnnouncementPage,
    errors,
    summary:
      'inbox: what the caller may read now, pinned then unread then newest; manage: what they may change',
    access: menu,
    tags,
  }),
  unread: defineOperation({
    method: 'GET',
    path: '/api/announcements/unread/',
    response: ZAnnouncementUnread,
    errors,
    summary: 'How many announcements the caller has not read, and not yet acknowledged',
    access: menu,
    tags,
  }),
  create: defineOperation({
    method: 'POST',
    path: '/api/announcements/',
    body: ZAnnouncementInput,
    response: ZAnnouncement,
    status: 201,
    errors: [...errors, 404],
    summary:
      'Send an announcement now or at publish_at, to the organisation or an audience (its course or class must be the organisation’s: 400)',
    access: authors,
    tags,
  }),
  detail: defineOperation({
    method: 'GET',
    path: '/api/announcements/:id/',
    params: ZIdParams,
    response: ZAnnouncement,
    errors: [...errors, 404],
    summary: 'One announcement; reading it marks it read for the caller',
    access: `${menu}; readers in its audience once it is out, and its managers`,
    tags,
  }),
  update: defineOperation({
    method: 'PATCH',
    path: '/api/announcements/:id/',
    params: ZIdParams,
    body: ZAnnouncementUpdate,
    response: ZAnnouncement,
    errors: [...errors, 404, 409],
    summary: 'Change it; once out, its audience and publish time are fixed (409)',
    access: managers,
    tags,
  }),
  remove: defineOperation({
    method: 'DELETE',
    path: '/api/announcements/:id/',
    params: ZIdParams,
    response: null,
    errors: [...errors, 404],
    summary:
      'Delete it (audited); it leaves every reader’s list and its notifications lead nowhere',
    access: managers,
    tags,
  }),
  acknowledge: defineOperation({
    method: 'POST',
    path: '/api/announcements/:id/acknowledge/',
    params: ZIdParams,
    response: ZAnnouncement,
    errors: [...errors, 404, 409],
    summary: 'Acknowledge a must-acknowledge announcement (once; again: 409)',
    access: `${menu}; readers in its audience`,
    tags,
  }),
  acknowledgements: defineOperation({
    method: 'GET',
    path: '/api/announcements/:id/acknowledgements/',
    params: ZIdParams,
    query: ZAcknowledgementQuery,
    response: ZAcknowledgementPage,
    errors: [...errors, 404],
    summary:
      'The acknowledgement report: every member of the audience with when they read and acknowledged it',
    access: managers,
    tags,
  }),
  exportAcknowledgements: defineOperation({
    method: 'GET',
    path: '/api/announcements/:id/acknowledgements/export/',
    params: ZIdParams,
    response: 'binary',
    errors: [...errors, 404],
    summary: 'The acknowledgement report as CSV',
    access: managers,
    tags,
  }),
};
