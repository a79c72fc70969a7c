import { ROLE } from '@atrium/contract';
import { and, desc, eq, gt, isNull, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../core/db/database.ts';
import { type OneTimePurpose, oneTimeTokens } from '../../schema/auth.table.ts';
import { memberships, users } from '../../schema/users.table.ts';

/** A user found by user name or e-mail (case-insensitive), with their standing in one organisation. */
export async function findSignInCandidate(db: DbOrTx, identifier: string, organisationId: number) {
  const [row] = await db
    .select({
      id: users.id,
      username: users.username,
      email: users.email,
      passwordHash: users.passwordHash,
      isActive: users.isActive,
      approvalStatus: users.approvalStatus,
      memberRoleId: memberships.roleId,
      isSuperadmin: sql<boolean>`exists (select 1 from ${memberships} m where m.user_id = "users"."id" and m.role_id = ${ROLE.SUPERADMIN})`,
    })
    .from(users)
    .leftJoin(
      memberships,
      and(eq(memberships.userId, users.id), eq(memberships.organisationId, organisationId)),
    )
    .where(
      or(eq(sql`lower(${users.username})`, identifier), eq(sql`lower(${users.email})`, identifier)),
    )
    // A user name that equals someone's e-mail is impossible (no '@' rules aside): prefer the name.
    .orderBy(sql`lower(${users.username}) = ${identifier} desc`)
    .limit(1);
  return row;
}

export async function createOneTimeToken(
  db: DbOrTx,
  values: { userId: number; purpose: OneTimePurpose; secretHash: string; ttlMs: number },
): Promise<void> {
  await db.insert(oneTimeTokens).values({
    userId: values.userId,
    purpose: values.purpose,
    secretHash: values.secretHash,
    expiresAt: new Date(Date.now() + values.ttlMs),
  });
}

/** The newest live (unused, unexpired) secret of a purpose for a user. */
export async function findLiveOneTimeToken(db: DbOrTx, userId: number, purpose: OneTimePurpose) {
  const [row] = await db
    .select()
    .from(oneTimeTokens)
    .where(
      and(
        eq(oneTimeTokens.userId, userId),
        eq(oneTimeTokens.purpose, purpose),
        isNull(oneTimeTokens.usedAt),
        gt(oneTimeTokens.expiresAt, new Date()),
      ),
    )
    .orderBy(desc(oneTimeTokens.id))
    .limit(1);
  return row;
}

/** Marks every live secret of these purposes used: a reset or activation consumes them all. */
export async function consumeOneTimeTokens(
  db: DbOrTx,
  userId: number,
  purposes: OneTimePurpose[],
): Promise<void> {
  await db
    .update(oneTimeTokens)
    .set({ usedAt: new Date() })
    .where(
      and(
        eq(oneTimeTokens.userId, userId),
        isNull(oneTimeTokens.usedAt),
        or(...purposes.map((p) => eq(oneTimeTokens.purpose, p))),
      ),
    );
}

export async function countFailedAttempt(db: DbOrTx, tokenId: number): Promise<number> {
  const [row] = await db
    .update(oneTimeTokens)
    .set({ attempts: sql`${oneTimeTokens.attempts} + 1` })
    .where(eq(oneTimeTokens.id, tokenId))
    .returning({ attempts: oneTimeTokens.attempts });
  return row?.attempts ?? 0;
}

/** Whether a user is a member of an organisation, and whether a superadmin anywhere. */
export async function recipientStanding(db: DbOrTx, userId: number, organisationId: number) {
  const rows = await db
    .select({ organisationId: memberships.organisationId, roleId: memberships.roleId })
    .from(memberships)
    .where(eq(memberships.userId, userId));
  return {
    isMember: rows.some((m) => m.organisationId === organisationId),
    isSuperadmin: rows.some((m) => m.roleId === ROLE.SUPERADMIN),
  };
}
