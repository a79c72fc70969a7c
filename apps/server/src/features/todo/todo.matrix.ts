import { SIGNED_IN } from '../../core/auth/matrix-rows.ts';
import type { MatrixRow } from '../../core/module.ts';

/** Everyone signed in has a to-do list; its items are their own. */
export const todoMatrix: Record<string, MatrixRow> = {
  'GET /api/todo/': SIGNED_IN,
  'GET /api/todo/kinds/': SIGNED_IN,
};
