import { and, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../core/db/database.ts';
import {
  competencies,
  competencyEvidence,
  competencyFrameworks,
  competencyLinks,
  competencyThresholds,
} from '../../schema/competencies.table.ts';
import { courses } from '../../schema/courses.table.ts';

const SCALE = [
  { level: 1, name: 'Aware' },
  { level: 2, name: 'Practitioner' },
  { level: 3, name: 'Advanced' },
  { level: 4, name: 'Expert' },
];

/**
 * Competencies for the demo: a small "Workplace Safety" framework (a root and three children),
 * a threshold of Practitioner for everyone on two of them, Fire Safety Essentials linked to
 * "Fire response" (complete at level 2), and the learner's evidence from having completed it
 * (as the subscriber would have written it). An organisation that has a framework is left alone.
 */
export async function seedDemoCompetencies(
  tx: DbOrTx,
  organisationId: number,
  people: Record<string, number>,
): Promise<boolean> {
  const { learner, admin } = people;
  if (learner === undefined || admin === undefined) return false;
  const [existing] = await tx
    .select({ id: competencyFrameworks.id })
    .from(competencyFrameworks)
    .where(eq(competencyFrameworks.organisationId, organisationId))
    .limit(1);
  if (existing) return false;
  const [framework] = await tx
    .insert(competencyFrameworks)
    .values({
      organisationId,
      name: 'Workplace Safety',
      description: 'What every member of staff needs to work safely.',
      scale: SCALE,
      createdBy: admin,
    })
    .returning();
  const base = { organisationId, frameworkId: framework!.id };
  const [root] = await tx
    .insert(competencies)
    .values({ ...base, code: 'WS', name: 'Workplace safety' })
    .returning();
  const children = await tx
    .insert(competencies)
    .values([
      { ...base, parentId: root!.id, code: 'WS.1', name: 'Fire response' },
      { ...base, parentId: root!.id, code: 'WS.2', name: 'Manual handling' },
      { ...base, parentId: root!.id, code: 'WS.3', name: 'Reporting incidents' },
    ])
    .returning();
  const [fire, handling] = children;
  await tx.insert(competencyThresholds).values([
    { organisationId, competencyId: fire!.id, level: 2 },
    { organisationId, competencyId: handling!.id, level: 2 },
  ]);
  const [course] = await tx
    .select({ id: courses.id })
    .from(courses)
    .where(
      and(eq(courses.organisationId, organisationId), eq(courses.title, 'Fire Safety Essentials')),
    );
  if (course) {
    await tx.insert(competencyLinks).values({
      organisationId,
      competencyId: fire!.id,
      targetType: 'course',
      targetId: course.id,
      outcome: 'complete',
      level: 2,
    });
    await tx.insert(competencyEvidence).values({
      organisationId,
      userId: learner,
      competencyId: fire!.id,
      source: 'course',
      sourceId: course.id,
      sourceKey: `course:${course.id}`,
      outcome: 'complete',
      level: 2,
    });
  }
  return true;
}
