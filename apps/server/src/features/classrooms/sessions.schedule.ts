import { ROLE } from '@atrium/contract';
import { and, eq, inArray, ne, sql } from 'drizzle-orm';
import { type DbOrTx, queryRows, type Tx } from '../../core/db/database.ts';
import { AppError, badRequest, fieldError } from '../../core/errors/app-error.ts';
import { postgresCode } from '../../core/errors/error-handler.ts';
import {
  classroomClasses,
  classroomMeetingSettings,
  classroomOccupancy,
  classroomRooms,
  classroomSessions,
  classroomSessionTrainers,
} from '../../schema/classrooms.table.ts';
import { memberships, users } from '../../schema/users.table.ts';

/**
 * The rules a session's time and resources obey, shared by creating and changing sessions:
 * trainers and room of the organisation, the UTC instants computed by the database from the
 * wall-clock date, times and zone, and the occupancy rows that the exclusion constraints guard
 * (drizzle/0028): whatever the pre-check saw, two overlapping sessions of one trainer or room
 * never both commit.
 */

const EXCLUSION_VIOLATION = '23P01';

/** UTC instants of a wall-clock date and time in a zone (PostgreSQL's zone database). */
export async function instantsOf(
  db: DbOrTx,
  s: { date: string; start_time: string; end_time: string; time_zone: string },
) {
  const [row] = await queryRows<{ starts_at: string; ends_at: string }>(
    db,
    sql`select ((${s.date}::date + ${s.start_time}::time) at time zone ${s.time_zone}) as starts_at,
               ((${s.date}::date + ${s.end_time}::time) at time zone ${s.time_zone}) as ends_at`,
  ).catch((error: unknown) => {
    // A zone the runtime knows and the database does not (their zone data differ in age).
    if (postgresCode(error) === '22023') throw fieldError('time_zone', 'Enter a valid time zone.');
    throw error;
  });
  return { startsAt: new Date(row!.starts_at), endsAt: new Date(row!.ends_at) };
}

/** The named trainers, if each is an active admin or trainer of the organisation; else a 400 on `field`. */
export async function checkTrainers(
  tx: Tx,
  organisationId: number,
  ids: readonly number[],
  field: string,
) {
  const unique = [...new Set(ids)];
  const found = await tx
    .select({ id: users.id })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(
      and(
        eq(memberships.organisationId, organisationId),
        inArray(memberships.userId, unique),
        inArray(memberships.roleId, [ROLE.ADMIN, ROLE.TRAINER]),
        eq(users.isActive, true),
      ),
    );
  if (found.length !== unique.length) {
    const ok = new Set(found.map((f) => f.id));
    const bad = unique.filter((id) => !ok.has(id));
    const message = `Not a trainer of this organisation: ${bad.join(', ')}.`;
    throw badRequest(message, { [field]: [message] });
  }
  return unique;
}

export async function checkRoom(
  tx: Tx,
  organisationId: number,
  roomId: number | null,
  capacity: number,
  prefix: string,
) {
  if (roomId === null) return;
  const [room] = await tx
    .select()
    .from(classroomRooms)
    .where(and(eq(classroomRooms.id, roomId), eq(classroomRooms.organisationId, organisationId)));
  if (!room) {
    const message = 'Choose a room of this organisation.';
    throw badRequest(message, { [`${prefix}room`]: [message] });
  }
  if (capacity > room.capacity) {
    const message = `${room.name} seats ${room.capacity}; lower the capacity or choose a larger room.`;
    throw badRequest(message, { [`${prefix}capacity`]: [message] });
  }
}

/** The provider an online session uses: the organisation's choice, Jitsi by default. */
export async function providerFor(tx: Tx, organisationId: number) {
  const [row] = await tx
    .select({ provider: classroomMeetingSettings.provider })
    .from(classroomMeetingSettings)
    .where(eq(classroomMeetingSettings.organisationId, organisationId));
  return row?.provider ?? 'jitsi';
}

/**
 * Replaces what a session holds (its trainers and room, for its range). A clash, found by the
 * constraint, is a 409 naming the field; the caller's transaction is then rolled back whole.
 */
