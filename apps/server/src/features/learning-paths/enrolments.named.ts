import type { TLearningPathAssign } from '@atrium/contract';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../core/db/database.ts';
import { badRequest } from '../../core/errors/app-error.ts';
import {
  learningPathExclusions,
  type PathEnrolmentSource,
} from '../../schema/learning-paths.table.ts';
import { userProfiles } from '../../schema/profiles.table.ts';
import { departments, designations } from '../../schema/structure.table.ts';
import { memberships, users } from '../../schema/users.table.ts';
import type { Path } from './paths.repository.ts';

/**
 * The people the assignment names, each with how they came (a learner named directly counts as
 * assigned even when their department is named too). Every id must belong to the path's
 * organisation: else one 400 naming the wrong ones per field, before anything is written.
 */
export async function whoIsNamed(db: DbOrTx, path: Path, input: TLearningPathAssign) {
  const org = path.organisationId;
  const errors: Record<string, string[]> = {};
  const userIds = [...new Set(input.users)];
  const members = new Set(
    userIds.length === 0
      ? []
      : (
          await db
            .select({ id: memberships.userId })
            .from(memberships)
            .where(and(eq(memberships.organisationId, org), inArray(memberships.userId, userIds)))
        ).map((m) => m.id),
  );
  const strangers = userIds.filter((id) => !members.has(id));
  if (strangers.length > 0) {
    errors.users = [
      `Only members of the path's organisation can be assigned; not: ${strangers.join(', ')}.`,
    ];
  }
  const deptIds = [...new Set(input.departments)];
  const ownDepts = new Set(
    deptIds.length === 0
      ? []
      : (
          await db
            .select({ id: departments.id })
            .from(departments)
            .where(and(eq(departments.organisationId, org), inArray(departments.id, deptIds)))
        ).map((d) => d.id),
  );
  const otherDepts = deptIds.filter((id) => !ownDepts.has(id));
  if (otherDepts.length > 0) {
    errors.departments = [
      `Choose departments of the path's organisation; not: ${otherDepts.join(', ')}.`,
    ];
  }
  const desigIds = [...new Set(input.designations)];
  const ownDesigs = new Set(
    desigIds.length === 0
      ? []
      : (
          await db
            .select({ id: designations.id })
            .from(designations)
            .innerJoin(departments, eq(departments.id, designations.departmentId))
            .where(and(eq(departments.organisationId, org), inArray(designations.id, desigIds)))
        ).map((d) => d.id),
  );
  const otherDesigs = desigIds.filter((id) => !ownDesigs.has(id));
  if (otherDesigs.length > 0) {
    errors.designations = [
      `Choose designations of the path's organisation; not: ${otherDesigs.join(', ')}.`,
    ];
  }
  if (Object.keys(errors).length > 0) {
    throw badRequest('Invalid input. Please correct the fields listed.', errors);
  }
  const sources = new Map<number, PathEnrolmentSource>();
  for (const id of userIds) sources.set(id, 'assigned');
  // Current active members of the named departments and designations (user_profiles_department_idx).
  const placed = async (column: 'department' | 'designation', ids: number[]) => {
    if (ids.length === 0) return;
    const col = column === 'department' ? userProfiles.departmentId : userProfiles.designationId;
    const rows = await db
      .select({ id: userProfiles.userId })
      .from(userProfiles)
      .innerJoin(
        memberships,
        and(eq(memberships.userId, userProfiles.userId), eq(memberships.organisationId, org)),
      )
      .innerJoin(users, and(eq(users.id, userProfiles.userId), eq(users.isActive, true)))
      .where(
        and(
          inArray(col, ids),
          // A learner a manager removed stays out until named again (learning_path_exclusions).
          sql`not exists (select 1 from ${learningPathExclusions} x where x.path_id = ${path.id} and x.user_id = ${userProfiles.userId})`,
        ),
      );
    for (const r of rows) if (!sources.has(r.id)) sources.set(r.id, column);
  };
  await placed('department', deptIds);
  await placed('designation', desigIds);
  return { userIds, deptIds, desigIds, sources };
}
