import { eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../core/db/database.ts';
import { userProfiles } from '../../schema/profiles.table.ts';
import { departments } from '../../schema/structure.table.ts';

/**
 * Two departments for the demo, so that what works per department (audiences, leaderboards,
 * the competency gaps) has something to show: the learner works in Operations, the trainer and
 * the admin in Learning & Development. An organisation that has departments is left alone, and
 * a demo user already placed somewhere stays there.
 */
export async function seedDemoDepartments(
  tx: DbOrTx,
  organisationId: number,
  people: Record<string, number>,
): Promise<boolean> {
  const [existing] = await tx
    .select({ id: departments.id })
    .from(departments)
    .where(eq(departments.organisationId, organisationId))
    .limit(1);
  if (existing) return false;
  const [operations, learning] = await tx
    .insert(departments)
    .values([
      { organisationId, name: 'Operations' },
      { organisationId, name: 'Learning & Development' },
    ])
    .returning({ id: departments.id });
  const placements = [
    { userId: people.learner, departmentId: operations!.id },
    { userId: people.trainer, departmentId: learning!.id },
    { userId: people.admin, departmentId: learning!.id },
  ].filter((p): p is { userId: number; departmentId: number } => p.userId !== undefined);
  if (placements.length > 0)
    await tx
      .insert(userProfiles)
      .values(placements)
      .onConflictDoUpdate({
        target: userProfiles.userId,
        set: { departmentId: sql`coalesce(${userProfiles.departmentId}, excluded.department_id)` },
      });
  return true;
}