export async function holdResources(
  tx: Tx,
  session: { id: number; startsAt: Date; endsAt: Date; roomId: number | null },
  trainerIds: readonly number[],
  prefix: string,
) {
  await tx.delete(classroomOccupancy).where(eq(classroomOccupancy.sessionId, session.id));
  const rows = [
    ...trainerIds.map((id) => ({ resourceKind: 'trainer' as const, resourceId: id })),
    ...(session.roomId ? [{ resourceKind: 'room' as const, resourceId: session.roomId }] : []),
  ].map((r) => ({
    ...r,
    sessionId: session.id,
    startsAt: session.startsAt,
    endsAt: session.endsAt,
  }));
  await clashDetails(tx, session, trainerIds, prefix);
  try {
    await tx.insert(classroomOccupancy).values(rows);
  } catch (error) {
    if (postgresCode(error) !== EXCLUSION_VIOLATION) throw error;
    // Lost a race the pre-check could not see: the constraint decided.
    const room = String((error as { cause?: { constraint?: string } }).cause?.constraint ?? '')
      .concat(String((error as { constraint?: string }).constraint ?? ''))
      .includes('_room_excl');
    const field = `${prefix}${room ? 'room' : 'trainers'}`;
    const message = room
      ? 'The room was booked for another session at that time a moment ago.'
      : 'A trainer was booked for another session at that time a moment ago.';
    throw new AppError(409, message, { [field]: [message] });
  }
}

/** The friendly 409: which session already holds the trainer or room then. */
async function clashDetails(
  tx: Tx,
  session: { id: number; startsAt: Date; endsAt: Date; roomId: number | null },
  trainerIds: readonly number[],
  prefix: string,
) {
  const clashes = await tx
    .select({
      kind: classroomOccupancy.resourceKind,
      resourceId: classroomOccupancy.resourceId,
      title: classroomSessions.title,
      className: classroomClasses.name,
      date: classroomSessions.date,
      start: classroomSessions.startTime,
      end: classroomSessions.endTime,
      zone: classroomSessions.timeZone,
      trainer: sql<string>`coalesce(nullif(trim(${users.firstName} || ' ' || ${users.lastName}), ''), ${users.username})`,
    })
    .from(classroomOccupancy)
    .innerJoin(classroomSessions, eq(classroomSessions.id, classroomOccupancy.sessionId))
    .innerJoin(classroomClasses, eq(classroomClasses.id, classroomSessions.classId))
    .leftJoin(
      users,
      and(
        eq(users.id, classroomOccupancy.resourceId),
        eq(classroomOccupancy.resourceKind, 'trainer'),
      ),
    )
    .where(
      and(
        ne(classroomOccupancy.sessionId, session.id),
        sql`${classroomOccupancy.startsAt} < ${session.endsAt} and ${classroomOccupancy.endsAt} > ${session.startsAt}`,
        sql`((${classroomOccupancy.resourceKind} = 'trainer' and ${classroomOccupancy.resourceId} in ${trainerIds.length ? trainerIds : [0]}) or (${classroomOccupancy.resourceKind} = 'room' and ${classroomOccupancy.resourceId} = ${session.roomId ?? 0}))`,
      ),
    )
    .limit(1);
  const clash = clashes[0];
  if (!clash) return;
  const when = `${clash.date} ${clash.start.slice(0, 5)}–${clash.end.slice(0, 5)} ${clash.zone}`;
  const what = `“${clash.title}” (${clash.className}, ${when})`;
  const [field, message] =
    clash.kind === 'room'
      ? [`${prefix}room`, `The room is already booked for ${what}.`]
      : [`${prefix}trainers`, `${clash.trainer} already trains ${what}.`];
  throw new AppError(409, message, { [field]: [message] });
}

/** Replaces the session's trainers. */
export async function setTrainers(tx: Tx, sessionId: number, trainerIds: readonly number[]) {
  await tx
    .delete(classroomSessionTrainers)
    .where(eq(classroomSessionTrainers.sessionId, sessionId));
  await tx
    .insert(classroomSessionTrainers)
    .values(trainerIds.map((userId) => ({ sessionId, userId })));
}
