import { PUBLIC, SIGNED_IN } from '../../core/auth/matrix-rows.ts';
import type { MatrixRow } from '../../core/module.ts';

/**
 * Every role has the /calendar menu by default, and what the calendar shows is the caller's own:
 * the reads and the feed token are everyone's signed in. The feed is public: its secret token is
 * the credential (a revoked or unknown one is a 404 from the handler).
 */
export const calendarMatrix: Record<string, MatrixRow> = {
  'GET /api/calendar/kinds/': SIGNED_IN,
  'GET /api/calendar/': SIGNED_IN,
  'GET /api/calendar/counts/': SIGNED_IN,
  'GET /api/calendar/feed-token/': SIGNED_IN,
  'POST /api/calendar/feed-token/': SIGNED_IN,
  'DELETE /api/calendar/feed-token/': SIGNED_IN,
  'GET /api/calendar/feed/:token': PUBLIC,
};
