import type { AppModule } from '../../core/module.ts';
import { authMatrix } from './auth.matrix.ts';
import { registerAuthRoutes } from './auth.routes.ts';
import { authMailJobs } from './auth-mail-jobs.ts';
import { welcomeMailJob } from './welcome-mail.ts';
import './auth.events.ts';

/** Accounts and sessions: sign-in, sign-up, SSO, password reset, tokens, the mails they send. */
export const authModule: AppModule = {
  name: 'auth',
  routes: registerAuthRoutes,
  matrix: authMatrix,
  jobs: [...authMailJobs, welcomeMailJob],
};

export type { User } from './accounts.repository.ts';
export { findUserByUsernameOrEmail, insertMembership, insertUser } from './accounts.repository.ts';
export { type CreateAccountInput, createAccount } from './accounts.service.ts';
export { hashPassword, passwordProblems, verifyPassword } from './passwords.ts';
export { hashSecret, newSecret } from './secrets.ts';
export {
  effectiveMenu,
  issueToken,
  liveTokens,
  revokeAllTokens,
  tokenAuthenticator,
} from './tokens.ts';
export { sendWelcomeMail } from './welcome-mail.ts';
