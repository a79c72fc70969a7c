import { ADMINS, SIGNED_IN } from '../../core/auth/matrix-rows.ts';
import type { MatrixRow } from '../../core/module.ts';

/**
 * CPD: everyone with /cpd (every role by default) reads their ledger and adds external CPD;
 * admins set the scheme and categories. Whose ledger is the slice's rule (404 for others').
 */
export const cpdMatrix: Record<string, MatrixRow> = {
  'GET /api/cpd/scheme/': SIGNED_IN,
  'PUT /api/cpd/scheme/': ADMINS,
  'GET /api/cpd/categories/': SIGNED_IN,
  'POST /api/cpd/categories/': ADMINS,
  'PATCH /api/cpd/categories/:id/': ADMINS,
  'DELETE /api/cpd/categories/:id/': ADMINS,
  'GET /api/cpd/summary/': SIGNED_IN,
  'GET /api/cpd/entries/': SIGNED_IN,
  'POST /api/cpd/entries/': SIGNED_IN,
  'DELETE /api/cpd/entries/:id/': SIGNED_IN,
  'GET /api/cpd/entries/:id/evidence/': SIGNED_IN,
  'GET /api/cpd/export/': SIGNED_IN,
};
