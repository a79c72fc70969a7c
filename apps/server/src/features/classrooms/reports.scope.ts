import { ROLE } from '@atrium/contract';
import { eq, type SQL, sql } from 'drizzle-orm';
import type { Actor } from '../../core/auth/actor.ts';
import { withinOrganisation } from '../../core/auth/actor.ts';
import type { DbOrTx } from '../../core/db/database.ts';
import { forbidden, notFound } from '../../core/errors/app-error.ts';
import {
  classroomClasses,
  classroomSessions,
  classroomSessionTrainers,
  classrooms,
} from '../../schema/classrooms.table.ts';
import { canManageClassroom, canTakeAttendance } from './classrooms.policy.ts';

/**
 * What a report covers. An admin: their organisation's classrooms; a superadmin: any
 * organisation's (?organisation=, else the one they signed in to); a trainer: the classrooms
 * they created and the sessions they train. Queries join classroom_sessions and classrooms and
 * add `sessionInScope` to their filter.
 */
export interface ReportScope {
  organisationId: number;
  /** Set for a trainer: only their classrooms and their sessions. */
  trainerId: number | null;
}

export function reportScope(actor: Actor, organisation?: number): ReportScope {
  if (actor.isSuperadmin)
    return { organisationId: organisation ?? actor.organisationId, trainerId: null };
  if (actor.roleId === ROLE.ADMIN) return { organisationId: actor.organisationId, trainerId: null };
  if (actor.roleId === ROLE.TRAINER)
    return { organisationId: actor.organisationId, trainerId: actor.userId };
  throw forbidden('Only admins and trainers see classroom reports.');
}

/** A trainer's own: the classroom is theirs, or they train the session. */
export const trainsOrOwns = (trainerId: number): SQL =>
  sql`(${classrooms.createdBy} = ${trainerId} or exists (
    select 1 from ${classroomSessionTrainers}
    where ${classroomSessionTrainers.sessionId} = ${classroomSessions.id}
      and ${classroomSessionTrainers.userId} = ${trainerId}))`;

/** The filter over classroom_sessions (joined with classrooms) a scope allows. */
export function sessionInScope(scope: ReportScope): SQL {
  const org = eq(classroomSessions.organisationId, scope.organisationId);
  return scope.trainerId === null ? org : sql`${org} and ${trainsOrOwns(scope.trainerId)}`;
}

/** A class the caller may report on: the classroom's managers, or a trainer of one of its sessions. */
export async function loadReportClass(db: DbOrTx, actor: Actor, classId: number) {
  const [row] = await db
    .select({
      id: classroomClasses.id,
      name: classroomClasses.name,
      completionPercent: classroomClasses.completionPercent,
      surveyQuestions: classroomClasses.surveyQuestions,
      classroomId: classrooms.id,
      classroomTitle: classrooms.title,
      organisationId: classrooms.organisationId,
      createdBy: classrooms.createdBy,
      status: classrooms.status,
      trains: sql<boolean>`exists (
        select 1 from ${classroomSessionTrainers}
        join ${classroomSessions} on ${classroomSessions.id} = ${classroomSessionTrainers.sessionId}
        where ${classroomSessions.classId} = ${classroomClasses.id}
          and ${classroomSessionTrainers.userId} = ${actor.userId})`,
    })
    .from(classroomClasses)
    .innerJoin(classrooms, eq(classrooms.id, classroomClasses.classroomId))
    .where(eq(classroomClasses.id, classId));
  if (!row || !withinOrganisation(actor, row.organisationId)) throw notFound('Class not found.');
  const trainer = row.trains && actor.roleId === ROLE.TRAINER;
  if (!canManageClassroom(actor, row) && !trainer)
    throw forbidden('Only the classroom’s managers and trainers see its reports.');
  return row;
}

/** A session the caller may report on: who may take its attendance. */
export async function loadReportSession(db: DbOrTx, actor: Actor, sessionId: number) {
  const [row] = await db
    .select({
      session: classroomSessions,
      className: classroomClasses.name,
      surveyQuestions: classroomClasses.surveyQuestions,
      classroomTitle: classrooms.title,
      organisationId: classrooms.organisationId,
      createdBy: classrooms.createdBy,
      status: classrooms.status,
      trains: sql<boolean>`exists (
        select 1 from ${classroomSessionTrainers}
        where ${classroomSessionTrainers.sessionId} = ${classroomSessions.id}
          and ${classroomSessionTrainers.userId} = ${actor.userId})`,
    })
    .from(classroomSessions)
    .innerJoin(classroomClasses, eq(classroomClasses.id, classroomSessions.classId))
    .innerJoin(classrooms, eq(classrooms.id, classroomClasses.classroomId))
    .where(eq(classroomSessions.id, sessionId));
  if (!row || !withinOrganisation(actor, row.organisationId)) throw notFound('Session not found.');
  if (!canTakeAttendance(actor, row, Boolean(row.trains)))
    throw forbidden('Only the classroom’s managers and the session’s trainers see its report.');
  return row;
}

/** Seats held: booked, and after the session its outcome (attended, partial, no-show). */
export const HOLDS_SEAT = sql.raw(`('booked', 'attended', 'partial', 'no_show')`);

/** (attended + partial) over the marked, an excused absence left out; null when none. */
export function attendanceRate(attended: number, partial: number, noShow: number, excused: number) {
  const marked = attended + partial + noShow - excused;
  return marked > 0 ? Math.round(((attended + partial) / marked) * 1000) / 10 : null;
}
