import { and, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../core/db/database.ts';
import { courses } from '../../schema/courses.table.ts';
import {
  levels,
  pointEntries,
  pointMonthly,
  pointTotals,
} from '../../schema/gamification.table.ts';

const DEMO_LEVELS = [
  { name: 'Newcomer', minPoints: 0, color: '#78909c' },
  { name: 'Explorer', minPoints: 100, color: '#1e88e5' },
  { name: 'Achiever', minPoints: 500, color: '#43a047' },
  { name: 'Champion', minPoints: 1500, color: '#f9a825' },
];

const DAY = 86_400_000;
const dayKey = (d: Date) => d.toISOString().slice(0, 10);

/**
 * Gamification for the demo: four levels and some history, so the leaderboard and the learner's
 * top-bar badge have something to show. The learner completed Fire Safety Essentials and signed
 * in on a few days (Explorer); the trainer and the admin signed in now and then. Ledger rows,
 * totals and months are written as award() writes them, without events (nobody was told of a
 * seed). An organisation that has levels is left alone.
 */
export async function seedDemoGamification(
  tx: DbOrTx,
  organisationId: number,
  people: Record<string, number>,
  now = new Date(),
): Promise<boolean> {
  const { learner, trainer, admin } = people;
  if (learner === undefined || trainer === undefined || admin === undefined) return false;
  const [existing] = await tx
    .select({ id: levels.id })
    .from(levels)
    .where(eq(levels.organisationId, organisationId))
    .limit(1);
  if (existing) return false;
  await tx.insert(levels).values(DEMO_LEVELS.map((l) => ({ ...l, organisationId })));

  const [course] = await tx
    .select({ id: courses.id })
    .from(courses)
    .where(
      and(eq(courses.organisationId, organisationId), eq(courses.title, 'Fire Safety Essentials')),
    );
  const entries: (typeof pointEntries.$inferInsert)[] = [];
  const signIns = (userId: number, days: number[]) => {
    for (const d of days) {
      const at = new Date(now.getTime() - d * DAY);
      entries.push({
        organisationId,
        userId,
        rule: 'daily_sign_in',
        sourceKey: dayKey(at),
        points: 5,
        createdAt: at,
      });
    }
  };
  signIns(learner, [1, 2, 3, 5, 8, 13, 21, 34]);
  signIns(trainer, [1, 4, 9, 16, 25, 36, 40]);
  signIns(admin, [2, 30]);
  if (course) {
    entries.push({
      organisationId,
      userId: learner,
      rule: 'course_completed',
      sourceKey: `course:${course.id}`,
      points: 100,
      createdAt: new Date(now.getTime() - 3 * DAY),
    });
  }
  await tx.insert(pointEntries).values(entries);

  const totals = new Map<number, number>();
  const months = new Map<string, { userId: number; month: string; points: number }>();
  for (const e of entries) {
    totals.set(e.userId, (totals.get(e.userId) ?? 0) + e.points);
    const month = `${e.createdAt!.toISOString().slice(0, 7)}-01`;
    const key = `${e.userId}:${month}`;
    const row = months.get(key) ?? { userId: e.userId, month, points: 0 };
    row.points += e.points;
    months.set(key, row);
  }
  await tx
    .insert(pointTotals)
    .values([...totals].map(([userId, points]) => ({ organisationId, userId, points })));
  await tx.insert(pointMonthly).values([...months.values()].map((m) => ({ organisationId, ...m })));
  return true;
}
