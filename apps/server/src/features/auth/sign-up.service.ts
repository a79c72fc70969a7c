import { ROLE, type TSignupRequest } from '@atrium/contract';
import { eq } from 'drizzle-orm';
import type { AppContext } from '../../core/context.ts';
import { runInTransaction } from '../../core/db/transaction.ts';
import { badRequest, forbidden } from '../../core/errors/app-error.ts';
import { recordAudit } from '../audit/audit.service.ts';
import {
  organisationBaseUrl,
  resolveOrganisation,
} from '../organisations/organisations.service.ts';
import { createAccount } from '../users/users.service.ts';
import { users } from '../users/users.table.ts';
import { verificationMail } from './auth.mails.ts';
import {
  consumeOneTimeTokens,
  createOneTimeToken,
  findLiveOneTimeToken,
} from './auth.repository.ts';
import type { RequestMeta } from './request-meta.ts';
import { decodeUid, encodeUid, hashSecret, newSecret } from './secrets.ts';

const VERIFY_TTL_MS = 24 * 3_600_000;
const INVALID_LINK = 'The activation link is invalid or has expired.';

/**
 * Sign-up creates an inactive, pending learner in the organisation of the
 * host and mails a verification link. The payload cannot choose role,
 * approval or organisation: the schema refuses such fields.
 */
export async function signUp(ctx: AppContext, input: TSignupRequest, meta: RequestMeta) {
  const org = await resolveOrganisation(ctx.db, input.domain || meta.host);
  if (!org?.allowSignup) throw forbidden('Sign-up is closed for this organisation.');
  const secret = newSecret();
  const user = await runInTransaction(ctx.db, ctx.bus, async ({ tx }) => {
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
    await createOneTimeToken(tx, {
      userId: created.id,
      purpose: 'verify_email',
      secretHash: hashSecret(secret),
      ttlMs: VERIFY_TTL_MS,
    });
    await recordAudit(tx, {
      action: 'auth.sign_up',
      actorId: created.id,
      targetUserId: created.id,
      organisationId: org.id,
      ip: meta.ip,
    });
    return created;
  });
  const url = `${organisationBaseUrl(org, ctx.config.publicBaseUrl)}/verify-email/${encodeUid(user.id)}/${secret}`;
  await sendAfterCommit(ctx, verificationMail(user.email, org.title, url));
  return { id: user.id, username: user.username, email: user.email };
}

/** The link of the verification mail: activates the account, once. */
export async function activate(ctx: AppContext, uid: string, token: string, meta: RequestMeta) {
  const userId = decodeUid(uid);
  if (!userId) throw badRequest(INVALID_LINK, undefined, [INVALID_LINK]);
  await runInTransaction(ctx.db, ctx.bus, async ({ tx }) => {
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
