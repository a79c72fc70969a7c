import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { AppContext } from '../../core/context.ts';
import type { DbOrTx, Tx } from '../../core/db/database.ts';
import { runInTransaction, type UnitOfWork } from '../../core/db/transaction.ts';
import { badgeAwards, badgeFacts, badges } from '../../schema/badges.table.ts';
import { memberships } from '../../schema/users.table.ts';
import {
  criteriaMet,
  criteriaText,
  type PersonFacts,
  referencedBadges,
} from './badges.criteria.ts';
import './badges.events.ts';

/**
 * Automatic awards: after each recorded fact, a person's organisations' active badges are judged
 * against what they have done, and each badge whose criteria hold is awarded once. Under a lock
 * per person (parallel events for one person are judged one after the other), a badge the person
 * ever held (even revoked: an admin's revocation is not undone by the next event) is skipped, and
 * the partial unique index on live awards is the last word. Badges that ask for other badges are
 * judged again within the same run until nothing more is earned.
 */

export type BadgeRow = typeof badges.$inferSelect;
export type AwardRow = typeof badgeAwards.$inferSelect;

export type FactKind = 'course' | 'learning_path' | 'assessment' | 'points';

/** Records a fact (idempotent: points keep the highest total seen, events may come out of order). */
export async function recordFact(
  db: DbOrTx,
  fact: { userId: number; kind: FactKind; refId: number; value?: number },
): Promise<void> {
  await db
    .insert(badgeFacts)
    .values({ userId: fact.userId, kind: fact.kind, refId: fact.refId, value: fact.value ?? 1 })
    .onConflictDoUpdate({
      target: [badgeFacts.userId, badgeFacts.kind, badgeFacts.refId],
      set: {
        value: sql`greatest(${badgeFacts.value}, excluded.value)`,
        updatedAt: sql`now()`,
      },
    });
}

export async function lockPerson(tx: Tx, userId: number) {
  await tx.execute(
    sql`select pg_advisory_xact_lock(hashtextextended(${`badges.person:${userId}`}, 0))`,
  );
}

/** The names of badges criteria refer to (for the criteria's words), in one query. */
export async function badgeNames(db: DbOrTx, rows: readonly BadgeRow[]) {
  const ids = referencedBadges(rows.map((r) => r.criteria));
  const names = new Map<number, string>();
  for (const r of rows) names.set(r.id, r.name);
  const missing = ids.filter((id) => !names.has(id));
  if (missing.length > 0) {
    const found = await db
      .select({ id: badges.id, name: badges.name })
      .from(badges)
      .where(inArray(badges.id, missing));
    for (const f of found) names.set(f.id, f.name);
  }
  return names;
}

/** The event of an award, with what a credential states. */
export function emitAwarded(
  emit: UnitOfWork['emit'],
  award: AwardRow,
  badge: BadgeRow,
  names: ReadonlyMap<number, string>,
) {
  emit('badge.awarded', {
    awardId: award.id,
    badgeId: badge.id,
    organisationId: award.organisationId,
    userId: award.userId,
    badgeName: badge.name,
    badgeDescription: badge.description,
    criteriaText: criteriaText(badge.criteria, names),
    imageUuid: badge.imageUuid,
    manual: award.manual,
    awardedAt: award.awardedAt.toISOString(),
  });
}

async function factsOf(tx: Tx, userId: number) {
  const rows = await tx
    .select({ kind: badgeFacts.kind, refId: badgeFacts.refId, value: badgeFacts.value })
    .from(badgeFacts)
    .where(eq(badgeFacts.userId, userId));
  const sets = {
    course: new Set<number>(),
    learning_path: new Set<number>(),
    assessment: new Set<number>(),
  };
  const points = new Map<number, number>();
  for (const r of rows) {
    if (r.kind === 'points') points.set(r.refId, r.value);
    else sets[r.kind as keyof typeof sets]?.add(r.refId);
  }
  return { sets, points };
}

/**
 * Judges a person against the active badges of their organisations (or of `organisationIds`
 * only) and awards what they now meet. Returns the awards made.
 */
