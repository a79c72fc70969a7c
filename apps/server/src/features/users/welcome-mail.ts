import { eq } from 'drizzle-orm';
import type { AppContext } from '../../core/context.ts';
import { welcomeMail } from '../auth/auth.mails.ts';
import { issueSetPasswordLink } from '../auth/password-reset.service.ts';
import { sendAfterCommit } from '../auth/sign-up.service.ts';
import { users } from './users.table.ts';

/** Mails a new user their user name and a link to choose a password. */
export async function sendWelcomeMail(ctx: AppContext, userId: number, organisationId: number) {
  const [user] = await ctx.db.select().from(users).where(eq(users.id, userId));
  if (!user) return;
  const { organisation, url } = await issueSetPasswordLink(ctx, userId, organisationId);
  await sendAfterCommit(ctx, welcomeMail(user.email, organisation.title, user.username, url));
}
