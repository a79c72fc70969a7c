import { APPROVAL, ROLE } from '@atrium/contract';
import { and, eq } from 'drizzle-orm';
import { createRemoteJWKSet, type JWTPayload, jwtVerify } from 'jose';
import type { AppContext } from '../../core/context.ts';
import { runInTransaction } from '../../core/db/transaction.ts';
import { AppError, conflict, forbidden, unauthorized } from '../../core/errors/app-error.ts';
import { recordActivity, recordAudit } from '../audit/audit.service.ts';
import { resolveOrganisation, ssoIssuer } from '../organisations/organisations.service.ts';
import {
  findUserByUsernameOrEmail,
  insertMembership,
  insertUser,
} from '../users/users.repository.ts';
import { memberships, users } from '../users/users.table.ts';
import { ssoIdentities } from './auth.table.ts';
import type { RequestMeta } from './request-meta.ts';
import { issueToken } from './tokens.ts';

interface Provider {
  issuer: string;
  jwks: ReturnType<typeof createRemoteJWKSet>;
  fetchedAt: number;
}
const providers = new Map<string, Provider>();
const DISCOVERY_TTL_MS = 60 * 60_000;

/** OIDC discovery, cached per issuer; jose caches and refreshes the key set itself. */
async function provider(issuer: string): Promise<Provider> {
  const cached = providers.get(issuer);
  if (cached && Date.now() - cached.fetchedAt < DISCOVERY_TTL_MS) return cached;
  let metadata: { issuer?: string; jwks_uri?: string };
  try {
    const res = await fetch(`${issuer}/.well-known/openid-configuration`, {
      signal: AbortSignal.timeout(5000),
    });
    if (!res.ok) throw new Error(`discovery answered ${res.status}`);
    metadata = (await res.json()) as typeof metadata;
  } catch (err) {
    throw new AppError(503, `The identity provider cannot be reached (${(err as Error).message}).`);
  }
  if (metadata.issuer !== issuer || !metadata.jwks_uri) {
    throw new AppError(503, 'The identity provider configuration does not match its issuer.');
  }
  const p = {
    issuer,
    jwks: createRemoteJWKSet(new URL(metadata.jwks_uri), { timeoutDuration: 5000 }),
    fetchedAt: Date.now(),
  };
  providers.set(issuer, p);
  return p;
}

/** Checks signature, issuer, expiry and that the token was issued to our client. */
export async function verifyProviderToken(
  issuer: string,
  clientId: string,
  token: string,
): Promise<JWTPayload & { sub: string }> {
  const p = await provider(issuer);
  let payload: JWTPayload;
  try {
    ({ payload } = await jwtVerify(token, p.jwks, { issuer, clockTolerance: 30 }));
  } catch {
    throw unauthorized('The identity provider token is invalid or has expired.');
  }
  const audiences = Array.isArray(payload.aud) ? payload.aud : payload.aud ? [payload.aud] : [];
  if (!audiences.includes(clientId) && payload.azp !== clientId) {
    throw unauthorized('The identity provider token was not issued to this application.');
  }
  if (!payload.sub) throw unauthorized('The identity provider token has no subject.');
  return payload as JWTPayload & { sub: string };
}

/**
 * Exchanges a provider token for an Atrium token. Accounts are found by
 * (issuer, subject) only; a first-time user is created as a learner when the
 * organisation allows it, and refused otherwise.
 */
export async function signInWithSso(
  ctx: AppContext,
  bearer: string,
  domain: string | undefined,
  meta: RequestMeta,
): Promise<string> {
  const org = await resolveOrganisation(ctx.db, domain || meta.host);
  const issuer = org ? ssoIssuer(org) : null;
  if (!org || !issuer) throw forbidden('Single sign-on is not configured for this organisation.');
  const claims = await verifyProviderToken(issuer, org.ssoClientId!, bearer);

  return runInTransaction(ctx.db, ctx.bus, async ({ tx }) => {
    const [linked] = await tx
      .select({
        userId: ssoIdentities.userId,
        isActive: users.isActive,
        roleId: memberships.roleId,
      })
      .from(ssoIdentities)
      .innerJoin(users, eq(users.id, ssoIdentities.userId))
      .leftJoin(
        memberships,
        and(eq(memberships.userId, users.id), eq(memberships.organisationId, org.id)),
      )
      .where(and(eq(ssoIdentities.issuer, issuer), eq(ssoIdentities.subject, claims.sub)));

    let userId: number;
    if (linked) {
      if (!linked.isActive || linked.roleId === null) {
        throw forbidden('Your account is not active in this organisation.');
      }
      userId = linked.userId;
    } else {
      if (!org.ssoAutoProvision) {
        throw forbidden(
          'Your identity-provider account is not linked to an account here. Ask an administrator.',
        );
      }
      const email = typeof claims.email === 'string' ? claims.email : undefined;
      const preferred =
        typeof claims.preferred_username === 'string' ? claims.preferred_username : undefined;
      const username = (preferred ?? email?.split('@')[0] ?? `sso-${claims.sub}`)
        .replace(/[^A-Za-z0-9.@+_-]/g, '-')
        .slice(0, 150);
      if (!email) throw forbidden('The identity provider did not share an e-mail address.');
      const clashes = await findUserByUsernameOrEmail(tx, username, email);
      if (clashes.length > 0) {
        // Never link by e-mail alone: an existing account must be linked by an administrator.
        throw conflict(
          'An account with this user name or e-mail address already exists. Ask an administrator to link it.',
        );
      }
      const user = await insertUser(tx, {
        username,
        email,
        firstName: typeof claims.given_name === 'string' ? claims.given_name.slice(0, 150) : '',
        lastName: typeof claims.family_name === 'string' ? claims.family_name.slice(0, 150) : '',
        passwordHash: null,
        isActive: true,
        approvalStatus: APPROVAL.APPROVED,
      });
      await insertMembership(tx, { userId: user.id, organisationId: org.id, roleId: ROLE.LEARNER });
      await tx.insert(ssoIdentities).values({ userId: user.id, issuer, subject: claims.sub });
      await recordAudit(tx, {
        action: 'auth.sso_linked',
        actorId: user.id,
        targetUserId: user.id,
        organisationId: org.id,
        ip: meta.ip,
        details: { issuer, provisioned: true },
      });
      userId = user.id;
    }
    const key = await issueToken(tx, ctx.config, {
      userId,
      organisationId: org.id,
      loginFrom: 'sso',
      ip: meta.ip,
      userAgent: meta.userAgent,
    });
    await recordActivity(tx, {
      userId,
      organisationId: org.id,
      kind: 'sign_in',
      loginFrom: 'sso',
      ip: meta.ip,
    });
    await recordAudit(tx, {
      action: 'auth.sign_in',
      actorId: userId,
      targetUserId: userId,
      organisationId: org.id,
      ip: meta.ip,
      details: { login_from: 'sso', issuer },
    });
    return key;
  });
}
