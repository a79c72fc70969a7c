import { ROLE, type TAnnouncementAbilities, type TAnnouncementState } from '@atrium/contract';
import { type Actor, isAdminOf } from '../../core/auth/actor.ts';
import type { AnnouncementAudience, announcements } from '../../schema/announcements.table.ts';

/**
 * Who may do what with announcements, as pure predicates over rows already loaded: no query, no
 * throw. announcements.access.ts turns them into 404/403 and SQL; announcements.policy.test.ts is
 * their table.
 *
 * An announcement belongs to its organisation. Its authors are the organisation's admins and
 * trainers (a superadmin in the organisation signed in to); its managers (who change, delete it
 * and read its report) are the organisation's admins, a superadmin, and the trainer who wrote it.
 * A reader sees it once it is out and until it expires, when they are in its audience.
 */

export type AnnouncementFacts = Pick<
  typeof announcements.$inferSelect,
  'organisationId' | 'createdBy' | 'audience' | 'publishAt' | 'expiresAt' | 'mustAcknowledge'
>;

/**
 * The reader's place in the announcement's organisation (null: no membership there, or a
 * superadmin's, which no audience reaches), and whether they learn in its course or class.
 */
export interface ReaderFacts {
  roleId: number;
  departmentId: number | null;
  designationId: number | null;
  /** Enrolled (or completed) in the audience's course. */
  inCourse: boolean;
  /** Booked in (or attended) a session of the audience's class. */
  inClass: boolean;
}

const isAuthorRole = (actor: Actor) =>
  actor.isSuperadmin || actor.roleId === ROLE.ADMIN || actor.roleId === ROLE.TRAINER;

/** Admins and trainers write announcements in the organisation they signed in to. */
export function canCreateAnnouncement(actor: Actor): boolean {
  return isAuthorRole(actor);
}

export function canManageAnnouncement(actor: Actor, a: AnnouncementFacts): boolean {
  if (isAdminOf(actor, a.organisationId)) return true;
  return (
    actor.roleId === ROLE.TRAINER &&
    actor.organisationId === a.organisationId &&
    a.createdBy === actor.userId
  );
}

/** scheduled before publish_at, expired from expires_at, published in between. */
export function announcementState(
  a: Pick<AnnouncementFacts, 'publishAt' | 'expiresAt'>,
  now: Date,
): TAnnouncementState {
  if (a.publishAt.getTime() > now.getTime()) return 'scheduled';
  if (a.expiresAt !== null && a.expiresAt.getTime() <= now.getTime()) return 'expired';
  return 'published';
}

/** Once out, readers were told: its audience and publish time are fixed. */
export function canReschedule(a: Pick<AnnouncementFacts, 'publishAt'>, now: Date): boolean {
  return a.publishAt.getTime() > now.getTime();
}

/** Whether the reader is in the audience: none named is the whole organisation. */
export function inAudience(audience: AnnouncementAudience | null, r: ReaderFacts | null): boolean {
  if (!r || r.roleId === ROLE.SUPERADMIN) return false;
  if (!audience) return true;
  return (
    (r.departmentId !== null && audience.departments.includes(r.departmentId)) ||
    (r.designationId !== null && audience.designations.includes(r.designationId)) ||
    audience.roles.includes(r.roleId) ||
    (audience.course !== null && r.inCourse) ||
    (audience.class !== null && r.inClass)
  );
}

/**
 * A reader sees it while it is out, in its organisation, when in its audience (`member`:
 * inAudience of the rows loaded, or its SQL mirror in the lists).
 */
export function canReadAnnouncement(
  actor: Actor,
  a: AnnouncementFacts,
  member: boolean,
  now: Date,
): boolean {
  return (
    actor.organisationId === a.organisationId && announcementState(a, now) === 'published' && member
  );
}

/** Readers see what is out for them; managers also their scheduled and expired ones. */
export function canSeeAnnouncement(
  actor: Actor,
  a: AnnouncementFacts,
  member: boolean,
  now: Date,
): boolean {
  return canManageAnnouncement(actor, a) || canReadAnnouncement(actor, a, member, now);
}

/** Only a must-acknowledge one, by a reader who may read it now, once. */
export function canAcknowledge(
  actor: Actor,
  a: AnnouncementFacts,
  member: boolean,
  acknowledgedAt: Date | null,
  now: Date,
): boolean {
  return a.mustAcknowledge && acknowledgedAt === null && canReadAnnouncement(actor, a, member, now);
}

export function announcementAbilities(
  actor: Actor,
  a: AnnouncementFacts,
  facts: { member: boolean; acknowledgedAt: Date | null; now: Date },
): TAnnouncementAbilities {
  const manage = canManageAnnouncement(actor, a);
  return {
    edit: manage,
    delete: manage,
    report: manage,
    acknowledge: canAcknowledge(actor, a, facts.member, facts.acknowledgedAt, facts.now),
  };
}
