import { defineOperation } from '../core/operation.ts';
import {
  ZCalendarCounts,
  ZCalendarCountsQuery,
  ZCalendarFeedParams,
  ZCalendarFeedQuery,
  ZCalendarFeedTokenState,
  ZCalendarFeedUrl,
  ZCalendarItems,
  ZCalendarItemsQuery,
  ZCalendarKinds,
} from './calendar.ts';

const tags = ['calendar'];
const errors = [400, 401, 403] as const;
const members = 'Signed in with the /calendar menu permission; the items are the caller’s own';

/** Spec §2 /calendar (perm): one calendar of every slice's dated items, and its iCal feed. */
export const calendarOps = {
  kinds: defineOperation({
    method: 'GET',
    path: '/api/calendar/kinds/',
    response: ZCalendarKinds,
    errors,
    summary: 'The kinds of items the calendar shows, with their labels (its filters)',
    access: members,
    tags,
  }),
  items: defineOperation({
    method: 'GET',
    path: '/api/calendar/',
    query: ZCalendarItemsQuery,
    response: ZCalendarItems,
    errors,
    summary:
      'The caller’s items between from and to (at most 92 days), sorted by start; kinds filters',
    access: members,
    tags,
  }),
  counts: defineOperation({
    method: 'GET',
    path: '/api/calendar/counts/',
    query: ZCalendarCountsQuery,
    response: ZCalendarCounts,
    errors,
    summary: 'How many items the caller has between from and to, per kind and per day',
    access: members,
    tags,
  }),
  feedToken: defineOperation({
    method: 'GET',
    path: '/api/calendar/feed-token/',
    response: ZCalendarFeedTokenState,
    errors,
    summary: 'Whether the caller has a private feed URL, and since when',
    access: members,
    tags,
  }),
  createFeedToken: defineOperation({
    method: 'POST',
    path: '/api/calendar/feed-token/',
    response: ZCalendarFeedUrl,
    status: 201,
    errors,
    summary: 'A new private iCal feed URL (shown once); the previous one stops working',
    access: members,
    tags,
  }),
  revokeFeedToken: defineOperation({
    method: 'DELETE',
    path: '/api/calendar/feed-token/',
    response: null,
    errors,
    summary: 'Revoke the caller’s private feed URL: it answers 404 from now on',
    access: members,
    tags,
  }),
  feed: defineOperation({
    method: 'GET',
    path: '/api/calendar/feed/:token',
    params: ZCalendarFeedParams,
    query: ZCalendarFeedQuery,
    response: 'binary',
    errors: [400, 404, 429, 503],
    summary:
      'The private iCalendar feed (text/calendar, 30 days back to 365 ahead) of the token’s user; `.ics` may end the path; 503 while a slice cannot answer',
    access: 'Public: the secret token in the URL is the credential (calendar apps send no sign-in)',
    tags,
  }),
};
