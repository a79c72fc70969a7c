import { ADMINS, AUTHORS, PUBLIC, SIGNED_IN } from '../../core/auth/matrix-rows.ts';
import type { MatrixRow } from '../../core/module.ts';

/**
 * Tools are the organisation's admins' (another organisation's admin gets 404 from the service).
 * Launching is anyone's who sees the course; adding a tool's content is the course authors'. The
 * platform documents are public; the browser-facing endpoints and the tool's service calls are
 * public at the access layer and prove the caller in the handler (one-use launch id, a JWT the
 * tool signed, a Bearer token from the token endpoint): without one they answer 400/401.
 */
/** The tool's service calls: a person's token is no Bearer access token (401 for everyone). */
const TOOL: MatrixRow = {
  anonymous: 401,
  superadmin: 401,
  admin: 401,
  trainer: 401,
  learner: 401,
};

export const ltiMatrix: Record<string, MatrixRow> = {
  'GET /api/lti/tools/': ADMINS,
  'POST /api/lti/tools/': ADMINS,
  'PATCH /api/lti/tools/:id/': ADMINS,
  'DELETE /api/lti/tools/:id/': ADMINS,
  'GET /api/lti/platform/': ADMINS,
  'GET /api/lti/deep-linking/tools/': AUTHORS,
  'POST /api/lti/deep-linking/': AUTHORS,
  'POST /api/lti/launches/': SIGNED_IN,
  'POST /api/lti/deep-linking/return/': PUBLIC,
  'GET /api/lti/authorize/': PUBLIC,
  'GET /api/lti/autopost.js': PUBLIC,
  'GET /api/lti/jwks/': PUBLIC,
  'GET /api/lti/openid-configuration/': PUBLIC,
  'POST /api/lti/token/': PUBLIC,
  'GET /api/lti/line-items/': TOOL,
  'POST /api/lti/line-items/': TOOL,
  'GET /api/lti/line-item/': TOOL,
  'POST /api/lti/line-item/scores/': TOOL,
  'GET /api/lti/memberships/': TOOL,
};
