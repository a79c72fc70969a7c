import type { TCompetencyLinkTarget } from '@atrium/contract';
import { and, eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../core/db/database.ts';
import { assessments } from '../../schema/assessments.table.ts';
import { classroomTopics } from '../../schema/classrooms.table.ts';
import { courses } from '../../schema/courses.table.ts';

/**
 * The rows a link may point at: another slice's courses, assessments and classroom topics. The
 * owning slices export no name readers, so this reads their tables (read joins through
 * src/schema, as ARCHITECTURE.md allows; never a write), like certificates.names.ts does.
 */
export const TARGET_TABLES = {
  course: courses,
  assessment: assessments,
  classroom_topic: classroomTopics,
} as const;

// The three tables share the columns read here (id, organisation_id, title); drizzle's builder
// wants one table type, so the union is read as one of them (certificates.names.ts does the same).
const asOne = (type: TCompetencyLinkTarget) => TARGET_TABLES[type] as typeof courses;

/** The target's organisation, or null when it does not exist. */
export async function targetOrganisation(
  db: DbOrTx,
  type: TCompetencyLinkTarget,
  id: number,
): Promise<number | null> {
  const table = asOne(type);
  const [row] = await db.select({ org: table.organisationId }).from(table).where(eq(table.id, id));
  return row?.org ?? null;
}

export type TargetNames = (type: TCompetencyLinkTarget, id: number) => string | null;

/**
 * The titles of a page's link targets in the links' organisation: one query per target type
 * present (never one per link). A target gone, or not the organisation's, has no name (null).
 */
export async function targetNames(
  db: DbOrTx,
  organisationId: number,
  links: readonly { targetType: TCompetencyLinkTarget; targetId: number }[],
): Promise<TargetNames> {
  const ids = new Map<TCompetencyLinkTarget, Set<number>>();
  for (const l of links) {
    const set = ids.get(l.targetType) ?? new Set<number>();
    set.add(l.targetId);
    ids.set(l.targetType, set);
  }
  const names = new Map<string, string>();
  await Promise.all(
    [...ids].map(async ([type, set]) => {
      const table = asOne(type);
      const rows = await db
        .select({ id: table.id, title: table.title })
        .from(table)
        .where(and(inArray(table.id, [...set]), eq(table.organisationId, organisationId)));
      for (const r of rows) names.set(`${type}:${r.id}`, r.title);
    }),
  );
  return (type, id) => names.get(`${type}:${id}`) ?? null;
}
