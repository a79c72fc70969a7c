import type { TModerationItem, TModerationReport, TReportReason } from '@atrium/contract';
import { eq, inArray, type SQL, sql } from 'drizzle-orm';
import { type AnyPgColumn, alias } from 'drizzle-orm/pg-core';
import type { Actor } from '../../core/auth/actor.ts';
import type { AppContext } from '../../core/context.ts';
import type { DbOrTx } from '../../core/db/database.ts';
import { moderationItems, moderationReports } from '../../schema/moderation.table.ts';
import { users } from '../../schema/users.table.ts';
import { itemAbilities } from './moderation.policy.ts';

/**
 * How the queue shows items: a page is three queries whatever its size (the items with their
 * author and resolver, the reasons grouped per item, and the count).
 */

export type ItemRow = typeof moderationItems.$inferSelect;

const authors = alias(users, 'authors');
const resolvers = alias(users, 'resolvers');
const nameOf = (u: { firstName: AnyPgColumn; lastName: AnyPgColumn; username: AnyPgColumn }) =>
  sql<
    string | null
  >`coalesce(nullif(trim(${u.firstName} || ' ' || ${u.lastName}), ''), ${u.username})`;

export function selectItems(db: DbOrTx, where: SQL | undefined) {
  return db
    .select({ item: moderationItems, authorName: nameOf(authors), resolverName: nameOf(resolvers) })
    .from(moderationItems)
    .leftJoin(authors, eq(authors.id, moderationItems.authorId))
    .leftJoin(resolvers, eq(resolvers.id, moderationItems.resolvedBy))
    .where(where)
    .$dynamic();
}
type LoadedItem = Awaited<ReturnType<typeof selectItems>>[number];

const person = (id: number | null, name: string | null) =>
  id === null || name === null ? null : { id, fullname: name };

export async function presentItems(
  ctx: AppContext,
  db: DbOrTx,
  actor: Actor,
  loaded: LoadedItem[],
): Promise<TModerationItem[]> {
  const ids = loaded.map((r) => r.item.id);
  const reasons = new Map<number, Partial<Record<TReportReason, number>>>();
  if (ids.length > 0) {
    const rows = await db
      .select({
        itemId: moderationReports.itemId,
        reason: moderationReports.reason,
        n: sql<number>`count(*)::int`,
      })
      .from(moderationReports)
      .where(inArray(moderationReports.itemId, ids))
      .groupBy(moderationReports.itemId, moderationReports.reason);
    for (const r of rows) {
      reasons.set(r.itemId, { ...reasons.get(r.itemId), [r.reason]: Number(r.n) });
    }
  }
  return loaded.map(({ item, authorName, resolverName }) => ({
    id: item.id,
    kind: item.kind,
    kind_label: ctx.moderationTargets.get(item.kind)?.label ?? item.kind,
    target_id: item.targetId,
    status: item.status,
    held: item.held,
    author: person(item.authorId, authorName),
    excerpt: item.excerpt,
    link: item.link,
    report_count: item.reportCount,
    reasons: reasons.get(item.id) ?? {},
    opened_at: item.openedAt.toISOString(),
    resolved_at: item.resolvedAt?.toISOString() ?? null,
    resolved_by: person(item.resolvedBy, resolverName),
    outcome: item.outcome ?? null,
    abilities: itemAbilities(actor, item),
  }));
}

export async function presentItem(
  ctx: AppContext,
  actor: Actor,
  id: number,
): Promise<TModerationItem> {
  const loaded = await selectItems(ctx.db, eq(moderationItems.id, id));
  return (await presentItems(ctx, ctx.db, actor, loaded))[0]!;
}

/** An item's reports, oldest first, with the reporters' names. */
export async function reportsOf(db: DbOrTx, itemId: number): Promise<TModerationReport[]> {
  const rows = await db
    .select({ report: moderationReports, name: nameOf(users) })
    .from(moderationReports)
    .leftJoin(users, eq(users.id, moderationReports.reporterId))
    .where(eq(moderationReports.itemId, itemId))
    .orderBy(moderationReports.id);
  return rows.map(({ report, name }) => ({
    id: report.id,
    reporter: person(report.reporterId, name),
    reason: report.reason,
    note: report.note,
    created_at: report.createdAt.toISOString(),
  }));
}
