import { ADMINS, AUTHORS, SIGNED_IN } from '../../core/auth/matrix-rows.ts';
import type { MatrixRow } from '../../core/module.ts';

/**
 * /competency is in everyone's menu by default (a learner's own profile is there), so every
 * member reads frameworks, thresholds and links (an organisation that takes the entry away from
 * a role gets 403 for it); admins write; admins and trainers record evidence. Whose profile is
 * the policy's.
 */
const MEMBERS: MatrixRow = SIGNED_IN;

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
