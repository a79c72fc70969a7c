import { BASE_SKILLS, SKILL_LOOKUP_LIMIT } from '@atrium/contract';
import { eq, sql } from 'drizzle-orm';
import { type DbOrTx, queryRows } from '../../core/db/database.ts';
import {
  userAdditionalInfo,
  type userAddresses,
  type userEducation,
  type userProfessionalInfo,
  type userSocialMedia,
} from '../../schema/profiles.table.ts';
import { memberships } from '../../schema/users.table.ts';

/** Every section table has a serial `id` and the owning `userId`; the rest is its own. */
export type SectionTable =
  | typeof userEducation
  | typeof userProfessionalInfo
  | typeof userAddresses
  | typeof userAdditionalInfo
  | typeof userSocialMedia;
export type SectionRow<T extends SectionTable> = T['$inferSelect'];
export type SectionValues<T extends SectionTable> = Partial<T['$inferInsert']>;

// Drizzle cannot type a write against a union of tables; each call site passes one
// concrete table and values built for it, so the casts below only bridge that gap.

export async function findSection<T extends SectionTable>(
  db: DbOrTx,
  table: T,
  id: number,
): Promise<SectionRow<T> | undefined> {
  const [row] = await db
    .select()
    .from(table as SectionTable)
    .where(eq(table.id, id));
  return row as SectionRow<T> | undefined;
}

export async function userHasSection(db: DbOrTx, table: SectionTable, userId: number) {
  const rows = await db
    .select({ id: table.id })
    .from(table as SectionTable)
    .where(eq(table.userId, userId))
    .limit(1);
  return rows.length > 0;
}

export async function insertSections<T extends SectionTable>(
  db: DbOrTx,
  table: T,
  values: (SectionValues<T> & { userId: number })[],
): Promise<SectionRow<T>[]> {
  const rows = await db
    .insert(table as typeof userEducation)
    .values(values as (typeof userEducation.$inferInsert)[])
    .returning();
  return rows as unknown as SectionRow<T>[];
}

export async function updateSection<T extends SectionTable>(
  db: DbOrTx,
  table: T,
  id: number,
  values: SectionValues<T>,
): Promise<SectionRow<T>> {
  const [row] = await db
    .update(table as typeof userEducation)
    .set(values as Partial<typeof userEducation.$inferInsert>)
    .where(eq(table.id, id))
    .returning();
  return row as unknown as SectionRow<T>;
}

export async function deleteSection(db: DbOrTx, table: SectionTable, id: number) {
  await db.delete(table as typeof userEducation).where(eq(table.id, id));
}

// LIKE treats % and _ as wildcards; a search for "c_" means those two characters.
const likePattern = (search: string) => `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * Skills to offer: those the organisation's people already listed, merged
 * with the built-in base list, case-insensitively distinct, alphabetical,
 * at most SKILL_LOOKUP_LIMIT.
 */
export async function lookupSkills(
  db: DbOrTx,
  organisationId: number,
  search: string | undefined,
): Promise<string[]> {
  const filter = search ? sql`s.skill ilike ${likePattern(search)}` : sql`true`;
  const used = await queryRows<{ skill: string }>(
    db,
    sql`select min(s.skill) as skill
        from ${userAdditionalInfo} ai
        join ${memberships} m
          on m.user_id = ai.user_id and m.organisation_id = ${organisationId}
        cross join lateral unnest(ai.skills) as s(skill)
        where ${filter}
        group by lower(s.skill)
        order by lower(s.skill)
        limit ${SKILL_LOOKUP_LIMIT}`,
  );
  const needle = search?.toLowerCase();
  const merged = new Map<string, string>();
  for (const skill of BASE_SKILLS) {
    if (!needle || skill.toLowerCase().includes(needle)) merged.set(skill.toLowerCase(), skill);
  }
  // The organisation's own spelling wins over the base list's.
  for (const { skill } of used) merged.set(skill.toLowerCase(), skill);
  return [...merged.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .slice(0, SKILL_LOOKUP_LIMIT)
    .map(([, skill]) => skill);
}
