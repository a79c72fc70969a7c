import type { Body, IdCall } from './calls.ts';

/**
 * The calendar in the cross-organisation test (see calls.ts): acme's admin's private feed URL.
 * Its one path parameter is a secret token, not an id: whoever holds the URL reads that feed
 * (calendar apps send no sign-in), so it is a shared read (SHARED_READS) and what it shows is
 * acme's admin's own calendar whoever asks.
 */
export interface CalendarObjects {
  /** The token of acme's admin's feed URL (without `.ics`). */
  calendarFeedToken: string;
}

type Json = (
  token: string,
  method: 'POST' | 'PATCH' | 'PUT',
  url: string,
  payload: Body,
) => Promise<{ id: number } & Record<string, unknown>>;

export async function makeCalendarObjects(json: Json, admin: string): Promise<CalendarObjects> {
  const made = await json(admin, 'POST', '/api/calendar/feed-token/', {});
  const url = String(made.url);
  return { calendarFeedToken: url.slice(url.lastIndexOf('/') + 1).replace(/\.ics$/, '') };
}

export const CALENDAR_CALLS: Record<string, IdCall> = {
  'GET /api/calendar/feed/:token': { params: (f) => ({ token: `${f.calendarFeedToken}.ics` }) },
};
