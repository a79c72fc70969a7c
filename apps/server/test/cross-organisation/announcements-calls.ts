import type { Body, IdCall } from './calls.ts';

/**
 * Announcements in the cross-organisation test (see calls.ts): one of acme's, out now to the
 * whole organisation and asking to be acknowledged (made through the API by acme's admin).
 */
export interface AnnouncementObjects {
  announcement: number;
}

type Json = (
  token: string,
  method: 'POST' | 'PATCH' | 'PUT',
  url: string,
  payload: Body,
) => Promise<{ id: number } & Record<string, unknown>>;

export async function makeAnnouncementObjects(
  json: Json,
  admin: string,
): Promise<AnnouncementObjects> {
  const announcement = await json(admin, 'POST', '/api/announcements/', {
    title: 'Office closed on Friday',
    body: '<p>The office is closed on Friday.</p>',
    must_acknowledge: true,
  });
  return { announcement: announcement.id };
}

export const ANNOUNCEMENT_CALLS: Record<string, IdCall> = {
  'GET /api/announcements/:id/': { params: (f) => ({ id: f.announcement }) },
  'PATCH /api/announcements/:id/': {
    params: (f) => ({ id: f.announcement }),
    body: () => ({ title: 'Planted' }),
  },
  'DELETE /api/announcements/:id/': { params: (f) => ({ id: f.announcement }) },
  // The control: acme's admin is in the audience (the whole organisation) and acknowledges.
  'POST /api/announcements/:id/acknowledge/': { params: (f) => ({ id: f.announcement }) },
  'GET /api/announcements/:id/acknowledgements/': { params: (f) => ({ id: f.announcement }) },
  'GET /api/announcements/:id/acknowledgements/export/': {
    params: (f) => ({ id: f.announcement }),
  },
};
