import { ROLE, type TLearningPathAbilities, type TLearningPathStatus } from '@atrium/contract';
import { type Actor, withinOrganisation } from '../../core/auth/actor.ts';
import type { learningPaths, PathEnrolmentStatus } from '../../schema/learning-paths.table.ts';

/**
 * Who may do what with a learning path, as pure predicates over rows already loaded: no query, no
 * throw. paths.repository.ts turns them into 404/403 (pathFor, managedPathFor) and into SQL for
 * the lists (visiblePathsTo, managedPathsBy); learning-paths.policy.test.ts is their table.
 *
 * `enrolled` everywhere means the caller has an enrolment row in the path, whatever its status
 * (requested, enrolled or completed): someone who asked to join still sees what they asked for.
 */

export type PathFacts = Pick<
  typeof learningPaths.$inferSelect,
  'organisationId' | 'createdBy' | 'status' | 'visibility' | 'enrolment'
>;

/** Admins and trainers author paths in the organisation they signed in to (superadmin: any). */
export function canCreatePath(actor: Actor): boolean {
  return actor.isSuperadmin || actor.roleId === ROLE.ADMIN || actor.roleId === ROLE.TRAINER;
}

/**
 * Who edits, publishes, deletes a path and manages its learners: a superadmin; the admins of the
 * path's organisation; the trainer who created it (while a trainer of that organisation).
 */
export function canManagePath(actor: Actor, path: PathFacts): boolean {
  if (actor.isSuperadmin) return true;
  if (path.organisationId !== actor.organisationId) return false;
  if (actor.roleId === ROLE.ADMIN) return true;
  return actor.roleId === ROLE.TRAINER && path.createdBy === actor.userId;
}

/**
 * Who sees a path: its managers always (drafts included). Anyone else of its organisation when it
 * is published (or archived, for those enrolled: they keep their record) and either open to the
 * whole organisation or they are enrolled. Another organisation's paths do not exist for them.
 */
export function canSeePath(actor: Actor, path: PathFacts, enrolled: boolean): boolean {
  if (canManagePath(actor, path)) return true;
  if (path.organisationId !== actor.organisationId) return false;
  const live = path.status === 'published' || (path.status === 'archived' && enrolled);
  return live && (path.visibility === 'organisation' || enrolled);
}

/**
 * Who may join (self-enrolment) or ask to join (by request) now: a learner of the path's
 * organisation, the path published and open to it, not enrolled yet (a second try is the use
 * case's 409). Staff are assigned, they do not join.
 */
export function canJoinPath(actor: Actor, path: PathFacts, enrolled: boolean): boolean {
  return (
    actor.roleId === ROLE.LEARNER &&
    !actor.isSuperadmin &&
    path.organisationId === actor.organisationId &&
    path.status === 'published' &&
    path.visibility === 'organisation' &&
    (path.enrolment === 'self' || path.enrolment === 'request') &&
    !enrolled
  );
}

/**
 * Who may review a path: someone of its organisation enrolled in it (enrolled or completed, not
 * merely requested), like course reviews. One each: the use case's 409.
 */
export function canReviewPath(
  actor: Actor,
  path: PathFacts,
  enrolment: PathEnrolmentStatus | null,
): boolean {
  return (
    withinOrganisation(actor, path.organisationId) &&
    path.status !== 'draft' &&
    (enrolment === 'enrolled' || enrolment === 'completed')
  );
}

/**
 * The statuses learning_path_published/{id}/ lets the caller move a path to: a draft is
 * published; a published path goes back to draft or is archived (closed to new learners, kept
 * for those enrolled); an archived one is published again. Managers only.
 */
export function pathStatusTargets(actor: Actor, path: PathFacts): TLearningPathStatus[] {
  if (!canManagePath(actor, path)) return [];
  if (path.status === 'draft') return ['published'];
  if (path.status === 'published') return ['draft', 'archived'];
  return ['published'];
}

/**
 * What the caller may do to a path, for the web to show or hide its actions (what the server will
 * allow, not which of them suits the screen).
 */
export function pathAbilities(
  actor: Actor,
  path: PathFacts,
  enrolment: PathEnrolmentStatus | null,
): TLearningPathAbilities {
  const manage = canManagePath(actor, path);
  const targets = pathStatusTargets(actor, path);
  const join = canJoinPath(actor, path, enrolment !== null);
  return {
    edit: manage,
    delete: manage,
    publish: targets.includes('published'),
    archive: targets.includes('archived'),
    manage,
    enrol: join && path.enrolment === 'self',
    request: join && path.enrolment === 'request',
    review: canReviewPath(actor, path, enrolment),
  };
}
