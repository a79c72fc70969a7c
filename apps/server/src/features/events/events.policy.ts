import { ROLE, type TEventAbilities } from '@atrium/contract';
import { type Actor, isAdminOf, withinOrganisation } from '../../core/auth/actor.ts';
import type { EventAudience, events } from '../../schema/events.table.ts';

/**
 * Who may do what with events, as pure predicates over rows already loaded: no query, no throw.
 * events.access.ts turns them into 404/403 and SQL; events.policy.test.ts is their table.
 *
 * An event belongs to its organisation. Its managers (who edit, cancel, see enrolments and mark
 * attendance) are the organisation's admins, a superadmin, and the trainer who created it. The
 * organisation's staff see all its events; a learner sees the published (or cancelled) ones whose
 * audience includes them, and any they are enrolled in.
 */

export type EventFacts = Pick<
  typeof events.$inferSelect,
  'organisationId' | 'createdBy' | 'status' | 'audience' | 'enrolment' | 'lastEndsAt' | 'cpdValue'
>;

/** The caller's place in the event's organisation (null: no membership there). */
export interface MemberFacts {
  roleId: number;
  departmentId: number | null;
  designationId: number | null;
}

const isStaffRole = (actor: Actor) =>
  actor.isSuperadmin || actor.roleId === ROLE.ADMIN || actor.roleId === ROLE.TRAINER;

/** Admins and trainers create events in the organisation they signed in to. */
export function canCreateEvent(actor: Actor): boolean {
  return isStaffRole(actor);
}

/** Event types are the organisation's: its admins keep them. */
export function canManageEventTypes(actor: Actor, organisationId: number): boolean {
  return isAdminOf(actor, organisationId);
}

export function canManageEvent(actor: Actor, e: EventFacts): boolean {
  if (isAdminOf(actor, e.organisationId)) return true;
  return (
    actor.roleId === ROLE.TRAINER &&
    actor.organisationId === e.organisationId &&
    e.createdBy === actor.userId
  );
}

/** Whether the member is in the audience: none named is the whole organisation. */
export function inAudience(audience: EventAudience | null, member: MemberFacts | null): boolean {
  if (!member) return false;
  if (!audience) return true;
  return (
    (member.departmentId !== null && audience.departments.includes(member.departmentId)) ||
    (member.designationId !== null && audience.designations.includes(member.designationId)) ||
    audience.roles.includes(member.roleId)
  );
}

export function canSeeEvent(
  actor: Actor,
  e: EventFacts,
  member: MemberFacts | null,
  enrolled: boolean,
): boolean {
  if (!withinOrganisation(actor, e.organisationId)) return false;
  if (isStaffRole(actor)) return true;
  if (enrolled) return true;
  // A cancelled event stays visible: its people follow their links to read that it is.
  return e.status !== 'draft' && inAudience(e.audience, member);
}

/**
 * Who may enrol themselves now: a member of the organisation (not a superadmin visiting it) in
 * the audience, the event published, taking enrolments (open or by approval) and not over.
 */
export function canEnrol(actor: Actor, e: EventFacts, member: MemberFacts | null, now: Date) {
  return (
    !actor.isSuperadmin &&
    actor.organisationId === e.organisationId &&
    e.status === 'published' &&
    e.enrolment !== 'closed' &&
    e.lastEndsAt.getTime() > now.getTime() &&
    inAudience(e.audience, member)
  );
}

export function eventAbilities(
  actor: Actor,
  e: EventFacts,
  facts: {
    member: MemberFacts | null;
    hasLiveEnrolment: boolean;
    /** The live enrolment already asks for CPD credit. */
    forCpd: boolean;
    full: boolean;
    now: Date;
  },
): TEventAbilities {
  const manage = canManageEvent(actor, e);
  const live = e.status !== 'cancelled';
  const notOver = e.lastEndsAt.getTime() > facts.now.getTime();
  const enrol =
    !facts.hasLiveEnrolment && !facts.full && canEnrol(actor, e, facts.member, facts.now);
  return {
    edit: manage && live,
    delete: manage && live,
    enrol,
    // A new enrolment for credit, or one already held turned into one (cpd_event_enroll/).
    enrol_for_cpd:
      e.cpdValue !== null &&
      (enrol || (facts.hasLiveEnrolment && !facts.forCpd && e.status === 'published' && notOver)),
    cancel_enrolment: facts.hasLiveEnrolment && live && notOver,
    manage_enrolments: manage,
  };
}
