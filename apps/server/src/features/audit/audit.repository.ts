import { and, count, desc, eq, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../core/db/database.ts';
import { userActivity } from '../../schema/audit.table.ts';
import { users } from '../../schema/users.table.ts';

export interface ActivityFilter {
  organisationId?: number;
  userId?: number;
  loginFrom?: string;
  kind?: 'sign_in' | 'sign_out' | 'module_time';
}

/** One page of activity, newest first, and the total: two indexed queries run together. */
export async function listActivity(
  db: DbOrTx,
  filter: ActivityFilter,
  bounds: { limit: number; offset: number },
) {
  const conditions: SQL[] = [];
  if (filter.organisationId !== undefined)
    conditions.push(eq(userActivity.organisationId, filter.organisationId));
  if (filter.userId !== undefined) conditions.push(eq(userActivity.userId, filter.userId));
  if (filter.loginFrom) conditions.push(eq(userActivity.loginFrom, filter.loginFrom));
  if (filter.kind) conditions.push(eq(userActivity.kind, filter.kind));
  const where = and(...conditions);
  const [total, rows] = await Promise.all([
    db.select({ n: count() }).from(userActivity).where(where),
    db
      .select({
        id: userActivity.id,
        user: userActivity.userId,
        username: users.username,
        kind: userActivity.kind,
        login_from: userActivity.loginFrom,
        module: userActivity.module,
        time_spent: userActivity.seconds,
        ip: userActivity.ip,
        createdAt: userActivity.createdAt,
      })
      .from(userActivity)
      .innerJoin(users, eq(users.id, userActivity.userId))
      .where(where)
      .orderBy(desc(userActivity.createdAt), desc(userActivity.id))
      .limit(bounds.limit)
      .offset(bounds.offset),
  ]);
  return {
    count: total[0]?.n ?? 0,
    rows: rows.map(({ createdAt, ...row }) => ({ ...row, created_at: createdAt.toISOString() })),
  };
}
