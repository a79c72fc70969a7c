import { APPROVAL, SIGN_IN_FAILED, type TLoginRequest } from '@atrium/contract';
import { eq } from 'drizzle-orm';
import { recordActivity, recordAudit } from '../../core/audit/audit-log.ts';
import type { AppContext } from '../../core/context.ts';
import { runInTransaction } from '../../core/db/transaction.ts';
import { AppError } from '../../core/errors/app-error.ts';
import { SESSION_REVOKED } from '../../core/realtime/realtime.ts';
import { users } from '../../schema/users.table.ts';
import { resolveOrganisation } from '../organisations/index.ts';
import { findSignInCandidate } from './auth.repository.ts';
import { hashPassword, verifyPassword } from './passwords.ts';
import type { RequestMeta } from './request-meta.ts';
import { assertNotLocked, clearFailures, normaliseIdentifier, recordFailure } from './throttle.ts';
import { issueToken, revokeToken } from './tokens.ts';

// Verifying against a real hash when the user does not exist keeps the timing the same.
let dummyHash: Promise<string> | undefined;

const failure = () => new AppError(400, SIGN_IN_FAILED, undefined, [SIGN_IN_FAILED]);

/**
 * Password sign-in. Admits an active, not rejected user who is a member of
 * the organisation of the host (or `domain`); on the 'sa' portal, a superadmin
 * on any domain. Every refusal looks the same to the caller.
 */
export async function signIn(
  ctx: AppContext,
  input: TLoginRequest,
  meta: RequestMeta,
): Promise<string> {
  const org = await resolveOrganisation(ctx.db, input.domain || meta.host);
  const identifier = normaliseIdentifier(input.username);
  const candidate = org ? await findSignInCandidate(ctx.db, identifier, org.id) : undefined;
  const subject = candidate ? `user:${candidate.id}` : `name:${identifier}`;
  await assertNotLocked(ctx.db, 'sign_in', subject);

  dummyHash ??= hashPassword('no-such-user-password');
  const passwordOk = await verifyPassword(
    candidate?.passwordHash ?? (await dummyHash),
    input.password,
  );
  const portal = input.portal ?? 'web';
  const reason = !org
    ? 'no organisation'
    : !candidate
      ? 'unknown user'
      : !passwordOk
        ? 'wrong password'
        : !candidate.isActive
          ? 'inactive'
          : candidate.approvalStatus === APPROVAL.REJECTED
            ? 'rejected'
            : portal === 'sa'
              ? candidate.isSuperadmin
                ? null
                : 'not a superadmin'
              : candidate.memberRoleId === null
                ? 'not a member of this organisation'
                : null;

  if (reason || !org || !candidate) {
    await recordFailure(ctx.db, 'sign_in', subject, ctx.config);
    await recordAudit(ctx.db, {
      action: 'auth.sign_in_failed',
      targetUserId: candidate?.id ?? null,
      organisationId: org?.id ?? null,
      ip: meta.ip,
      details: { username: identifier, reason, portal },
    });
    throw failure();
  }

  await clearFailures(ctx.db, 'sign_in', subject);
  const loginFrom = portal === 'sa' ? 'sa' : 'web';
  return runInTransaction(ctx.db, ctx.bus, async ({ tx, emit }) => {
    const key = await issueToken(tx, ctx.config, {
      userId: candidate.id,
      organisationId: org.id,
      loginFrom,
      ip: meta.ip,
      userAgent: meta.userAgent,
    });
    await tx.update(users).set({ lastLoginAt: new Date() }).where(eq(users.id, candidate.id));
    await recordActivity(tx, {
      userId: candidate.id,
      organisationId: org.id,
      kind: 'sign_in',
      loginFrom,
      ip: meta.ip,
    });
    await recordAudit(tx, {
      action: 'auth.sign_in',
      actorId: candidate.id,
      targetUserId: candidate.id,
      organisationId: org.id,
      ip: meta.ip,
      details: { login_from: loginFrom },
    });
    emit('user.signed_in', {
      userId: candidate.id,
      organisationId: org.id,
      loginFrom,
      signedInAt: new Date().toISOString(),
    });
    return key;
  });
}

export async function signOut(
  ctx: AppContext,
  auth: { tokenId: number; userId: number; organisationId: number; loginFrom: string },
  meta: RequestMeta,
): Promise<void> {
  await runInTransaction(ctx.db, ctx.bus, async ({ tx }) => {
    await revokeToken(tx, auth.tokenId);
    await recordActivity(tx, {
      userId: auth.userId,
      organisationId: auth.organisationId,
      kind: 'sign_out',
      loginFrom: auth.loginFrom,
      ip: meta.ip,
    });
    await recordAudit(tx, {
      action: 'auth.sign_out',
      actorId: auth.userId,
      targetUserId: auth.userId,
      organisationId: auth.organisationId,
      ip: meta.ip,
    });
  });
  // Its open streams end now rather than at their next token check.
  await ctx.realtime.publish([auth.userId], { type: SESSION_REVOKED });
}
