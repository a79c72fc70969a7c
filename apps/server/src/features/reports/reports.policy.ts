import { ROLE } from '@atrium/contract';
import { type Actor, roleOf } from '../../core/auth/actor.ts';

/**
 * Who sees which figures (issue 22): pure predicates over the caller and the few columns a rule
 * reads; reports.scope.ts turns the scope into the SQL every report query applies, so a list and
 * this rule cannot disagree.
 *
 * - a superadmin: any organisation, or all of them together;
 * - an admin: their organisation;
 * - a trainer: the courses they wrote in their organisation, and the learners enrolled in them
 *   (never another trainer's learners, even in the same organisation);
 * - a hiring manager (who has the Reports menu entry by default): like a trainer — the courses
 *   they wrote, usually none; the spec gives them no wider view and least privilege wins;
 * - a learner: nothing on the Reports screen (a staff screen; the routes answer 403); a report
 *   mailed or exported for them (`ownFigures`) holds their own figures only: the `self` scope.
 */
export type ReportScope =
  | { kind: 'all' }
  | { kind: 'organisation'; organisationId: number }
  | { kind: 'author'; organisationId: number; userId: number }
  | { kind: 'self'; organisationId: number; userId: number };

/** Whether the caller may open reports at all (the route also requires the menu permission). */
export function mayReport(actor: Actor): boolean {
  return roleOf(actor) !== ROLE.LEARNER;
}

/**
 * The scope of the caller's reports, given the organisation they asked for (`undefined`: none).
 * `null`: refused (a learner, or someone other than a superadmin naming another organisation).
 * `ownFigures`: a learner is not refused but held to their own figures (a scheduled report sent
 * to them, never the Reports screen).
 */
export function reportScopeOf(
  actor: Actor,
  requested: number | undefined,
  options: { ownFigures?: boolean } = {},
): ReportScope | null {
  if (!mayReport(actor)) {
    if (!options.ownFigures) return null;
    if (requested !== undefined && requested !== actor.organisationId) return null;
    return { kind: 'self', organisationId: actor.organisationId, userId: actor.userId };
  }
  if (actor.isSuperadmin) {
    return requested === undefined
      ? { kind: 'all' }
      : { kind: 'organisation', organisationId: requested };
  }
  if (requested !== undefined && requested !== actor.organisationId) return null;
  const role = roleOf(actor);
  if (role === ROLE.ADMIN) return { kind: 'organisation', organisationId: actor.organisationId };
  return { kind: 'author', organisationId: actor.organisationId, userId: actor.userId };
}

/** The organisation a scope is held to; `null` for a superadmin's "all". */
export const organisationOf = (scope: ReportScope): number | null =>
  scope.kind === 'all' ? null : scope.organisationId;

/** Whether a course's figures (its enrolments, completions, learners) are within the scope. */
export function coversCourse(
  scope: ReportScope,
  course: { organisationId: number; createdBy: number | null },
): boolean {
  if (scope.kind === 'all') return true;
  if (course.organisationId !== scope.organisationId) return false;
  // A learner's own figures may come from any course of their organisation they take part in;
  // which enrolments count is the person rule's (coversPerson).
  if (scope.kind === 'self') return true;
  return scope.kind === 'organisation' || course.createdBy === scope.userId;
}

/**
 * Whether a person's figures are within the scope: a member of the organisation, and for a
 * trainer, enrolled (enrolled or completed) in one of their courses.
 */
export function coversPerson(
  scope: ReportScope,
  person: {
    userId: number;
    organisationIds: readonly number[];
    enrolledWithAuthors: readonly number[];
  },
): boolean {
  if (scope.kind === 'all') return true;
  if (!person.organisationIds.includes(scope.organisationId)) return false;
  if (scope.kind === 'self') return person.userId === scope.userId;
  return scope.kind === 'organisation' || person.enrolledWithAuthors.includes(scope.userId);
}

/**
 * Whether a department (or a designation, through its department) may name the learners of a
 * report: it must belong to the scope's organisation; for a superadmin's "all", any.
 */
export function mayFilterByStructure(scope: ReportScope, organisationId: number): boolean {
  const held = organisationOf(scope);
  return held === null || held === organisationId;
}
