import { eq, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../core/db/database.ts';
import { memberships, users } from '../../schema/users.table.ts';

export type User = typeof users.$inferSelect;
export type NewUser = typeof users.$inferInsert;

export async function findUserByUsernameOrEmail(
  db: DbOrTx,
  username: string,
  email: string,
): Promise<Pick<User, 'id' | 'username' | 'email'>[]> {
  return db
    .select({ id: users.id, username: users.username, email: users.email })
    .from(users)
    .where(
      or(
        eq(sql`lower(${users.username})`, username.toLowerCase()),
        eq(sql`lower(${users.email})`, email.toLowerCase()),
      ),
    );
}

export async function insertUser(db: DbOrTx, values: NewUser): Promise<User> {
  const [row] = await db.insert(users).values(values).returning();
  return row!;
}

export async function insertMembership(
  db: DbOrTx,
  values: { userId: number; organisationId: number; roleId: number; viewRoleId?: number },
): Promise<void> {
  await db
    .insert(memberships)
    .values({ ...values, viewRoleId: values.viewRoleId ?? values.roleId });
}
