import { randomBytes } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../core/db/database.ts';
import {
  classroomClasses,
  classroomOccupancy,
  classroomRooms,
  classroomSessions,
  classroomSessionTrainers,
  classrooms,
  classroomTopics,
} from '../../schema/classrooms.table.ts';

const DAY = 86_400_000;
const two = (n: number) => String(n).padStart(2, '0');

/**
 * A published classroom with one class, two topics and three sessions in the coming weeks (one in
 * a room, two online), taught by the demo trainer: the demo opens on a real schedule. Matched by
 * title: what exists is left alone.
 */
export async function seedDemoClassroom(
  tx: DbOrTx,
  organisationId: number,
  people: Record<string, number>,
  now = new Date(),
): Promise<boolean> {
  const title = 'First Aid Practical';
  const [existing] = await tx
    .select({ id: classrooms.id })
    .from(classrooms)
    .where(and(eq(classrooms.organisationId, organisationId), eq(classrooms.title, title)));
  if (existing || !people.trainer) return false;
  const [classroom] = await tx
    .insert(classrooms)
    .values({
      organisationId,
      title,
      description: 'Hands-on first aid with a qualified trainer: CPR, recovery position, bleeding.',
      status: 'published',
      publishedAt: now,
      createdBy: people.admin ?? null,
    })
    .returning();
  const [cls] = await tx
    .insert(classroomClasses)
    .values({
      classroomId: classroom!.id,
      organisationId,
      name: 'Spring cohort',
      description: 'Three sessions; attend two to complete.',
      completionPercent: 66,
      surveyQuestions: ['What will you practise first?'],
      createdBy: people.admin ?? null,
    })
    .returning();
  const [room] = await tx
    .insert(classroomRooms)
    .values({ organisationId, name: 'Training room 1', location: 'Ground floor', capacity: 12 })
    .onConflictDoNothing()
    .returning();
  const topics = await tx
    .insert(classroomTopics)
    .values([
      { classId: cls!.id, organisationId, title: 'Life support', position: 0 },
      { classId: cls!.id, organisationId, title: 'Injuries', position: 1 },
    ])
    .returning();
  const plan = [
    { topic: 0, title: 'CPR and defibrillators', days: 7, hour: 9, room: true },
    { topic: 0, title: 'Recovery position', days: 14, hour: 9, room: false },
    { topic: 1, title: 'Bleeding and burns', days: 21, hour: 13, room: false },
  ];
  for (const p of plan) {
    const day = new Date(now.getTime() + p.days * DAY);
    const startsAt = new Date(
      Date.UTC(day.getUTCFullYear(), day.getUTCMonth(), day.getUTCDate(), p.hour),
    );
    const endsAt = new Date(startsAt.getTime() + 90 * 60_000);
    const roomId = p.room && room ? room.id : null;
    const [session] = await tx
      .insert(classroomSessions)
      .values({
        topicId: topics[p.topic]!.id,
        classId: cls!.id,
        organisationId,
        title: p.title,
        date: startsAt.toISOString().slice(0, 10),
        startTime: `${two(p.hour)}:00`,
        endTime: `${two(p.hour + 1)}:30`,
        timeZone: 'UTC',
        startsAt,
        endsAt,
        roomId,
        meetingProvider: roomId ? null : 'jitsi',
        capacity: roomId ? 12 : 20,
        checkinSecret: randomBytes(32).toString('base64url'),
        createdBy: people.admin ?? null,
      })
      .returning();
    await tx
      .insert(classroomSessionTrainers)
      .values({ sessionId: session!.id, userId: people.trainer });
    await tx.insert(classroomOccupancy).values([
      {
        sessionId: session!.id,
        resourceKind: 'trainer',
        resourceId: people.trainer,
        startsAt,
        endsAt,
      },
      ...(roomId
        ? [
            {
              sessionId: session!.id,
              resourceKind: 'room' as const,
              resourceId: roomId,
              startsAt,
              endsAt,
            },
          ]
        : []),
    ]);
  }
  return true;
}
