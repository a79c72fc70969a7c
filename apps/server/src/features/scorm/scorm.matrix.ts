import { AUTHORS, SIGNED_IN } from '../../core/auth/matrix-rows.ts';
import type { MatrixRow } from '../../core/module.ts';

/**
 * Package, content and run-time follow the file repository's download rule and enrolment per
 * call; the course report is for managers.
 */
export const scormMatrix: Record<string, MatrixRow> = {
  'GET /api/scorm/files/:fileId/package/': SIGNED_IN,
  'GET /api/scorm/module-files/:id/runtime/': SIGNED_IN,
  // Public at the access layer so the terminate commit may come as a beacon (no CSRF header);
  // the route itself requires a caller and same-origin proof.
  'POST /api/scorm/module-files/:id/runtime/': SIGNED_IN,
  'POST /api/scorm/module-files/:id/attempts/': SIGNED_IN,
  'GET /api/scorm/report/': AUTHORS,
  'GET /api/scorm/track/': SIGNED_IN,
};
