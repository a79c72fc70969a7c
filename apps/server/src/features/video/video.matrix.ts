import { AUTHORS, SIGNED_IN } from '../../core/auth/matrix-rows.ts';
import type { MatrixRow } from '../../core/module.ts';

/** Who may watch is the file repository's download rule, checked per file. */
export const videoMatrix: Record<string, MatrixRow> = {
  'GET /api/video/:id/': SIGNED_IN,
  'POST /api/video/:id/retry/': AUTHORS,
  'GET /api/video/:id/poster.jpg': SIGNED_IN,
  'GET /api/video/:id/hls/*': SIGNED_IN,
};
