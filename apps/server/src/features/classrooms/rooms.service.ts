import {
  ROLE,
  type TCheckSessionQuery,
  type TCheckSessionResult,
  type TPickerQuery,
  type TRoom,
  type TRoomInput,
  type TRoomUpdate,
} from '@atrium/contract';
import { and, asc, eq, ilike, inArray, ne, or, type SQL, sql } from 'drizzle-orm';
import { recordAudit } from '../../core/audit/audit-log.ts';
import type { AuthContext } from '../../core/auth/access.ts';
import type { Actor } from '../../core/auth/actor.ts';
import type { AppContext } from '../../core/context.ts';
import type { DbOrTx } from '../../core/db/database.ts';
import { runInTransaction } from '../../core/db/transaction.ts';
import { conflict, forbidden, notFound } from '../../core/errors/app-error.ts';
import { postgresCode } from '../../core/errors/error-handler.ts';
import {
  classroomClasses,
  classroomRooms,
  classroomSessions,
  classroomSessionTrainers,
} from '../../schema/classrooms.table.ts';
import { organisations } from '../../schema/organisations.table.ts';
import { memberships, users } from '../../schema/users.table.ts';
import { personName } from './classrooms.access.ts';
import { canManageRooms } from './classrooms.policy.ts';
import { emitSessionsChanged } from './classrooms.search.ts';
import { targetOrganisation } from './classrooms.service.ts';
import { instantsOf } from './sessions.schedule.ts';

/** Rooms, the schedulers' pickers (trainers, organisations, learners) and check-session. */

const ROOM_NOT_FOUND = 'Room not found.';
const NAME_TAKEN = 'A room of this name exists already.';
const like = (s: string) => `%${s.replace(/[%_\\]/g, '\\$&')}%`;

const presentRoom = (r: typeof classroomRooms.$inferSelect): TRoom => ({
  id: r.id,
  organisation: r.organisationId,
  name: r.name,
  location: r.location,
  capacity: r.capacity,
});

/** The organisation a staff read is about: a superadmin may name one; others read their own. */
const readOrganisation = (actor: Actor, given: number | undefined) =>
  actor.isSuperadmin && given ? given : actor.organisationId;

export async function listRooms(
  db: DbOrTx,
  actor: Actor,
  q: TPickerQuery,
  bounds: { limit: number; offset: number },
) {
  const where = and(
    eq(classroomRooms.organisationId, readOrganisation(actor, q.organisation)),
    q.search
      ? or(
          ilike(classroomRooms.name, like(q.search)),
          ilike(classroomRooms.location, like(q.search)),
        )
      : undefined,
  );
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(classroomRooms)
      .where(where)
      .orderBy(asc(classroomRooms.name), asc(classroomRooms.id))
      .limit(bounds.limit)
      .offset(bounds.offset),
    db.select({ n: sql<number>`count(*)::int` }).from(classroomRooms).where(where),
  ]);
  return { count: total?.n ?? 0, rows: rows.map(presentRoom) };
}

async function nameTaken<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (postgresCode(error) === '23505') throw conflict(NAME_TAKEN, [NAME_TAKEN]);
    throw error;
  }
}

export async function createRoom(ctx: AppContext, auth: AuthContext, input: TRoomInput) {
  const organisationId = await targetOrganisation(ctx.db, auth, input.organisation);
  if (!canManageRooms(auth, organisationId)) throw forbidden('Only admins keep the rooms.');
  const [row] = await nameTaken(() =>
    ctx.db
      .insert(classroomRooms)
      .values({
        organisationId,
        name: input.name,
        location: input.location,
        capacity: input.capacity,
      })
      .returning(),
  );
  return presentRoom(row!);
}

async function roomFor(db: DbOrTx, actor: Actor, id: number) {
  const [room] = await db.select().from(classroomRooms).where(eq(classroomRooms.id, id));
  if (!room || !(actor.isSuperadmin || room.organisationId === actor.organisationId)) {
    throw notFound(ROOM_NOT_FOUND);
  }
  if (!canManageRooms(actor, room.organisationId)) throw forbidden('Only admins keep the rooms.');
  return room;
}

export async function updateRoom(
  ctx: AppContext,
  auth: AuthContext,
  id: number,
  input: TRoomUpdate,
) {
  await roomFor(ctx.db, auth, id);
  if (input.capacity !== undefined) {
    // A scheduled session may not hold more seats than its room then has.
    const [over] = await ctx.db
      .select({ title: classroomSessions.title, capacity: classroomSessions.capacity })
      .from(classroomSessions)
      .where(
        and(
          eq(classroomSessions.roomId, id),
          eq(classroomSessions.status, 'scheduled'),
          sql`${classroomSessions.capacity} > ${input.capacity}`,
        ),
      )
      .limit(1);
    if (over) {
      const message = `“${over.title}” in this room has ${over.capacity} seats: lower its capacity first.`;
      throw conflict(message, [message]);
    }
  }
  const [row] = await nameTaken(() =>
    runInTransaction(ctx.db, ctx.bus, async ({ tx, emit }) => {
      const rows = await tx
        .update(classroomRooms)
        .set(input)
        .where(eq(classroomRooms.id, id))
        .returning();
      // Its sessions' search documents name the room and its place.
      if (input.name !== undefined || input.location !== undefined) {
        await emitSessionsChanged(tx, emit, eq(classroomSessions.roomId, id));
      }
      return rows;
    }),
  );
  return presentRoom(row!);
}

