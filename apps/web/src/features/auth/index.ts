/* The public surface of this feature: app/ and other features import nothing else (biome.json). */

export { authApi, sessionKeys } from './api/auth.api.ts';
/** The frame of the public screens, for other features' public pages (the unsubscribe page). */
export { AuthLayout } from './components/auth-layout.tsx';
export { endSsoSession } from './sso/sso-client.ts';

/** Route pages, each imported on its first visit (app/routes.tsx wraps them in lazyPage). */
export const authPages = {
  signIn: () => import('./pages/sign-in.page.tsx'),
  superAdminSignIn: () => import('./pages/super-admin-sign-in.page.tsx'),
  signUp: () => import('./pages/sign-up.page.tsx'),
  verifyEmail: () => import('./pages/verify-email.page.tsx'),
  passwordRecover: () => import('./pages/password-recover.page.tsx'),
  passwordResetRequest: () => import('./pages/password-reset-request.page.tsx'),
  passwordResetOtp: () => import('./pages/password-reset-otp.page.tsx'),
  passwordResetConfirm: () => import('./pages/password-reset-confirm.page.tsx'),
  ssoCallback: () => import('./pages/sso-callback.page.tsx'),
};
