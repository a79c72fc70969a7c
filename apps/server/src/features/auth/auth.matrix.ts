import { PUBLIC, SIGNED_IN } from '../../core/auth/matrix-rows.ts';
import type { MatrixRow } from '../../core/module.ts';

export const authMatrix: Record<string, MatrixRow> = {
  'POST /api/v1/auth/token/login/': PUBLIC,
  'GET /auth/logout/': SIGNED_IN,
  'POST /auth/logout/': SIGNED_IN,
  'GET /api/v1/me/': SIGNED_IN,
  'POST /api/auth/users/': PUBLIC,
  'POST /api/auth/users/activation/': PUBLIC,
  'POST /api/auth/users/custom_reset_password/': PUBLIC,
  'POST /api/auth/users/reset_password_confirm/': PUBLIC,
  // Public, but without an identity-provider token the handler itself answers 401.
  'GET /api/sso-verify-token/': {
    anonymous: 401,
    superadmin: 401,
    admin: 401,
    trainer: 401,
    learner: 401,
  },
};
