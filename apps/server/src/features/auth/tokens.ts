import {
  APPROVAL,
  applyMenuFlags,
  defaultMenuForRole,
  ROLE,
  type TMenuEntry,
  TOKEN_COOKIE,
  type TRoleId,
} from '@atrium/contract';
import { and, eq, gt, inArray, isNotNull, isNull, or, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { AuthContext, Authenticate } from '../../core/auth/access.ts';
import type { AppConfig } from '../../core/config/config.ts';
import type { Db, DbOrTx } from '../../core/db/database.ts';
import { authTokens } from '../../schema/auth.table.ts';
import { organisations } from '../../schema/organisations.table.ts';
import { userMenuPermissions } from '../../schema/permissions.table.ts';
import { userProfiles } from '../../schema/profiles.table.ts';
import { memberships, users } from '../../schema/users.table.ts';
import { hashSecret, newSecret } from './secrets.ts';

type TokenLimits = Pick<AppConfig, 'tokenIdleMs' | 'tokenMaxAgeMs'>;

/** A new key for every sign-in; only its hash is kept. */
export async function issueToken(
  db: DbOrTx,
  limits: TokenLimits,
  values: {
    userId: number;
    organisationId: number;
    loginFrom: string;
    ip?: string;
    userAgent?: string;
  },
): Promise<string> {
  const key = newSecret();
  await db.insert(authTokens).values({
    ...values,
    userAgent: values.userAgent?.slice(0, 400),
    keyHash: hashSecret(key),
    expiresAt: new Date(Date.now() + limits.tokenMaxAgeMs),
  });
  return key;
}

export async function revokeToken(db: DbOrTx, tokenId: number): Promise<void> {
  await db.update(authTokens).set({ revokedAt: new Date() }).where(eq(authTokens.id, tokenId));
}

/** Password change, reset, deactivation: every session of the user ends. */
export async function revokeAllTokens(db: DbOrTx, userId: number): Promise<void> {
  await db
    .update(authTokens)
    .set({ revokedAt: new Date() })
    .where(and(eq(authTokens.userId, userId), isNull(authTokens.revokedAt)));
}

const defaultMenus = new Map<TRoleId, TMenuEntry[]>();
/** The role's default menu with the user's own flags (if an admin set any) applied. */
export function effectiveMenu(role: TRoleId, stored: TMenuEntry[] | null): TMenuEntry[] {
  let base = defaultMenus.get(role);
  if (!base) {
    base = defaultMenuForRole(role);
    defaultMenus.set(role, base);
  }
  return stored ? applyMenuFlags(base, stored).menu : base;
}

// Writing last_used_at on every request would turn each read into a write.
const TOUCH_EVERY_MS = 60_000;

/**
 * Browsers send the cookie along with requests other sites (or other ports of
 * this host, where package content is served: same-site) make; those must not
 * act as the user. Sec-Fetch-Site is set by the browser and cannot be forged
 * by a page. Without it (older browsers, other clients) the cookie counts, and
 * SameSite=Lax plus the CSRF check keep cross-site writes out.
 */
const FOREIGN_SITES = new Set(['same-site', 'cross-site']);

/** `Authorization: Token <key>` (scheme in any case), else the server-set token cookie. */
function presentedKey(request: FastifyRequest): { key: string; via: 'header' | 'cookie' } | null {
  const header = request.headers.authorization;
  if (header) {
    const match = /^token\s+(\S+)\s*$/i.exec(header);
    return match ? { key: match[1]!, via: 'header' } : null;
  }
  const cookie = request.cookies?.[TOKEN_COOKIE];
  if (!cookie) return null;
  const site = request.headers['sec-fetch-site'];
  if (typeof site === 'string' && FOREIGN_SITES.has(site)) return null;
  return { key: cookie, via: 'cookie' };
}

function tokenLookup(db: Db) {
  return (
    db
      .select({
        tokenId: authTokens.id,
        organisationId: authTokens.organisationId,
        loginFrom: authTokens.loginFrom,
        lastUsedAt: authTokens.lastUsedAt,
        expiresAt: authTokens.expiresAt,
        revokedAt: authTokens.revokedAt,
        userId: users.id,
        username: users.username,
        email: users.email,
        firstName: users.firstName,
        lastName: users.lastName,
        isActive: users.isActive,
        approvalStatus: users.approvalStatus,
        roleId: memberships.roleId,
        viewRoleId: memberships.viewRoleId,
        organisationTitle: organisations.title,
        organisationAcronym: organisations.acronym,
        isSuperadmin: sql<boolean>`exists (select 1 from ${memberships} m where m.user_id = "users"."id" and m.role_id = ${ROLE.SUPERADMIN})`,
        menu: userMenuPermissions.menu,
        photoKey: userProfiles.photoKey,
      })
      .from(authTokens)
      .innerJoin(users, eq(users.id, authTokens.userId))
      .innerJoin(organisations, eq(organisations.id, authTokens.organisationId))
      .leftJoin(
        memberships,
        and(
          eq(memberships.userId, users.id),
          eq(memberships.organisationId, authTokens.organisationId),
        ),
      )
      .leftJoin(userMenuPermissions, eq(userMenuPermissions.userId, users.id))
      .leftJoin(userProfiles, eq(userProfiles.userId, users.id))
      .where(eq(authTokens.keyHash, sql.placeholder('keyHash')))
      .limit(1)
      // Built once, prepared by name: this runs on every authenticated request.
      .prepare('auth_token_lookup')
  );
}

/**
 * Of these token ids, the ones that would still authenticate an approved caller (not revoked,
 * not expired nor idle, the user active and approved, still a member or a superadmin), without
 * touching them: a stream left open is no activity. One query for every stream of a node.
 */
export function liveTokens(db: Db, limits: TokenLimits) {
  return async (tokenIds: readonly number[]): Promise<ReadonlySet<number>> => {
    if (tokenIds.length === 0) return new Set();
    const now = new Date();
    const rows = await db
      .select({ id: authTokens.id })
      .from(authTokens)
      .innerJoin(users, eq(users.id, authTokens.userId))
      .leftJoin(
        memberships,
        and(
          eq(memberships.userId, users.id),
          eq(memberships.organisationId, authTokens.organisationId),
        ),
      )
      .where(
        and(
          inArray(authTokens.id, [...tokenIds]),
          isNull(authTokens.revokedAt),
          gt(authTokens.expiresAt, now),
          gt(authTokens.lastUsedAt, new Date(now.getTime() - limits.tokenIdleMs)),
          eq(users.isActive, true),
          eq(users.approvalStatus, APPROVAL.APPROVED),
          or(
            isNotNull(memberships.roleId),
            sql`exists (select 1 from ${memberships} m where m.user_id = ${users.id} and m.role_id = ${ROLE.SUPERADMIN})`,
          ),
        ),
      );
    return new Set(rows.map((row) => row.id));
  };
}

/**
 * `last_used_at`, written off the request's path: the tokens due for their once-a-minute touch
 * are gathered and written in one statement a second later. Learners who start an exam together
 * cross their minute together, and a write each, awaited, was a thousand commits in ten seconds
 * of every minute of the exam. A touch lost with the process (at most a second's) only makes a
 * token look idle a minute sooner, against an idle limit counted in hours.
 */
class TokenTouches {
  private readonly pending = new Set<number>();
  private timer: NodeJS.Timeout | null = null;

  constructor(private readonly db: Db) {}

  add(tokenId: number): void {
    this.pending.add(tokenId);
    if (this.timer) return;
    this.timer = setTimeout(() => void this.flush(), TOUCH_FLUSH_MS);
    // Never what keeps a process (or a test run) alive.
    this.timer.unref();
  }

  private async flush(): Promise<void> {
    this.timer = null;
    const ids = [...this.pending];
    this.pending.clear();
    await this.db
      .update(authTokens)
      .set({ lastUsedAt: new Date() })
      .where(inArray(authTokens.id, ids))
      // The database closing under it (shutdown, a test's end) or a blip: the next request after
      // a minute asks again.
      .catch(() => {});
  }
}

const TOUCH_FLUSH_MS = 1_000;

/** Resolves the caller in one indexed query: token, user, membership, menu. */
export function tokenAuthenticator(db: Db, limits: TokenLimits): Authenticate {
  const lookup = tokenLookup(db);
  const touches = new TokenTouches(db);
  return async (request) => {
    const presented = presentedKey(request);
    if (!presented) {
      // A malformed Authorization header is an invalid credential, not an anonymous call.
      return { auth: null, invalid: request.headers.authorization !== undefined };
    }
    const [row] = await lookup.execute({ keyHash: hashSecret(presented.key) });
    const now = Date.now();
    if (
      !row ||
      row.revokedAt ||
      !row.isActive ||
      row.expiresAt.getTime() <= now ||
      row.lastUsedAt.getTime() + limits.tokenIdleMs <= now ||
      (row.roleId === null && !row.isSuperadmin)
    ) {
      return { auth: null, invalid: true };
    }
    if (now - row.lastUsedAt.getTime() > TOUCH_EVERY_MS) touches.add(row.tokenId);
    // A superadmin working in an organisation they are not a member of acts as superadmin.
    const roleId = (row.roleId ?? ROLE.SUPERADMIN) as TRoleId;
    const auth: AuthContext = {
      userId: row.userId,
      username: row.username,
      email: row.email,
      firstName: row.firstName,
      lastName: row.lastName,
      isActive: row.isActive,
      approvalStatus: row.approvalStatus,
      organisationId: row.organisationId,
      organisationTitle: row.organisationTitle,
      organisationAcronym: row.organisationAcronym,
      roleId,
      viewRoleId: (row.viewRoleId ?? roleId) as TRoleId,
      isSuperadmin: row.isSuperadmin,
      menu: effectiveMenu(roleId, row.menu),
      photoKey: row.photoKey,
      tokenId: row.tokenId,
      loginFrom: row.loginFrom,
      via: presented.via,
    };
    return { auth, invalid: false };
  };
}
