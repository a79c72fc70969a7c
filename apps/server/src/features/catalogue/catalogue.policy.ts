import {
  canChangeCourse,
  isEditable,
  ROLE,
  type TCourseAbilities,
  type TCourseChange,
} from '@atrium/contract';
import { type Actor, roleOf, withinOrganisation } from '../../core/auth/actor.ts';
import type { courses, repositoryFiles } from '../../schema/courses.table.ts';

/**
 * The catalogue's object-level rules, as pure predicates over rows already loaded: no query, no
 * throw. The loaders of course-access.ts turn them into 404/403; toCourse turns them into the
 * `abilities` of every course it answers; catalogue.policy.test.ts is their table.
 */

export type CourseFacts = Pick<
  typeof courses.$inferSelect,
  'organisationId' | 'createdBy' | 'status' | 'visibility' | 'selfEnrol'
>;
export type RepositoryFileFacts = Pick<
  typeof repositoryFiles.$inferSelect,
  'organisationId' | 'uploadedBy'
>;

/** The statuses published/{id}/ moves a course to. */
export const STATUS_TARGETS = ['pending', 'published', 'draft'] as const;
export type StatusTarget = (typeof STATUS_TARGETS)[number];

export const isStaff = (actor: Actor) => actor.isSuperadmin || actor.roleId === ROLE.ADMIN;
const isAuthor = (actor: Actor, course: CourseFacts) =>
  actor.roleId === ROLE.TRAINER && course.createdBy === actor.userId;

/**
 * Who may see a course:
 * - a superadmin: every course;
 * - admins: every course of their organisation;
 * - trainers: their organisation's courses except other people's drafts;
 * - learners (and other roles): published courses of their organisation;
 * - anyone: published courses another organisation lists in the shared catalogue.
 * catalogue.repository's visibleTo is the same rule in SQL, for lists.
 */
export function canSee(actor: Actor, course: CourseFacts): boolean {
  if (actor.isSuperadmin) return true;
  if (course.organisationId !== actor.organisationId) {
    return course.visibility === 'catalogue' && course.status === 'published';
  }
  if (actor.roleId === ROLE.ADMIN) return true;
  if (actor.roleId === ROLE.TRAINER)
    return course.status !== 'draft' || course.createdBy === actor.userId;
  return course.status === 'published';
}

/**
 * Who may change a course: its organisation's admins and trainers (a trainer their own courses
 * only), within the spec §4 editability rule; a superadmin within the rule too.
 */
export function canEdit(actor: Actor, course: CourseFacts): boolean {
  if (!actor.isSuperadmin) {
    if (course.organisationId !== actor.organisationId) return false;
    if (actor.roleId !== ROLE.ADMIN && actor.roleId !== ROLE.TRAINER) return false;
    if (actor.roleId === ROLE.TRAINER && course.createdBy !== actor.userId) return false;
  }
  return isEditable(course.status, roleOf(actor));
}

/** Deleting is editing (the enrolments that block it are the use case's, not a rule of who). */
export const canDelete = canEdit;

/**
 * A kind of change (contract TCourseChange) by someone who may edit: widening the visibility of,
 * or adding content to, a reviewed course is for admins and superadmins (contract
 * canChangeCourse, the publication rule).
 */
export function canMakeChange(actor: Actor, course: CourseFacts, change: TCourseChange): boolean {
  return canEdit(actor, course) && canChangeCourse(course.status, roleOf(actor), change);
}

/** Admins and the course's author manage its learners, requests, FAQs and assignments. */
export function canManage(actor: Actor, course: CourseFacts): boolean {
  if (actor.isSuperadmin) return true;
  if (course.organisationId !== actor.organisationId) return false;
  return actor.roleId === ROLE.ADMIN || isAuthor(actor, course);
}

/**
 * The statuses published/{id}/ lets the caller move the course to, its current one aside (which
 * is a no-op anyone who manages it may ask for): admins and superadmins any; the trainer who
 * wrote it submits a draft for review or withdraws it while it is pending.
 */
export function statusTargets(actor: Actor, course: CourseFacts): StatusTarget[] {
  if (!canManage(actor, course)) return [];
  if (isStaff(actor)) return STATUS_TARGETS.filter((t) => t !== course.status);
  if (course.status === 'draft') return ['pending'];
  if (course.status === 'pending') return ['draft'];
  return [];
}

/**
 * Who may ask to join a course (learning's enrolment requests): learners of its organisation,
 * when it is published and takes requests. Whether they have already asked or joined is the
 * enrolment's state, answered by the use case (409), not by this rule.
 */
export function canRequestEnrolment(actor: Actor, course: CourseFacts): boolean {
  return isLearnerOf(actor, course) && course.status === 'published' && course.selfEnrol;
}

/** A learner of the course's organisation (requests are for them; staff assign). */
export const isLearnerOf = (actor: Actor, course: CourseFacts) =>
  course.organisationId === actor.organisationId && actor.roleId === ROLE.LEARNER;

/** Admins and trainers of the organisation (superadmin: any) use its file repository. */
export function canUseRepository(actor: Actor, file: Pick<RepositoryFileFacts, 'organisationId'>) {
  return (
    withinOrganisation(actor, file.organisationId) &&
    (actor.isSuperadmin || actor.roleId === ROLE.ADMIN || actor.roleId === ROLE.TRAINER)
  );
}

/** Of those, admins change any of its files and trainers the files they uploaded. */
export function canChangeRepositoryFile(actor: Actor, file: RepositoryFileFacts): boolean {
  return canUseRepository(actor, file) && (isStaff(actor) || file.uploadedBy === actor.userId);
}

/** What the caller may do to a course, for the web to show or hide its actions. */
export function courseAbilities(actor: Actor, course: CourseFacts): TCourseAbilities {
  const targets = statusTargets(actor, course);
  return {
    edit: canEdit(actor, course),
    delete: canDelete(actor, course),
    manage: canManage(actor, course),
    publish: targets.includes('published'),
    submit_for_review: targets.includes('pending'),
    return_to_draft: targets.includes('draft'),
    widen_visibility: canMakeChange(actor, course, 'widen_visibility'),
    add_content: canMakeChange(actor, course, 'add_content'),
    request_enrolment: canRequestEnrolment(actor, course),
  };
}
