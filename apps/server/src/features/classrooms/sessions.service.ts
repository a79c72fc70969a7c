import { randomBytes } from 'node:crypto';
import type { TSession, TSessionCreate, TSessionQuery, TSessionUpdate } from '@atrium/contract';
import { eq, inArray } from 'drizzle-orm';
import { recordAudit } from '../../core/audit/audit-log.ts';
import type { AuthContext } from '../../core/auth/access.ts';
import type { Actor } from '../../core/auth/actor.ts';
import type { AppContext } from '../../core/context.ts';
import type { DbOrTx } from '../../core/db/database.ts';
import { runInTransaction } from '../../core/db/transaction.ts';
import { conflict, fieldError } from '../../core/errors/app-error.ts';
import {
  classroomBookings,
  classroomSessions,
  classroomSessionTrainers,
} from '../../schema/classrooms.table.ts';
import { classFor, seatsTaken, sessionFor, topicFor } from './classrooms.access.ts';
import { cancelScheduledSession } from './sessions.cancel.ts';
import { presentSessions } from './sessions.present.ts';
import {
  checkRoom,
  checkTrainers,
  holdResources,
  instantsOf,
  providerFor,
  setTrainers,
} from './sessions.schedule.ts';

/** Creating, changing and cancelling sessions; the seats and invitations follow from events. */

export async function sessionDetail(db: DbOrTx, actor: Actor, id: number): Promise<TSession> {
  await sessionFor(db, actor, id);
  const [s] = await presentSessions(db, actor, eq(classroomSessions.id, id));
  return s!;
}

export async function listSessions(db: DbOrTx, actor: Actor, q: TSessionQuery) {
  if (q.topic_id) {
    const { topic, classroom } = await topicFor(db, actor, q.topic_id);
    if (q.is_approver && classroom.status !== 'pending') return [];
    return presentSessions(db, actor, eq(classroomSessions.topicId, topic.id));
  }
  if (q.class_id) {
    const { cls, classroom } = await classFor(db, actor, q.class_id);
    if (q.is_approver && classroom.status !== 'pending') return [];
    return presentSessions(db, actor, eq(classroomSessions.classId, cls.id));
  }
  throw fieldError('topic_id', 'Name a topic (topic_id) or a class (class_id).');
}

async function checkCutOff(cutOff: string | null, startsAt: Date, field: string) {
  if (cutOff && new Date(cutOff).getTime() >= startsAt.getTime()) {
    throw fieldError(field, 'The cut-off must be before the session starts.');
  }
}

export async function createSessions(ctx: AppContext, auth: AuthContext, body: TSessionCreate) {
  const ids = await runInTransaction(ctx.db, ctx.bus, async ({ tx, emit }) => {
    const { topic, classroom } = await topicFor(tx, auth, body.topic, { manage: true });
    const organisationId = classroom.organisationId;
    const made: number[] = [];
    for (const [i, s] of body.sessions.entries()) {
      const prefix = `sessions.${i}.`;
      const trainers = await checkTrainers(tx, organisationId, s.trainers, `${prefix}trainers`);
      await checkRoom(tx, organisationId, s.room, s.capacity, prefix);
      const { startsAt, endsAt } = await instantsOf(tx, s);
      if (startsAt.getTime() <= Date.now()) {
        throw fieldError(`${prefix}date`, 'The session must start in the future.');
      }
      await checkCutOff(s.cut_off_at, startsAt, `${prefix}cut_off_at`);
      const [row] = await tx
        .insert(classroomSessions)
        .values({
          topicId: topic.id,
          classId: topic.classId,
          organisationId,
          title: s.title,
          date: s.date,
          startTime: s.start_time,
          endTime: s.end_time,
          timeZone: s.time_zone,
          startsAt,
          endsAt,
          roomId: s.room,
          meetingProvider: s.online ? await providerFor(tx, organisationId) : null,
          capacity: s.capacity,
          minimumSize: s.minimum_size,
          cutOffAt: s.cut_off_at ? new Date(s.cut_off_at) : null,
          keepBelowMinimum: s.keep_below_minimum,
          checkinSecret: randomBytes(32).toString('base64url'),
          createdBy: auth.userId,
        })
        .returning();
      await setTrainers(tx, row!.id, trainers);
      await holdResources(tx, row!, trainers, prefix);
      made.push(row!.id);
    }
    emit('search.changed', { kind: 'classroom_session', ids: made });
    return made;
  });
  return presentSessions(ctx.db, auth, inArray(classroomSessions.id, ids));
}

/**
 * Changes a session. Time, place or trainers moving is a change its learners hear of (a new
 * SEQUENCE of the invitation); capacity may not drop below the seats taken; a raised capacity
 * frees seats for the waitlist.
 */
