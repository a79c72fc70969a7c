import { AUTHORS, SIGNED_IN } from '../../core/auth/matrix-rows.ts';
import type { MatrixRow } from '../../core/module.ts';

/**
 * Every role has the /announcements menu by default. Reading, the unread count and acknowledging:
 * anyone signed in with it (which announcement: the audience). Writing, changing, deleting and
 * the acknowledgement report: admins and trainers (which announcement: its managers).
 */
export const announcementsMatrix: Record<string, MatrixRow> = {
  'GET /api/announcements/': SIGNED_IN,
  'GET /api/announcements/unread/': SIGNED_IN,
  'POST /api/announcements/': AUTHORS,
  'GET /api/announcements/:id/': SIGNED_IN,
  'PATCH /api/announcements/:id/': AUTHORS,
  'DELETE /api/announcements/:id/': AUTHORS,
  'POST /api/announcements/:id/acknowledge/': SIGNED_IN,
  'GET /api/announcements/:id/acknowledgements/': AUTHORS,
  'GET /api/announcements/:id/acknowledgements/export/': AUTHORS,
};
