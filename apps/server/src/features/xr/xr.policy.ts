import { ROLE } from '@atrium/contract';
import { type Actor, roleOf, withinOrganisation } from '../../core/auth/actor.ts';

/**
 * Who works in the AR/VR studio: the organisation's admins and trainers (and superadmins). A
 * scene is the organisation's content, like its file repository's, so any of its authors may
 * edit or delete any of its scenes. Outside the organisation a scene does not exist (404).
 */
export const canSeeScene = (actor: Actor, scene: { organisationId: number }): boolean =>
  withinOrganisation(actor, scene.organisationId) && isAuthor(actor);

export const canEditScene = canSeeScene;

export function isAuthor(actor: Actor): boolean {
  const role = roleOf(actor);
  return role === ROLE.SUPERADMIN || role === ROLE.ADMIN || role === ROLE.TRAINER;
}
