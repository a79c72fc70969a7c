import { ADMINS, AUTHORS } from '../../core/auth/matrix-rows.ts';
import type { MatrixRow } from '../../core/module.ts';

/**
 * The builder's authorization matrix rows (wired in index.ts; it has no jobs): the Reports
 * screen's rule (staff pass, learners 403); sections, scope and sharing are the handlers'.
 */
export const builderMatrix: Record<string, MatrixRow> = {
  'GET /api/report/builder/sources/': AUTHORS,
  'POST /api/report/builder/run/': AUTHORS,
  'GET /api/report/saved/': AUTHORS,
  'POST /api/report/saved/': AUTHORS,
  'GET /api/report/saved/:id/': AUTHORS,
  'PATCH /api/report/saved/:id/': AUTHORS,
  'DELETE /api/report/saved/:id/': AUTHORS,
  'GET /api/report/saved/:id/run/': AUTHORS,
  'GET /api/report/sections/:id/': ADMINS,
  'PUT /api/report/sections/:id/': ADMINS,
};
