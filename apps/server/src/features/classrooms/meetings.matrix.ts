import { ADMINS, AUTHORS, SIGNED_IN } from '../../core/auth/matrix-rows.ts';
import type { MatrixRow } from '../../core/module.ts';

/**
 * Settings: admins; creating meetings: admins and trainers (which session is the policy's);
 * the token request and the end page: anyone signed in (the handlers admit participants).
 */
export const meetingsMatrix: Record<string, MatrixRow> = {
  'GET /api/classrooms/meeting-settings/': ADMINS,
  'PUT /api/classrooms/meeting-settings/': ADMINS,
  'POST /api/meeting/create': AUTHORS,
  'POST /api/meeting/create_classroom': AUTHORS,
  'POST /api/meeting/token/': SIGNED_IN,
  'GET /api/meeting/end/:uuid/': SIGNED_IN,
};
