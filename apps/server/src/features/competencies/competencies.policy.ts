import { ROLE } from '@atrium/contract';
import { type Actor, isAdminOf, withinOrganisation } from '../../core/auth/actor.ts';

/**
 * Who may do what with competencies, as pure predicates over rows already loaded
 * (competencies.policy.test.ts is their table). Frameworks, thresholds and links belong to the
 * organisation: its members with /competency read them, its admins write them. Evidence by hand
 * comes from the organisation's admins and trainers (they teach and assess); a person's profile
 * is theirs, and its admins' and trainers'. Outside the organisation nothing exists (404).
 */

/** Frameworks, trees, thresholds and links: the organisation's members (superadmins any). */
export const canReadFrameworks = (actor: Actor, organisationId: number): boolean =>
  withinOrganisation(actor, organisationId);

/** Writing frameworks, competencies, thresholds and links; the gaps report. */
export const canManageCompetencies = (actor: Actor, organisationId: number): boolean =>
  isAdminOf(actor, organisationId);

const isTrainerOf = (actor: Actor, organisationId: number): boolean =>
  actor.roleId === ROLE.TRAINER && actor.organisationId === organisationId;

/** Recording evidence by hand for a member of the organisation (never for oneself). */
export const canRecordEvidence = (
  actor: Actor,
  person: { userId: number; organisationId: number },
): boolean =>
  actor.userId !== person.userId &&
  (isAdminOf(actor, person.organisationId) || isTrainerOf(actor, person.organisationId));

/** A person's competency profile: themself, or the organisation's admins and trainers. */
export const canSeeProfileOf = (
  actor: Actor,
  person: { userId: number; organisationId: number },
): boolean =>
  (actor.userId === person.userId && actor.organisationId === person.organisationId) ||
  isAdminOf(actor, person.organisationId) ||
  isTrainerOf(actor, person.organisationId);
