import { type Actor, isAdminOf, withinOrganisation } from '../../core/auth/actor.ts';

/**
 * Who may do what with LTI tools, as pure predicates (lti.policy.test.ts is their table). A tool
 * belongs to an organisation: its admins (and superadmins) register, change and delete it;
 * anyone else, another organisation's admin included, never learns it exists (404).
 */

export const canManageTool = (actor: Actor, tool: { organisationId: number }): boolean =>
  isAdminOf(actor, tool.organisationId);

/** Deleting also needs no module item to launch it (those are disabled instead). */
export const canDeleteTool = (actor: Actor, tool: { organisationId: number; links: number }) =>
  canManageTool(actor, tool) && tool.links === 0;

/** Launching a tool: it must be the caller's organisation's and enabled (else it does not exist). */
export const canLaunchTool = (actor: Actor, tool: { organisationId: number; enabled: boolean }) =>
  tool.enabled && withinOrganisation(actor, tool.organisationId);
