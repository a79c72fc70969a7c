import { ADMINS, AUTHORS, SIGNED_IN } from '../../core/auth/matrix-rows.ts';
import type { MatrixRow } from '../../core/module.ts';

/**
 * The device's calls pass any signed-in caller (the handler admits the attempt's own learner
 * only); the proctors' views, evidence, decisions and settings are staff's (learners 403).
 */
export const proctoringMatrix: Record<string, MatrixRow> = {
  'GET /api/assessment/proctor/settings/': AUTHORS,
  'PUT /api/assessment/proctor/settings/': AUTHORS,
  'GET /api/proctor/consent/:uuid/': SIGNED_IN,
  'POST /api/proctor/proctoring_login/': SIGNED_IN,
  'POST /api/proctor/heartbeat/': SIGNED_IN,
  'POST /api/proctor/message/read/': SIGNED_IN,
  'POST /api/proctor/upload_frame/': SIGNED_IN,
  'POST /api/proctor/update_file_repo/': SIGNED_IN,
  'POST /api/proctor/thumbnail/': SIGNED_IN,
  'POST /api/proctor/identity/': SIGNED_IN,
  'GET /api/assessment/proctor/': AUTHORS,
  'GET /api/assessment/proctor/detail/': AUTHORS,
  'GET /api/proctor/evidence/:id/': AUTHORS,
  'GET /api/proctor/evidence/thumbnail/:session/': AUTHORS,
  'PATCH /api/proctor/flag/:id/': AUTHORS,
  'POST /api/proctor/decision/': AUTHORS,
  'POST /api/proctor/message/': AUTHORS,
  'GET /api/proctor/result/:attempt/': SIGNED_IN,
  'GET /api/proctor/false-flags/': AUTHORS,
  'GET /api/proctor/false-flags/organisation/': ADMINS,
};
