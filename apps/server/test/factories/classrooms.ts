import { randomBytes } from 'node:crypto';

import type { DbOrTx } from '../../src/core/db/database.ts';
import {
  type BookingStatus,
  classroomBookings,
  classroomClasses,
  classroomOccupancy,
  classroomRooms,
  classroomSessions,
  classroomSessionTrainers,
  classrooms,
  classroomTopics,
} from '../../src/schema/classrooms.table.ts';
import { makeOrganisation } from './organisations.ts';
import { makeTrainer } from './users.ts';

const suffix = () => randomBytes(3).toString('hex');

/** A classroom, published unless told otherwise, with its author (a new trainer when not given). */
export async function makeClassroom(
  db: DbOrTx,
  options: Partial<Omit<typeof classrooms.$inferInsert, 'id'>> = {},
) {
  const organisationId = options.organisationId ?? (await makeOrganisation(db)).id;
  const createdBy =
    options.createdBy === undefined
      ? (await makeTrainer(db, { organisationId })).id
      : options.createdBy;
  const [row] = await db
    .insert(classrooms)
    .values({
      title: `Classroom ${suffix()}`,
      status: 'published',
      publishedAt: options.status && options.status !== 'published' ? null : new Date(),
      ...options,
      organisationId,
      createdBy,
    })
    .returning();
  return row!;
}

/** A class of a classroom (a new published classroom when not given). */
export async function makeClass(
  db: DbOrTx,
  options: Partial<Omit<typeof classroomClasses.$inferInsert, 'id'>> & {
    classroomId?: number;
  } = {},
) {
  const classroom = options.classroomId
    ? { id: options.classroomId, organisationId: options.organisationId! }
    : await makeClassroom(
        db,
        options.organisationId ? { organisationId: options.organisationId } : {},
      );
  const [row] = await db
    .insert(classroomClasses)
    .values({
      name: `Class ${suffix()}`,
      ...options,
      classroomId: classroom.id,
      organisationId: classroom.organisationId,
    })
    .returning();
  return row!;
}

export async function makeTopic(
  db: DbOrTx,
  cls: { id: number; organisationId: number },
  options: Partial<
    Omit<typeof classroomTopics.$inferInsert, 'id' | 'classId' | 'organisationId'>
  > = {},
) {
  const [row] = await db
    .insert(classroomTopics)
    .values({
      title: `Topic ${suffix()}`,
      ...options,
      classId: cls.id,
      organisationId: cls.organisationId,
    })
    .returning();
  return row!;
}

export async function makeRoom(db: DbOrTx, organisationId: number, capacity = 20) {
  const [row] = await db
    .insert(classroomRooms)
    .values({ organisationId, name: `Room ${suffix()}`, capacity })
    .returning();
  return row!;
}

export interface SessionOptions {
  /** Start instant (default: tomorrow at this time); the date and times are written in UTC. */
  startsAt?: Date;
  minutes?: number;
  trainerIds?: number[];
  roomId?: number | null;
  capacity?: number;
  minimumSize?: number | null;
  cutOffAt?: Date | null;
  keepBelowMinimum?: boolean;
  status?: 'scheduled' | 'cancelled' | 'completed';
  online?: boolean;
  title?: string;
}

const two = (n: number) => String(n).padStart(2, '0');

/**
 * A session of a topic, in UTC, holding its trainers (a new trainer when not given) and room in
 * the occupancy table as the service does (so double-booking tests meet the constraint).
 */
export async function makeSession(
  db: DbOrTx,
  topic: { id: number; classId: number; organisationId: number },
  options: SessionOptions = {},
) {
  const startsAt = options.startsAt ?? new Date(Date.now() + 24 * 3600_000);
  const endsAt = new Date(startsAt.getTime() + (options.minutes ?? 60) * 60_000);
  const date = startsAt.toISOString().slice(0, 10);
  const time = (d: Date) =>
    `${two(d.getUTCHours())}:${two(d.getUTCMinutes())}:${two(d.getUTCSeconds())}`;
  const trainerIds = options.trainerIds ?? [
    (await makeTrainer(db, { organisationId: topic.organisationId })).id,
  ];
  const [session] = await db
    .insert(classroomSessions)
    .values({
      topicId: topic.id,
      classId: topic.classId,
      organisationId: topic.organisationId,
      title: options.title ?? `Session ${suffix()}`,
      date,
      startTime: time(startsAt),
      endTime: time(endsAt),
      timeZone: 'UTC',
      startsAt,
      endsAt,
      roomId: options.roomId ?? null,
      meetingProvider: options.online ? 'jitsi' : null,
      capacity: options.capacity ?? 10,
      minimumSize: options.minimumSize ?? null,
      cutOffAt: options.cutOffAt ?? null,
      keepBelowMinimum: options.keepBelowMinimum ?? false,
      status: options.status ?? 'scheduled',
      checkinSecret: randomBytes(32).toString('base64url'),
    })
    .returning();
  const s = session!;
  if (trainerIds.length) {
    await db
      .insert(classroomSessionTrainers)
      .values(trainerIds.map((userId) => ({ sessionId: s.id, userId })));
  }
  if (s.status === 'scheduled') {
    const held = [
      ...trainerIds.map((id) => ({ kind: 'trainer' as const, id })),
      ...(s.roomId ? [{ kind: 'room' as const, id: s.roomId }] : []),
    ];
    if (held.length) {
      await db.insert(classroomOccupancy).values(
        held.map((h) => ({
          sessionId: s.id,
          resourceKind: h.kind,
          resourceId: h.id,
          startsAt,
          endsAt,
        })),
      );
    }
  }
  return s;
}

/** A booking row as the booking service would leave it. */
export async function makeBooking(
  db: DbOrTx,
  session: { id: number; organisationId: number },
  userId: number,
  status: BookingStatus = 'booked',
  requestedAt: Date = new Date(),
) {
  const [row] = await db
    .insert(classroomBookings)
    .values({
      sessionId: session.id,
      organisationId: session.organisationId,
      userId,
      status,
      requestedAt,
      bookedAt: status === 'booked' || status === 'attended' ? requestedAt : null,
    })
    .returning();
  return row!;
}

/** A published classroom → class → topic → one session: the usual starting point. */
export async function makeClassroomSession(
  db: DbOrTx,
  options: {
    organisationId?: number;
    session?: SessionOptions;
    classOptions?: Partial<typeof classroomClasses.$inferInsert>;
  } = {},
) {
  const organisationId = options.organisationId ?? (await makeOrganisation(db)).id;
  const classroom = await makeClassroom(db, { organisationId });
  const cls = await makeClass(db, {
    ...options.classOptions,
    classroomId: classroom.id,
    organisationId,
  });
  const topic = await makeTopic(db, cls);
  const session = await makeSession(db, topic, options.session);
  return { classroom, cls, topic, session, organisationId };
}
