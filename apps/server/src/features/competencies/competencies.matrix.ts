import { ADMINS, AUTHORS, SIGNED_IN } from '../../core/auth/matrix-rows.ts';
import type { MatrixRow } from '../../core/module.ts';

/**
 * /competency is a staff menu entry by default (permissions' catalogue): learners without it get
 * 403 on its routes; admins write; admins and trainers record evidence. One's own profile needs
 * only a session (whose profile is the policy's).
 */
const MEMBERS: MatrixRow = { ...SIGNED_IN, learner: 403 };

export const competenciesMatrix: Record<string, MatrixRow> = {
  'GET /api/competency_framework/': MEMBERS,
  'POST /api/competency_framework/': ADMINS,
  'POST /api/competency_framework/import_case/': ADMINS,
  'GET /api/competency_framework/:id/': MEMBERS,
  'PATCH /api/competency_framework/:id/': ADMINS,
  'DELETE /api/competency_framework/:id/': ADMINS,
  'POST /api/competency_framework/:id/import_csv/': ADMINS,
  'POST /api/competency/': ADMINS,
  'PATCH /api/competency/:id/': ADMINS,
  'DELETE /api/competency/:id/': ADMINS,
  'GET /api/competency/profile/': SIGNED_IN,
  'POST /api/competency/evidence/': AUTHORS,
  'GET /api/competency/gaps/': ADMINS,
  'GET /api/threshold/': MEMBERS,
  'POST /api/threshold/': ADMINS,
  'PATCH /api/threshold/:id/': ADMINS,
  'DELETE /api/threshold/:id/': ADMINS,
  'GET /api/competency_course/': MEMBERS,
  'POST /api/competency_course/': ADMINS,
  'PATCH /api/competency_course/:id/': ADMINS,
  'DELETE /api/competency_course/:id/': ADMINS,
};
