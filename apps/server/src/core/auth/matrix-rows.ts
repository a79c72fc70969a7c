import type { MatrixRow } from '../module.ts';

/**
 * The usual rows of the authorization matrix, shared by the slices' `<slice>.matrix.ts`. 'ok'
 * means the access check lets the caller through (the handler may still refuse the object).
 */
export const PUBLIC: MatrixRow = {
  anonymous: 'ok',
  superadmin: 'ok',
  admin: 'ok',
  trainer: 'ok',
  learner: 'ok',
};
export const SIGNED_IN: MatrixRow = {
  anonymous: 401,
  superadmin: 'ok',
  admin: 'ok',
  trainer: 'ok',
  learner: 'ok',
};
export const ADMINS: MatrixRow = {
  anonymous: 401,
  superadmin: 'ok',
  admin: 'ok',
  trainer: 403,
  learner: 403,
};
/** Admins and trainers: the course authors and managers (which course is the slice's rule). */
export const AUTHORS: MatrixRow = { ...ADMINS, trainer: 'ok' };
export const SUPERADMIN: MatrixRow = {
  anonymous: 401,
  superadmin: 'ok',
  admin: 403,
  trainer: 403,
  learner: 403,
};