export async function updateSession(
  ctx: AppContext,
  auth: AuthContext,
  id: number,
  body: TSessionUpdate,
) {
  await runInTransaction(ctx.db, ctx.bus, async ({ tx, emit }) => {
    const { session, classroom } = await sessionFor(tx, auth, id, { manage: true, lock: true });
    if (session.status === 'cancelled') throw conflict('This session was cancelled.');
    const organisationId = classroom.organisationId;
    const next = {
      date: body.date ?? session.date,
      start_time: body.start_time ?? session.startTime,
      end_time: body.end_time ?? session.endTime,
      time_zone: body.time_zone ?? session.timeZone,
    };
    const moved =
      next.date !== session.date ||
      next.start_time !== session.startTime ||
      next.end_time !== session.endTime ||
      next.time_zone !== session.timeZone;
    const { startsAt, endsAt } = moved
      ? await instantsOf(tx, next)
      : { startsAt: session.startsAt, endsAt: session.endsAt };
    if (endsAt.getTime() <= startsAt.getTime()) {
      throw fieldError('end_time', 'The end time must be after the start time.');
    }
    if (moved && startsAt.getTime() <= Date.now()) {
      throw fieldError('date', 'The session must start in the future.');
    }
    const roomId = body.room !== undefined ? body.room : session.roomId;
    const online = body.online ?? session.meetingProvider !== null;
    if (roomId === null && !online) {
      throw fieldError('room', 'Choose a room, or hold the session online.');
    }
    const capacity = body.capacity ?? session.capacity;
    const taken = await seatsTaken(tx, session.id);
    if (capacity < taken) {
      throw fieldError('capacity', `${taken} seats are booked: the capacity cannot be lower.`);
    }
    await checkRoom(tx, organisationId, roomId, capacity, '');
    const minimum = body.minimum_size !== undefined ? body.minimum_size : session.minimumSize;
    if (minimum !== null && minimum > capacity) {
      throw fieldError('minimum_size', 'The minimum size cannot be more than the capacity.');
    }
    const cutOff =
      body.cut_off_at !== undefined
        ? body.cut_off_at
        : session.cutOffAt
          ? session.cutOffAt.toISOString()
          : null;
    if (body.cut_off_at !== undefined || moved) await checkCutOff(cutOff, startsAt, 'cut_off_at');
    const currentTrainers = await tx
      .select({ id: classroomSessionTrainers.userId })
      .from(classroomSessionTrainers)
      .where(eq(classroomSessionTrainers.sessionId, session.id));
    const trainers = body.trainers
      ? await checkTrainers(tx, organisationId, body.trainers, 'trainers')
      : currentTrainers.map((t) => t.id);
    const trainersChanged =
      body.trainers !== undefined &&
      [...trainers].sort().join() !==
        currentTrainers
          .map((t) => t.id)
          .sort()
          .join();
    const placeChanged = roomId !== session.roomId || online !== (session.meetingProvider !== null);
    const noticed = moved || placeChanged || trainersChanged;
    const completing = body.status === 'completed' && session.status !== 'completed';
    if (completing && session.startsAt.getTime() > Date.now()) {
      throw fieldError('status', 'A session can be completed once it has started.');
    }
    const [updated] = await tx
      .update(classroomSessions)
      .set({
        title: body.title ?? session.title,
        date: next.date,
        startTime: next.start_time,
        endTime: next.end_time,
        timeZone: next.time_zone,
        startsAt,
        endsAt,
        roomId,
        meetingProvider: online
          ? (session.meetingProvider ?? (await providerFor(tx, organisationId)))
          : null,
        capacity,
        minimumSize: minimum,
        cutOffAt: cutOff ? new Date(cutOff) : null,
        keepBelowMinimum: body.keep_below_minimum ?? session.keepBelowMinimum,
        status: body.status ?? session.status,
        sequence: noticed ? session.sequence + 1 : session.sequence,
        updatedAt: new Date(),
      })
      .where(eq(classroomSessions.id, session.id))
      .returning();
    if (body.trainers) await setTrainers(tx, session.id, trainers);
    if (moved || body.trainers || body.room !== undefined) {
      await holdResources(tx, updated!, trainers, '');
    }
    if (noticed) {
      emit('classroom.session_changed', {
        sessionId: session.id,
        organisationId,
        change: 'updated',
        reason: 'manager',
        actorId: auth.userId,
      });
    }
    if (capacity > session.capacity) {
      emit('classroom.seat_freed', { sessionId: session.id, organisationId });
    }
    emit('search.changed', { kind: 'classroom_session', ids: [session.id] });
  });
  return sessionDetail(ctx.db, auth, id);
}

/**
 * Cancels a session: its live bookings are cancelled by the session, its trainers and room are
 * free again, and its learners are told (a CANCEL invitation). A session nobody ever booked is
 * simply deleted.
 */
export async function cancelSession(ctx: AppContext, auth: AuthContext, id: number, ip: string) {
  await runInTransaction(ctx.db, ctx.bus, async (uow) => {
    const { tx, emit } = uow;
    const { session, classroom } = await sessionFor(tx, auth, id, { manage: true, lock: true });
    if (session.status === 'cancelled') throw conflict('This session is already cancelled.');
    if (session.status === 'completed') throw conflict('A completed session cannot be cancelled.');
    const [any] = await tx
      .select({ id: classroomBookings.id })
      .from(classroomBookings)
      .where(eq(classroomBookings.sessionId, session.id))
      .limit(1);
    if (!any) {
      await tx.delete(classroomSessions).where(eq(classroomSessions.id, session.id));
      emit('search.changed', { kind: 'classroom_session', ids: [session.id] });
    } else {
      await cancelScheduledSession(ctx, uow, session.id, new Date());
      emit('classroom.session_changed', {
        sessionId: session.id,
        organisationId: classroom.organisationId,
        change: 'cancelled',
        reason: 'manager',
        actorId: auth.userId,
      });
    }
    await recordAudit(tx, {
      action: 'classroom.session_cancelled',
      actorId: auth.userId,
      organisationId: classroom.organisationId,
      ip,
      details: { session: session.id, title: session.title, deleted: !any },
    });
  });
}
