import { APPROVAL, ROLE, type TSignupRequest } from '@atrium/contract';
import { and, eq } from 'drizzle-orm';
import { recordAudit } from '../../core/audit/audit-log.ts';
import type { AppContext } from '../../core/context.ts';
import { runInTransaction } from '../../core/db/transaction.ts';
import { AppError, badRequest, forbidden } from '../../core/errors/app-error.ts';
import { enqueue } from '../../core/jobs/queue.ts';
import { memberships, users } from '../../schema/users.table.ts';
import { openApprovalRequest } from '../approvals/index.ts';
import { resolveOrganisation } from '../organisations/index.ts';
import { createAccount } from './accounts.service.ts';
import { consumeOneTimeTokens, findLiveOneTimeToken } from './auth.repository.ts';
import { hashPassword } from './passwords.ts';
import type { RequestMeta } from './request-meta.ts';
import { decodeUid, hashSecret } from './secrets.ts';

const INVALID_LINK = 'The activation link is invalid or has expired.';
export const SIGN_UP_ACCEPTED =
  'Thank you. Unless the user name or e-mail address is already in use, your account is created: check your e-mail for the link that activates it.';

const isUniqueViolation = (err: unknown) => {
  const e = err as { code?: string; cause?: { code?: string } };
  return (e.code ?? e.cause?.code) === '23505';
};

/**
 * Sign-up creates an inactive, pending learner in the organisation of the
 * request's host and queues a verification mail. The payload cannot choose
 * role, approval or organisation: the schema refuses such fields. A taken
 * user name or e-mail gets the same answer as a new account (no install-wide
 * directory of addresses); the mail says what happened, to the address's
 * owner only. Both paths hash the password, so they take about as long.
 */
export async function signUp(ctx: AppContext, input: TSignupRequest, meta: RequestMeta) {
  const org = await resolveOrganisation(ctx.db, meta.host);
  if (!org?.allowSignup) throw forbidden('Sign-up is closed for this organisation.');
  const answer = { username: input.username, email: input.email, message: SIGN_UP_ACCEPTED };
  try {
    await runInTransaction(ctx.db, ctx.bus, async ({ tx }) => {
      const created = await createAccount(tx, {
        username: input.username,
        email: input.email,
        password: input.password,
        firstName: input.first_name,
        lastName: input.last_name,
        organisationId: org.id,
        roleId: ROLE.LEARNER,
        active: false,
        approved: false,
      });
      await enqueue(tx, 'mail.sign_up_verification', [
        { userId: created.id, organisationId: org.id },
      ]);
      await recordAudit(tx, {
        action: 'auth.sign_up',
        actorId: created.id,
        targetUserId: created.id,
        organisationId: org.id,
        ip: meta.ip,
      });
    });
  } catch (err) {
    const taken = (err instanceof AppError && err.statusCode === 409) || isUniqueViolation(err);
    if (!taken) throw err;
    // The new-account path spent this on hashing the password: keep the timing alike.
    await hashPassword(input.password);
    await enqueue(ctx.db, 'mail.sign_up_taken', [
      { username: input.username, email: input.email, organisationId: org.id },
    ]);
  }
  return answer;
}

/** The link of the verification mail: activates the account, once. */
export async function activate(ctx: AppContext, uid: string, token: string, meta: RequestMeta) {
  const userId = decodeUid(uid);
  if (!userId) throw badRequest(INVALID_LINK, undefined, [INVALID_LINK]);
  await runInTransaction(ctx.db, ctx.bus, async ({ tx, emit }) => {
    const live = await findLiveOneTimeToken(tx, userId, 'verify_email');
    if (!live || live.secretHash !== hashSecret(token)) {
      throw badRequest(INVALID_LINK, undefined, [INVALID_LINK]);
    }
    await consumeOneTimeTokens(tx, userId, ['verify_email']);
    await tx
      .update(users)
      .set({ isActive: true, updatedAt: new Date() })
      .where(eq(users.id, userId));
    await recordAudit(tx, {
      action: 'auth.email_verified',
      actorId: userId,
      targetUserId: userId,
      ip: meta.ip,
    });
    // A confirmed sign-up now waits for the organisation's approval (or is approved at once
    // where the organisation needs none): the approval flow's user_signup kind, which the users
    // slice declares.
    const [pending] = await tx
      .select({ user: users, organisationId: memberships.organisationId })
      .from(users)
      .innerJoin(memberships, eq(memberships.userId, users.id))
      .where(and(eq(users.id, userId), eq(users.approvalStatus, APPROVAL.PENDING)))
      .limit(1);
    if (pending) {
      const { user } = pending;
      const name = `${user.firstName} ${user.lastName}`.trim() || user.username;
      await openApprovalRequest(
        ctx,
        { tx, emit },
        {
          kind: 'user_signup',
          organisationId: pending.organisationId,
          subjectId: user.id,
          subjectTitle: `${name} (${user.email})`,
          subjectLink: `/profile_by_id/${user.id}`,
          ownerId: null,
          requesterId: user.id,
        },
      );
    }
  });
}

/**
 * Mail is sent once the data is committed. A mail server failure is logged,
 * not shown: the account exists and a new link can be requested.
 */
export async function sendAfterCommit(
  ctx: AppContext,
  message: Parameters<AppContext['mailer']['send']>[0],
) {
  try {
    await ctx.mailer.send(message);
  } catch (err) {
    ctx.log.error({ err, to: message.to, subject: message.subject }, 'mail could not be sent');
  }
}
