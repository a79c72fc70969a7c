import { createHash, randomBytes } from 'node:crypto';
import {
  APPROVAL,
  permittedPaths,
  ROLE,
  type TCalendarFeedTokenState,
  type TCalendarFeedUrl,
  type TRoleId,
} from '@atrium/contract';
import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import type { Actor } from '../../core/auth/actor.ts';
import type { AppContext } from '../../core/context.ts';
import type { Tx } from '../../core/db/database.ts';
import { runInTransaction } from '../../core/db/transaction.ts';
import { notFound } from '../../core/errors/app-error.ts';
import { calendarFeedTokens as f } from '../../schema/calendar.table.ts';
import { organisations } from '../../schema/organisations.table.ts';
import { userMenuPermissions } from '../../schema/permissions.table.ts';
import { memberships, users } from '../../schema/users.table.ts';
import { effectiveMenu } from '../auth/index.ts';
import { organisationBaseUrl } from '../organisations/index.ts';

/**
 * The private feed URL: it carries a secret token (256 random bits, base64url) and the table its
 * SHA-256 only, so a copy of the database opens no one's calendar. One live token per user: a new
 * one revokes the old, and a revoked or unknown token is a 404 like any missing page.
 */

export const FEED_NOT_FOUND = 'Calendar feed not found.';

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/** The base of the app's links for an organisation: its own domain's, else the install's. */
export async function baseUrlOf(ctx: AppContext, organisationId: number): Promise<string> {
  const [org] = await ctx.db
    .select()
    .from(organisations)
    .where(eq(organisations.id, organisationId));
  return org ? organisationBaseUrl(org, ctx.config.publicBaseUrl) : ctx.config.publicBaseUrl;
}

export async function feedTokenState(
  ctx: AppContext,
  actor: Actor,
): Promise<TCalendarFeedTokenState> {
  const [live] = await ctx.db
    .select({ createdAt: f.createdAt })
    .from(f)
    .where(and(eq(f.userId, actor.userId), isNull(f.revokedAt)))
    .orderBy(desc(f.createdAt))
    .limit(1);
  return { exists: Boolean(live), created_at: live?.createdAt.toISOString() ?? null };
}

/** Revokes every live token of the user (there is at most one). */
async function revokeLive(tx: Tx, userId: number, now: Date) {
  await tx
    .update(f)
    .set({ revokedAt: now })
    .where(and(eq(f.userId, userId), isNull(f.revokedAt)));
}

/**
 * A new token for the organisation the caller signed in to, the previous one revoked in the same
 * transaction. The user's row is locked first: two clicks at once leave one live token, not two.
 */
export async function createFeedToken(ctx: AppContext, actor: Actor): Promise<TCalendarFeedUrl> {
  const token = randomBytes(32).toString('base64url');
  const now = new Date();
  const row = await runInTransaction(ctx.db, ctx.bus, async ({ tx }) => {
    await tx.select({ id: users.id }).from(users).where(eq(users.id, actor.userId)).for('update');
    await revokeLive(tx, actor.userId, now);
    const [inserted] = await tx
      .insert(f)
      .values({
        userId: actor.userId,
        organisationId: actor.organisationId,
        tokenHash: hashToken(token),
        createdAt: now,
      })
      .returning();
    return inserted!;
  });
  const base = await baseUrlOf(ctx, actor.organisationId);
  return { url: `${base}/api/calendar/feed/${token}.ics`, created_at: row.createdAt.toISOString() };
}

export async function revokeFeedToken(ctx: AppContext, actor: Actor): Promise<void> {
  await runInTransaction(ctx.db, ctx.bus, ({ tx }) => revokeLive(tx, actor.userId, new Date()));
}

/**
 * Who a feed token acts as: its user in the organisation it was made in, as long as the token is
 * live, the account active and approved, still a member there (or a superadmin), and the
 * /calendar menu still theirs. Anything else is the same 404 as an unknown token.
 */
export async function feedActor(
  ctx: AppContext,
  token: string,
): Promise<Actor & { tokenId: number }> {
  const [row] = await ctx.db
    .select({
      tokenId: f.id,
      userId: f.userId,
      organisationId: f.organisationId,
      isActive: users.isActive,
      approvalStatus: users.approvalStatus,
      roleId: memberships.roleId,
      menu: userMenuPermissions.menu,
      isSuperadmin: sql<boolean>`exists (select 1 from ${memberships} m
        where m.user_id = ${f.userId} and m.role_id = ${ROLE.SUPERADMIN})`,
    })
    .from(f)
    .innerJoin(users, eq(users.id, f.userId))
    .leftJoin(
      memberships,
      and(eq(memberships.userId, f.userId), eq(memberships.organisationId, f.organisationId)),
    )
    .leftJoin(userMenuPermissions, eq(userMenuPermissions.userId, f.userId))
    .where(and(eq(f.tokenHash, hashToken(token)), isNull(f.revokedAt)))
    .limit(1);
  if (
    !row?.isActive ||
    row.approvalStatus !== APPROVAL.APPROVED ||
    (row.roleId === null && !row.isSuperadmin)
  ) {
    throw notFound(FEED_NOT_FOUND);
  }
  const roleId = (row.roleId ?? ROLE.SUPERADMIN) as TRoleId;
  if (!row.isSuperadmin && !permittedPaths(effectiveMenu(roleId, row.menu)).has('/calendar')) {
    throw notFound(FEED_NOT_FOUND);
  }
  return {
    tokenId: row.tokenId,
    userId: row.userId,
    organisationId: row.organisationId,
    roleId,
    isSuperadmin: Boolean(row.isSuperadmin),
  };
}
