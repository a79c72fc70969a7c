import { AUTHORS, PUBLIC, SIGNED_IN } from '../../core/auth/matrix-rows.ts';
import type { MatrixRow } from '../../core/module.ts';

/** Who may watch is the file repository's download rule, checked per file. */
export const videoMatrix: Record<string, MatrixRow> = {
  'GET /api/video/:id/': SIGNED_IN,
  'POST /api/video/:id/retry/': AUTHORS,
  'GET /api/video/:id/poster.jpg': SIGNED_IN,
  'GET /api/video/:id/hls/*': SIGNED_IN,
  // Share links: which course's managers is the service's rule (canShare).
  'GET /api/video/:id/shares/': AUTHORS,
  'POST /api/video/:id/shares/': AUTHORS,
  'POST /api/video/shares/:id/revoke/': AUTHORS,
  // The token is the capability; unknown, revoked, expired or unpublished is a 404.
  'GET /api/video/shared/:token/': PUBLIC,
  'GET /api/video/shared/:token/poster.jpg': PUBLIC,
  'GET /api/video/shared/:token/hls/*': PUBLIC,
};
