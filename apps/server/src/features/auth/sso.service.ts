import { APPROVAL, hasMarkup, ROLE } from '@atrium/contract';
import { and, eq } from 'drizzle-orm';
import { createRemoteJWKSet, customFetch, errors, type JWTPayload, jwtVerify } from 'jose';
import { recordActivity, recordAudit } from '../../core/audit/audit-log.ts';
import type { AppConfig } from '../../core/config/config.ts';
import type { AppContext } from '../../core/context.ts';
import { runInTransaction } from '../../core/db/transaction.ts';
import { AppError, conflict, forbidden, unauthorized } from '../../core/errors/app-error.ts';
import { guardedFetcher, OutboundError, outboundPolicy } from '../../core/http/outbound.ts';
import { ssoIdentities } from '../../schema/auth.table.ts';
import { memberships, users } from '../../schema/users.table.ts';
import { resolveOrganisation, ssoIssuer } from '../organisations/index.ts';
import { findUserByUsernameOrEmail, insertMembership, insertUser } from './accounts.repository.ts';
import type { RequestMeta } from './request-meta.ts';
import { issueToken } from './tokens.ts';

interface Provider {
  issuer: string;
  jwks: ReturnType<typeof createRemoteJWKSet>;
  fetchedAt: number;
}
// Per configuration: the outbound policy the provider's fetches were built with is part of it.
const providersByConfig = new WeakMap<AppConfig, Map<string, Provider>>();
const DISCOVERY_TTL_MS = 60 * 60_000;

/**
 * The one answer for every way of not getting a usable answer from the
 * provider (refused address, closed port, time-out, error status, bad JSON,
 * wrong issuer): anything more specific would let the issuer setting probe
 * the server's network. The detail goes to the log.
 */
const UNREACHABLE = 'The identity provider could not be reached.';
function unreachable(ctx: Pick<AppContext, 'log'>, issuer: string, err: unknown): AppError {
  const reason = err instanceof OutboundError ? err.reason : (err as Error)?.message;
  ctx.log.warn({ issuer, reason }, 'identity provider unreachable');
  return new AppError(503, UNREACHABLE);
}

/** OIDC discovery, cached per issuer; jose caches and refreshes the key set itself. */
async function provider(
  ctx: Pick<AppContext, 'config' | 'log'>,
  issuer: string,
): Promise<Provider> {
  let providers = providersByConfig.get(ctx.config);
  if (!providers) {
    providers = new Map();
    providersByConfig.set(ctx.config, providers);
  }
  const cached = providers.get(issuer);
  if (cached && Date.now() - cached.fetchedAt < DISCOVERY_TTL_MS) return cached;
  // Issuer and key-set addresses come from organisation settings and the provider's answer.
  const fetchGuarded = guardedFetcher(outboundPolicy(ctx.config));
  let jwksUri: URL;
  try {
    const res = await fetchGuarded(`${issuer}/.well-known/openid-configuration`, {
      headers: { accept: 'application/json' },
    });
    if (!res.ok) throw new Error(`discovery answered ${res.status}`);
    const metadata = (await res.json()) as { issuer?: unknown; jwks_uri?: unknown };
    if (metadata.issuer !== issuer || typeof metadata.jwks_uri !== 'string') {
      throw new Error('discovery document does not match the issuer');
    }
    jwksUri = new URL(metadata.jwks_uri);
  } catch (err) {
    throw unreachable(ctx, issuer, err);
  }
  const p = {
    issuer,
    jwks: createRemoteJWKSet(jwksUri, {
      timeoutDuration: ctx.config.outbound.timeoutMs,
      [customFetch]: fetchGuarded,
    }),
    fetchedAt: Date.now(),
  };
  providers.set(issuer, p);
  return p;
}

/** A key-set fetch that failed (the provider's fault), as opposed to a bad token. */
const keySetUnavailable = (err: unknown) =>
  err instanceof OutboundError ||
  err instanceof errors.JWKSTimeout ||
  err instanceof errors.JWKSInvalid ||
  (err instanceof errors.JOSEError && err.code === 'ERR_JOSE_GENERIC');

/** Checks signature, issuer, expiry and that the token was issued to our client. */
export async function verifyProviderToken(
  ctx: Pick<AppContext, 'config' | 'log'>,
  issuer: string,
  clientId: string,
  token: string,
): Promise<JWTPayload & { sub: string }> {
  const p = await provider(ctx, issuer);
  let payload: JWTPayload;
  try {
    ({ payload } = await jwtVerify(token, p.jwks, { issuer, clockTolerance: 30 }));
  } catch (err) {
    if (keySetUnavailable(err)) throw unreachable(ctx, issuer, err);
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
  const claims = await verifyProviderToken(ctx, issuer, org.ssoClientId!, bearer);

  return runInTransaction(ctx.db, ctx.bus, async ({ tx, emit }) => {
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
        firstName: claimName(claims.given_name),
        lastName: claimName(claims.family_name),
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
    emit('user.signed_in', {
      userId,
      organisationId: org.id,
      loginFrom: 'sso',
      signedInAt: new Date().toISOString(),
    });
    return key;
  });
}

/**
 * A name claim of the identity provider, held to the plain-text rule of every
 * name (no markup). Sign-in cannot ask the provider to fix it, so a name with
 * markup is left blank for the user or an admin to fill in.
 */
function claimName(value: unknown): string {
  return typeof value === 'string' && !hasMarkup(value) ? value.slice(0, 150) : '';
}
