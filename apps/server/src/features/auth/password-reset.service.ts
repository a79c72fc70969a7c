import type { TResetConfirm } from '@atrium/contract';
import { eq } from 'drizzle-orm';
import { recordAudit } from '../../core/audit/audit-log.ts';
import type { AppContext } from '../../core/context.ts';
import { runInTransaction } from '../../core/db/transaction.ts';
import { AppError, badRequest } from '../../core/errors/app-error.ts';
import { enqueue } from '../../core/jobs/queue.ts';
import { SESSION_REVOKED } from '../../core/realtime/realtime.ts';
import { organisations } from '../../schema/organisations.table.ts';
import { users } from '../../schema/users.table.ts';
import { resolveOrganisation } from '../organisations/index.ts';
import {
  consumeOneTimeTokens,
  countFailedAttempt,
  createOneTimeToken,
  findLiveOneTimeToken,
  findSignInCandidate,
  recipientStanding,
} from './auth.repository.ts';
import { mailLinkBase } from './auth-mail-jobs.ts';
import { hashPassword, passwordProblems } from './passwords.ts';
import type { RequestMeta } from './request-meta.ts';
import { decodeUid, encodeUid, hashOtp, hashSecret, newSecret } from './secrets.ts';
import { assertNotLocked, normaliseIdentifier, recordFailure } from './throttle.ts';
import { revokeAllTokens } from './tokens.ts';

export const OTP_MAX_ATTEMPTS = 5;
export const RESET_REQUESTED =
  'If an account matches, we have sent a reset link and a code to its e-mail address.';
const INVALID_LINK = 'The reset link is invalid or has expired.';
const INVALID_CODE = 'The code is invalid or has expired.';

/**
 * Queues a reset link and one-time code for the account, if it belongs to the
 * organisation of the request's host (never one named in the body). The
 * answer, and its timing, are the same whether or not the account exists: the
 * lookup and the mail happen in the job. Requests per account are limited all
 * the same.
 */
export async function requestPasswordReset(
  ctx: AppContext,
  input: { email: string },
  meta: RequestMeta,
): Promise<void> {
  const identifier = normaliseIdentifier(input.email);
  const subject = `name:${identifier}`;
  await assertNotLocked(ctx.db, 'reset_request', subject);
  await recordFailure(ctx.db, 'reset_request', subject, ctx.config);
  const org = await resolveOrganisation(ctx.db, meta.host);
  if (!org) return;
  await enqueue(ctx.db, 'mail.password_reset', [{ identifier, organisationId: org.id }]);
}

/** Sets the new password from the mailed link (uid + token) or code (e-mail + otp). */
export async function confirmPasswordReset(
  ctx: AppContext,
  input: TResetConfirm,
  meta: RequestMeta,
): Promise<void> {
  let userId: number;
  if (input.uid && input.token) {
    const id = decodeUid(input.uid);
    const live = id ? await findLiveOneTimeToken(ctx.db, id, 'reset_link') : undefined;
    if (!id || !live || live.secretHash !== hashSecret(input.token)) {
      throw badRequest(INVALID_LINK, undefined, [INVALID_LINK]);
    }
    userId = id;
  } else {
    const identifier = normaliseIdentifier(input.email ?? '');
    const org = await resolveOrganisation(ctx.db, meta.host);
    const user = org ? await findSignInCandidate(ctx.db, identifier, org.id) : undefined;
    const subject = user ? `user:${user.id}` : `name:${identifier}`;
    await assertNotLocked(ctx.db, 'reset_otp', subject);
    const live = user ? await findLiveOneTimeToken(ctx.db, user.id, 'reset_otp') : undefined;
    if (!user || !live || live.secretHash !== hashOtp(user.id, input.otp ?? '')) {
      await recordFailure(ctx.db, 'reset_otp', subject, ctx.config);
      if (live && user) {
        const attempts = await countFailedAttempt(ctx.db, live.id);
        if (attempts >= OTP_MAX_ATTEMPTS) {
          await consumeOneTimeTokens(ctx.db, user.id, ['reset_otp']);
          throw new AppError(429, 'Too many wrong codes. Request a new code.');
        }
      }
      throw badRequest(INVALID_CODE, { otp: [INVALID_CODE] });
    }
    userId = user.id;
  }

  const [user] = await ctx.db.select().from(users).where(eq(users.id, userId));
  if (!user) throw badRequest(INVALID_LINK, undefined, [INVALID_LINK]);
  const problems = passwordProblems(input.new_password, user.username);
  if (problems.length > 0) {
    throw badRequest('Invalid input. Please correct the fields listed.', {
      new_password: problems,
    });
  }
  const passwordHash = await hashPassword(input.new_password);
  await runInTransaction(ctx.db, ctx.bus, async ({ tx }) => {
    await tx.update(users).set({ passwordHash, updatedAt: new Date() }).where(eq(users.id, userId));
    await consumeOneTimeTokens(tx, userId, ['reset_link', 'reset_otp']);
    // Whoever knew the old password is signed out everywhere.
    await revokeAllTokens(tx, userId);
    await recordAudit(tx, {
      action: 'auth.password_reset',
      actorId: userId,
      targetUserId: userId,
      ip: meta.ip,
      details: { via: input.uid ? 'link' : 'code' },
    });
  });
  // Its open streams end now rather than at their next token check.
  await ctx.realtime.publish([userId], { type: SESSION_REVOKED });
}

const SET_PASSWORD_TTL_MS = 7 * 24 * 3_600_000;

/**
 * A single-use link with which a user created by an administrator or an
 * import chooses their first password (the reset-confirm screen serves it).
 */
export async function issueSetPasswordLink(
  ctx: AppContext,
  userId: number,
  organisationId: number,
) {
  const [org] = await ctx.db
    .select()
    .from(organisations)
    .where(eq(organisations.id, organisationId));
  if (!org) throw badRequest('Organisation not found.');
  const standing = await recipientStanding(ctx.db, userId, organisationId);
  const secret = newSecret();
  await createOneTimeToken(ctx.db, {
    userId,
    purpose: 'reset_link',
    secretHash: hashSecret(secret),
    ttlMs: SET_PASSWORD_TTL_MS,
  });
  return {
    organisation: org,
    url: `${mailLinkBase(ctx.config, org, standing)}/password/reset/confirm/${encodeUid(userId)}/${secret}`,
  };
}