export async function evaluatePerson(
  ctx: Pick<AppContext, 'db' | 'bus'>,
  userId: number,
  organisationIds?: readonly number[],
): Promise<AwardRow[]> {
  return runInTransaction(ctx.db, ctx.bus, async ({ tx, emit }) => {
    await lockPerson(tx, userId);
    const member = await tx
      .select({ organisationId: memberships.organisationId })
      .from(memberships)
      .where(eq(memberships.userId, userId));
    const orgs = member
      .map((m) => m.organisationId)
      .filter((id) => !organisationIds || organisationIds.includes(id));
    if (orgs.length === 0) return [];
    const candidates = (
      await tx
        .select()
        .from(badges)
        .where(and(inArray(badges.organisationId, orgs), eq(badges.active, true)))
    ).filter((b) => !b.criteria.manual_only);
    if (candidates.length === 0) return [];
    const held = await tx
      .select({ badgeId: badgeAwards.badgeId, revokedAt: badgeAwards.revokedAt })
      .from(badgeAwards)
      .where(eq(badgeAwards.userId, userId));
    const ever = new Set(held.map((h) => h.badgeId));
    const live = new Set(held.filter((h) => h.revokedAt === null).map((h) => h.badgeId));
    const open = candidates.filter((b) => !ever.has(b.id));
    if (open.length === 0) return [];
    const { sets, points } = await factsOf(tx, userId);
    const names = await badgeNames(tx, open);
    const made: AwardRow[] = [];
    // Chains ("earn A and B") settle within the run: at most one pass per badge.
    for (let changed = true; changed; ) {
      changed = false;
      for (const badge of open) {
        if (ever.has(badge.id)) continue;
        const facts: PersonFacts = {
          courses: sets.course,
          learningPaths: sets.learning_path,
          assessments: sets.assessment,
          points: points.get(badge.organisationId) ?? 0,
          badges: live,
        };
        if (!criteriaMet(badge.criteria, facts)) continue;
        const [award] = await tx
          .insert(badgeAwards)
          .values({ badgeId: badge.id, organisationId: badge.organisationId, userId })
          .onConflictDoNothing()
          .returning();
        ever.add(badge.id);
        if (!award) continue;
        live.add(badge.id);
        made.push(award);
        emitAwarded(emit, award, badge, names);
        changed = true;
      }
    }
    return made;
  });
}

/**
 * The people a badge may now be awarded to: members of its organisation who have the first fact
 * it asks for (an index read) and no award of it yet. The rest is judged per person.
 */
export async function backfillCandidates(db: DbOrTx, badge: BadgeRow): Promise<number[]> {
  const c = badge.criteria;
  if (c.manual_only || !badge.active) return [];
  const first: [string, number] | null = c.courses.length
    ? ['course', c.courses[0]!]
    : c.learning_paths.length
      ? ['learning_path', c.learning_paths[0]!]
      : c.assessments.length
        ? ['assessment', c.assessments[0]!]
        : c.points !== null
          ? ['points', badge.organisationId]
          : null;
  const minValue = first?.[0] === 'points' ? (c.points ?? 1) : 1;
  const rows = first
    ? await db
        .select({ userId: badgeFacts.userId })
        .from(badgeFacts)
        .innerJoin(
          memberships,
          and(
            eq(memberships.userId, badgeFacts.userId),
            eq(memberships.organisationId, badge.organisationId),
          ),
        )
        .where(
          and(
            eq(badgeFacts.kind, first[0]),
            eq(badgeFacts.refId, first[1]),
            sql`${badgeFacts.value} >= ${minValue}`,
            sql`not exists (select 1 from badge_awards a where a.badge_id = ${badge.id} and a.user_id = ${badgeFacts.userId})`,
          ),
        )
    : await db
        .select({ userId: badgeAwards.userId })
        .from(badgeAwards)
        .where(
          and(
            eq(badgeAwards.badgeId, c.badges[0] ?? 0),
            isNull(badgeAwards.revokedAt),
            sql`not exists (select 1 from badge_awards a where a.badge_id = ${badge.id} and a.user_id = ${badgeAwards.userId})`,
          ),
        );
  return [...new Set(rows.map((r) => r.userId))];
}