export async function removeRoom(ctx: AppContext, auth: AuthContext, id: number, ip: string) {
  await runInTransaction(ctx.db, ctx.bus, async ({ tx }) => {
    const room = await roomFor(tx, auth, id);
    const [used] = await tx
      .select({ id: classroomSessions.id })
      .from(classroomSessions)
      .where(and(eq(classroomSessions.roomId, id), eq(classroomSessions.status, 'scheduled')))
      .limit(1);
    if (used) throw conflict('Scheduled sessions use this room: move or cancel them first.');
    await tx.delete(classroomRooms).where(eq(classroomRooms.id, id));
    await recordAudit(tx, {
      action: 'classroom.room_deleted',
      actorId: auth.userId,
      organisationId: room.organisationId,
      ip,
      details: { room: id, name: room.name },
    });
  });
}

// ── Pickers ───────────────────────────────────────────────────────────

async function people(
  db: DbOrTx,
  organisationId: number,
  roles: number[],
  q: TPickerQuery,
  bounds: { limit: number; offset: number },
) {
  const where = and(
    eq(memberships.organisationId, organisationId),
    inArray(memberships.roleId, roles),
    eq(users.isActive, true),
    q.search
      ? sql`lower(${users.firstName} || ' ' || ${users.lastName} || ' ' || ${users.email}) like ${like(q.search.toLowerCase())}`
      : undefined,
  );
  const [rows, [total]] = await Promise.all([
    db
      .select({ id: users.id, fullname: personName, email: users.email })
      .from(memberships)
      .innerJoin(users, eq(users.id, memberships.userId))
      .where(where)
      .orderBy(asc(users.firstName), asc(users.lastName), asc(users.id))
      .limit(bounds.limit)
      .offset(bounds.offset),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(memberships)
      .innerJoin(users, eq(users.id, memberships.userId))
      .where(where),
  ]);
  return { count: total?.n ?? 0, rows };
}

export const listTrainers = (
  db: DbOrTx,
  actor: Actor,
  q: TPickerQuery,
  bounds: { limit: number; offset: number },
) => people(db, readOrganisation(actor, q.organisation), [ROLE.ADMIN, ROLE.TRAINER], q, bounds);

export const listLearners = (
  db: DbOrTx,
  actor: Actor,
  q: TPickerQuery,
  bounds: { limit: number; offset: number },
) => people(db, readOrganisation(actor, q.organisation), [ROLE.LEARNER], q, bounds);

export async function listOrganisations(db: DbOrTx, actor: Actor) {
  const where: SQL | undefined = actor.isSuperadmin
    ? undefined
    : eq(organisations.id, actor.organisationId);
  return db
    .select({ id: organisations.id, name: organisations.title })
    .from(organisations)
    .where(where)
    .orderBy(asc(organisations.title))
    .limit(500);
}

// ── check-session ─────────────────────────────────────────────────────

/**
 * A trainer's or a room's sessions on a date (in the asked zone, UTC by default), and whether
 * each overlaps the asked range: what the add-session form warns about as one types. The
 * database's constraint is what refuses a clash; this only explains it early.
 */
export async function checkSession(
  db: DbOrTx,
  actor: Actor,
  q: TCheckSessionQuery,
): Promise<TCheckSessionResult> {
  const zone = q.time_zone ?? 'UTC';
  const day = await instantsOf(db, {
    date: q.date,
    start_time: '00:00',
    end_time: '23:59:59',
    time_zone: zone,
  });
  const range =
    q.start_time && q.end_time
      ? await instantsOf(db, {
          date: q.date,
          start_time: q.start_time,
          end_time: q.end_time,
          time_zone: zone,
        })
      : null;
  const organisation = actor.isSuperadmin
    ? undefined
    : eq(classroomSessions.organisationId, actor.organisationId);
  const byTrainer = q.trainer_id
    ? sql`exists (select 1 from ${classroomSessionTrainers} t where t.session_id = ${classroomSessions.id} and t.user_id = ${q.trainer_id})`
    : undefined;
  const byRoom = q.room_id ? eq(classroomSessions.roomId, q.room_id) : undefined;
  const rows = await db
    .select({
      s: classroomSessions,
      className: classroomClasses.name,
      trains: byTrainer ?? sql<boolean>`false`,
    })
    .from(classroomSessions)
    .innerJoin(classroomClasses, eq(classroomClasses.id, classroomSessions.classId))
    .where(
      and(
        organisation,
        eq(classroomSessions.status, 'scheduled'),
        q.exclude_session ? ne(classroomSessions.id, q.exclude_session) : undefined,
        sql`${classroomSessions.startsAt} < ${day.endsAt} and ${classroomSessions.endsAt} > ${day.startsAt}`,
        or(byTrainer, byRoom),
      ),
    )
    .orderBy(asc(classroomSessions.startsAt))
    .limit(100);
  const sessions = rows.map(({ s, className, trains }) => {
    const overlaps =
      range !== null &&
      s.startsAt.getTime() < range.endsAt.getTime() &&
      s.endsAt.getTime() > range.startsAt.getTime();
    const resource: 'trainer' | 'room' = q.trainer_id && trains ? 'trainer' : 'room';
    return {
      session: s.id,
      title: s.title,
      class_name: className,
      resource,
      resource_id: resource === 'trainer' ? q.trainer_id! : s.roomId!,
      date: s.date,
      start_time: s.startTime,
      end_time: s.endTime,
      time_zone: s.timeZone,
      starts_at: s.startsAt.toISOString(),
      ends_at: s.endsAt.toISOString(),
      overlaps,
    };
  });
  return { conflict: sessions.some((s) => s.overlaps), sessions };
}
