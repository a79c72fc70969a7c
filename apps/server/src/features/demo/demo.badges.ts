import { and, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../core/db/database.ts';
import { type BadgeCriteria, badgeAwards, badgeFacts, badges } from '../../schema/badges.table.ts';
import { courses } from '../../schema/courses.table.ts';
import { pointTotals } from '../../schema/gamification.table.ts';

const criteria = (c: Partial<BadgeCriteria>): BadgeCriteria => ({
  manual_only: false,
  courses: [],
  learning_paths: [],
  assessments: [],
  points: null,
  badges: [],
  ...c,
});

/**
 * Badges for the demo (after the gamification seed): "Safety first" for Fire Safety Essentials,
 * which the learner already holds; "Rising star" at 200 points, which the learner (140 points)
 * earns live by completing one more course; and a manual-only "Helping hand". The learner's
 * facts are recorded as the subscribers would have (no events: nobody is told of a seed). An
 * organisation that has badges is left alone.
 */
export async function seedDemoBadges(
  tx: DbOrTx,
  organisationId: number,
  people: Record<string, number>,
): Promise<boolean> {
  const { learner } = people;
  if (learner === undefined) return false;
  const [existing] = await tx
    .select({ id: badges.id })
    .from(badges)
    .where(eq(badges.organisationId, organisationId))
    .limit(1);
  if (existing) return false;
  const [course] = await tx
    .select({ id: courses.id })
    .from(courses)
    .where(
      and(eq(courses.organisationId, organisationId), eq(courses.title, 'Fire Safety Essentials')),
    );
  const made = await tx
    .insert(badges)
    .values([
      ...(course
        ? [
            {
              organisationId,
              name: 'Safety first',
              description: 'Completed Fire Safety Essentials.',
              criteria: criteria({ courses: [course.id] }),
            },
          ]
        : []),
      {
        organisationId,
        name: 'Rising star',
        description: 'Reached 200 points.',
        criteria: criteria({ points: 200 }),
        postToWall: true,
      },
      {
        organisationId,
        name: 'Helping hand',
        description: 'Went out of their way to help a colleague.',
        criteria: criteria({ manual_only: true }),
      },
    ])
    .returning({ id: badges.id, name: badges.name });
  const [total] = await tx
    .select({ points: pointTotals.points })
    .from(pointTotals)
    .where(and(eq(pointTotals.organisationId, organisationId), eq(pointTotals.userId, learner)));
  const facts: (typeof badgeFacts.$inferInsert)[] = [];
  if (course) facts.push({ userId: learner, kind: 'course', refId: course.id });
  if (total)
    facts.push({ userId: learner, kind: 'points', refId: organisationId, value: total.points });
  if (facts.length) await tx.insert(badgeFacts).values(facts).onConflictDoNothing();
  const safety = made.find((b) => b.name === 'Safety first');
  if (safety)
    await tx.insert(badgeAwards).values({ badgeId: safety.id, organisationId, userId: learner });
  return true;
}
