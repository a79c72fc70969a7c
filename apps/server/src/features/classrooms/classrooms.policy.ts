import { ROLE, type TClassroomAbilities, type TSessionAbilities } from '@atrium/contract';
import { type Actor, isAdminOf, withinOrganisation } from '../../core/auth/actor.ts';
import type { classroomSessions, classrooms } from '../../schema/classrooms.table.ts';

/**
 * Who may do what in classrooms, as pure predicates over rows already loaded: no query, no throw.
 * classrooms.access.ts turns them into 404/403 and SQL; classrooms.policy.test.ts is their table.
 *
 * A classroom belongs to its organisation. Its managers (who edit it, its classes, topics and
 * sessions, and book learners) are the organisation's admins, a superadmin, and the trainer who
 * created it. A session's trainers take its attendance and show its check-in code.
 */

export type ClassroomFacts = Pick<
  typeof classrooms.$inferSelect,
  'organisationId' | 'createdBy' | 'status'
>;
export type SessionFacts = Pick<
  typeof classroomSessions.$inferSelect,
  'organisationId' | 'status' | 'startsAt' | 'endsAt'
>;

const isStaffRole = (actor: Actor) =>
  actor.isSuperadmin || actor.roleId === ROLE.ADMIN || actor.roleId === ROLE.TRAINER;

/** Admins and trainers create classrooms in the organisation they signed in to. */
export function canCreateClassroom(actor: Actor): boolean {
  return isStaffRole(actor);
}

/** Rooms are the organisation's: its admins keep them (trainers pick them). */
export function canManageRooms(actor: Actor, organisationId: number): boolean {
  return isAdminOf(actor, organisationId);
}

export function canManageClassroom(actor: Actor, c: ClassroomFacts): boolean {
  if (isAdminOf(actor, c.organisationId)) return true;
  return (
    actor.roleId === ROLE.TRAINER &&
    actor.organisationId === c.organisationId &&
    c.createdBy === actor.userId
  );
}

/**
 * Who sees a classroom: the organisation's staff always (a trainer may be asked to train in any
 * of them, and approvers review drafts); its learners once it is published. Another
 * organisation's classrooms do not exist for them.
 */
export function canSeeClassroom(actor: Actor, c: ClassroomFacts): boolean {
  if (!withinOrganisation(actor, c.organisationId)) return false;
  if (isStaffRole(actor)) return true;
  return c.status === 'published';
}

/** Admins publish at once; the creating trainer submits for approval (publish-classroom). */
export function publishesDirectly(actor: Actor, c: ClassroomFacts): boolean {
  return isAdminOf(actor, c.organisationId);
}

/** Attendance and the check-in code: the classroom's managers and the session's own trainers. */
export function canTakeAttendance(
  actor: Actor,
  c: ClassroomFacts,
  isSessionTrainer: boolean,
): boolean {
  if (canManageClassroom(actor, c)) return true;
  return isSessionTrainer && actor.organisationId === c.organisationId && isStaffRole(actor);
}

/**
 * Who may book a seat for themselves now: a learner of the organisation, the classroom
 * published, the session scheduled and not started. (Full sessions take waitlist names, and
 * by-request classes take requests: the use case decides which; required requisites are its
 * check too.)
 */
export function canBook(actor: Actor, c: ClassroomFacts, s: SessionFacts, now: Date): boolean {
  return (
    actor.roleId === ROLE.LEARNER &&
    !actor.isSuperadmin &&
    actor.organisationId === c.organisationId &&
    c.status === 'published' &&
    s.status === 'scheduled' &&
    s.startsAt.getTime() > now.getTime()
  );
}

export function classroomAbilities(actor: Actor, c: ClassroomFacts): TClassroomAbilities {
  const manage = canManageClassroom(actor, c);
  return { edit: manage, delete: manage, publish: manage && c.status !== 'published' };
}

export function sessionAbilities(
  actor: Actor,
  c: ClassroomFacts,
  s: SessionFacts,
  facts: { isSessionTrainer: boolean; hasLiveBooking: boolean; now: Date },
): TSessionAbilities {
  const manage = canManageClassroom(actor, c);
  const live = s.status === 'scheduled';
  return {
    edit: manage && live,
    cancel: manage && live,
    attendance: canTakeAttendance(actor, c, facts.isSessionTrainer) && s.status !== 'cancelled',
    book: !facts.hasLiveBooking && canBook(actor, c, s, facts.now),
  };
}
