import type { TNotification, TNotificationQuery } from '@atrium/contract';
import { and, count, desc, eq, inArray, isNull, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../core/db/database.ts';
import { notifications } from '../../schema/notifications.table.ts';
import { users } from '../../schema/users.table.ts';
import { typeDefinition } from './notification-types.ts';

const actors = alias(users, 'actors');
interface Row {
  n: typeof notifications.$inferSelect;
  actorFirst: string | null;
  actorLast: string | null;
}

export const fullname = (first: string | null, last: string | null) =>
  `${first ?? ''} ${last ?? ''}`.trim();

export function toNotification({ n: row, actorFirst, actorLast }: Row): TNotification {
  const actorName = row.actorId === null ? null : fullname(actorFirst, actorLast);
  return {
    id: row.id,
    type: row.type,
    actor: row.actorId === null ? null : { id: row.actorId, fullname: actorName ?? '' },
    subject: {
      kind: row.subjectKind as TNotification['subject']['kind'],
      id: row.subjectId,
      title: row.subjectTitle,
    },
    message: typeDefinition(row.type).message({
      actorName,
      subjectTitle: row.subjectTitle,
      detail: row.detail,
    }),
    link: row.link,
    created_at: row.createdAt.toISOString(),
    viewed_at: row.viewedAt?.toISOString() ?? null,
    is_viewed: row.viewedAt !== null,
  };
}

const select = (db: DbOrTx, where: SQL | undefined) =>
  db
    .select({ n: notifications, actorFirst: actors.firstName, actorLast: actors.lastName })
    .from(notifications)
    .leftJoin(actors, eq(actors.id, notifications.actorId))
    .where(where);

const listed = (userId: number) =>
  and(eq(notifications.recipientId, userId), eq(notifications.inApp, true));

export async function listFor(db: DbOrTx, userId: number, query: TNotificationQuery) {
  const where = and(
    listed(userId),
    query.type ? eq(notifications.type, query.type) : undefined,
    query.is_viewed === undefined
      ? undefined
      : query.is_viewed
        ? sql`${notifications.viewedAt} is not null`
        : isNull(notifications.viewedAt),
  );
  const [total] = await db.select({ n: count() }).from(notifications).where(where);
  const rows = await select(db, where)
    .orderBy(desc(notifications.createdAt), desc(notifications.id))
    .limit(query.page_size)
    .offset((query.page - 1) * query.page_size);
  return { count: total?.n ?? 0, rows: rows.map(toNotification) };
}

export async function byIds(db: DbOrTx, ids: number[]): Promise<TNotification[]> {
  if (ids.length === 0) return [];
  const rows = await select(db, inArray(notifications.id, ids));
  return rows.map(toNotification);
}

/** The caller's own listed notification, marked viewed; undefined when it is not theirs. */
export async function markViewed(db: DbOrTx, userId: number, id: number) {
  const [row] = await db
    .update(notifications)
    .set({ viewedAt: sql`coalesce(${notifications.viewedAt}, now())` })
    .where(and(eq(notifications.id, id), listed(userId)))
    .returning({ id: notifications.id });
  return row ? (await byIds(db, [row.id]))[0] : undefined;
}

export async function markAllViewed(db: DbOrTx, userId: number): Promise<number> {
  const rows = await db
    .update(notifications)
    .set({ viewedAt: sql`now()` })
    .where(and(listed(userId), isNull(notifications.viewedAt)))
    .returning({ id: notifications.id });
  return rows.length;
}

/** Unread per user, through the partial unread index. */
export async function unreadCounts(db: DbOrTx, userIds: number[]): Promise<Map<number, number>> {
  const result = new Map(userIds.map((id) => [id, 0]));
  if (userIds.length === 0) return result;
  const rows = await db
    .select({ userId: notifications.recipientId, n: count() })
    .from(notifications)
    .where(
      and(
        inArray(notifications.recipientId, userIds),
        eq(notifications.inApp, true),
        isNull(notifications.viewedAt),
      ),
    )
    .groupBy(notifications.recipientId);
  for (const row of rows) result.set(row.userId, row.n);
  return result;
}
