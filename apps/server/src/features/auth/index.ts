export { registerAuthRoutes } from './auth.routes.ts';
export { effectiveMenu, issueToken, revokeAllTokens, tokenAuthenticator } from './tokens.ts';
