import { SIGNED_IN } from '../../core/auth/matrix-rows.ts';
import type { MatrixRow } from '../../core/module.ts';

/**
 * Every signed-in user reaches the profile routes; whose profile may be read or edited is the
 * object-level rule of this slice (own, or as admin).
 */
export const profilesMatrix: Record<string, MatrixRow> = {
  'GET /api/v1/accounts/user-profile-details/:id/': SIGNED_IN,
  'PATCH /api/v1/accounts/:id/': SIGNED_IN,
  'GET /api/v1/accounts/profile_image/:id/': SIGNED_IN,
  'PATCH /api/v1/accounts/profile_image/:id/': SIGNED_IN,
  'POST /api/v1/accounts/education/': SIGNED_IN,
  'PATCH /api/v1/accounts/education/:id/': SIGNED_IN,
  'DELETE /api/v1/accounts/education/:id/': SIGNED_IN,
  'POST /api/v1/accounts/bulk-edu-create/': SIGNED_IN,
  'POST /api/v1/accounts/professional-info/': SIGNED_IN,
  'PATCH /api/v1/accounts/professional-info/:id/': SIGNED_IN,
  'POST /api/v1/accounts/location/': SIGNED_IN,
  'PATCH /api/v1/accounts/location/:id/': SIGNED_IN,
  'POST /api/v1/accounts/additional-info/': SIGNED_IN,
  'PATCH /api/v1/accounts/additional-info/:id/': SIGNED_IN,
  'POST /api/v1/accounts/social-media/': SIGNED_IN,
  'PATCH /api/v1/accounts/social-media/:id/': SIGNED_IN,
  'GET /api/v1/accounts/get_gender/': SIGNED_IN,
  'GET /api/v1/languages/': SIGNED_IN,
  'GET /api/v1/skills/': SIGNED_IN,
};
