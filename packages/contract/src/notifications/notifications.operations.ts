import type { z } from 'zod';
import { ZIdParams } from '../core/ids.ts';
import { defineOperation } from '../core/operation.ts';
import { zPage } from '../core/pagination.ts';
import {
  ZCounters,
  ZMarkedAll,
  ZNotification,
  ZNotificationQuery,
  ZNotificationView,
  ZOrganisationDefaults,
  ZOrganisationDefaultsQuery,
  ZOrganisationDefaultsUpdate,
  ZPreferences,
  ZPreferencesUpdate,
  ZUnsubscribeBody,
  ZUnsubscribeQuery,
  ZUnsubscribeState,
} from './notifications.ts';

const tags = ['notifications'];
const errors = [400, 401, 403] as const;
const own = 'Signed in and approved; the caller’s own notifications only';

export const notificationsOps = {
  list: defineOperation({
    method: 'GET',
    path: '/api/notify/',
    query: ZNotificationQuery,
    response: zPage(ZNotification),
    errors,
    summary: 'The caller’s notifications, newest first, filtered by type and read state',
    access: own,
    tags,
  }),
  markAllViewed: defineOperation({
    method: 'PATCH',
    path: '/api/notify/',
    response: ZMarkedAll,
    errors,
    summary: 'Mark all the caller’s notifications viewed (spec §7)',
    access: own,
    tags,
  }),
  markViewed: defineOperation({
    method: 'PATCH',
    path: '/api/notify/:id/',
    params: ZIdParams,
    body: ZNotificationView,
    response: ZNotification,
    errors: [...errors, 404],
    summary: 'Mark one notification viewed (spec §7; another user’s is 404)',
    access: own,
    tags,
  }),
  counters: defineOperation({
    method: 'GET',
    path: '/api/notify/counters/',
    response: ZCounters,
    errors,
    summary: 'Unread notifications, pending requests the caller decides, unread messages',
    access: own,
    tags,
  }),
  preferences: defineOperation({
    method: 'GET',
    path: '/api/notify/preferences/',
    response: ZPreferences,
    errors,
    summary: 'The caller’s delivery choices per type and channel, with the organisation’s rules',
    access: own,
    tags,
  }),
  updatePreferences: defineOperation({
    method: 'PUT',
    path: '/api/notify/preferences/',
    body: ZPreferencesUpdate,
    response: ZPreferences,
    errors,
    summary: 'Change the caller’s delivery choices (optional channels only)',
    access: own,
    tags,
  }),
  organisationDefaults: defineOperation({
    method: 'GET',
    path: '/api/notify/organisation-defaults/',
    query: ZOrganisationDefaultsQuery,
    response: ZOrganisationDefaults,
    errors: [...errors, 404],
    summary: 'The organisation’s default frequency and forced/optional/disabled rule per type',
    access: 'Admins (their organisation) and superadmins (any, by `organisation`)',
    tags,
  }),
  updateOrganisationDefaults: defineOperation({
    method: 'PUT',
    path: '/api/notify/organisation-defaults/',
    query: ZOrganisationDefaultsQuery,
    body: ZOrganisationDefaultsUpdate,
    response: ZOrganisationDefaults,
    errors: [...errors, 404],
    summary: 'Set the organisation’s defaults and rules per type and channel',
    access: 'Admins (their organisation) and superadmins (any, by `organisation`)',
    tags,
  }),
  unsubscribeState: defineOperation({
    method: 'GET',
    path: '/api/notify/unsubscribe/',
    query: ZUnsubscribeQuery,
    response: ZUnsubscribeState,
    errors: [400, 404],
    summary: 'What an unsubscribe token stops (changes nothing: mail scanners follow links)',
    access: 'Anyone holding a valid signed token',
    tags,
  }),
  unsubscribe: defineOperation({
    method: 'POST',
    path: '/api/notify/unsubscribe/',
    query: ZUnsubscribeQuery,
    body: ZUnsubscribeBody,
    response: ZUnsubscribeState,
    errors: [400, 404, 409],
    summary: 'Turn e-mail off for the token’s user and type (RFC 8058 one-click)',
    access: 'Anyone holding a valid signed token',
    tags,
  }),
};

/** Realtime messages the server publishes on the caller's stream (`ctx.realtime`). */
export const NOTIFICATION_EVENTS = {
  created: 'notification.created',
  counters: 'counters',
} as const;
export const ZNotificationCreatedMessage = ZNotification;
/** Only the counts that changed: the web merges them into what it has. */
export const ZCountersMessage = ZCounters.partial();
export type TNotificationCreatedMessage = z.infer<typeof ZNotificationCreatedMessage>;
