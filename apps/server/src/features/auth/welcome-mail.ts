import { eq } from 'drizzle-orm';
import type { AppContext } from '../../core/context.ts';
import { defineJob } from '../../core/module.ts';
import { users } from '../../schema/users.table.ts';
import { welcomeMail } from './auth.mails.ts';
import { issueSetPasswordLink } from './password-reset.service.ts';
import { sendAfterCommit } from './sign-up.service.ts';

declare module '../../core/jobs/queue.ts' {
  interface JobTypes {
    /** Queued by user imports: one welcome mail per imported account. */
    'mail.welcome': { userId: number; organisationId: number };
  }
}

/** Mails a new user their user name and a link to choose a password. */
export async function sendWelcomeMail(ctx: AppContext, userId: number, organisationId: number) {
  const [user] = await ctx.db.select().from(users).where(eq(users.id, userId));
  if (!user) return;
  const { organisation, url } = await issueSetPasswordLink(ctx, userId, organisationId);
  await sendAfterCommit(ctx, welcomeMail(user.email, organisation.title, user.username, url));
}

export const welcomeMailJob = defineJob({
  type: 'mail.welcome',
  handle: (ctx, { userId, organisationId }) => sendWelcomeMail(ctx, userId, organisationId),
});
