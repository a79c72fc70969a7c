import { type Actor, isAdminOf } from '../../core/auth/actor.ts';

/**
 * Who manages a webhook (webhooks.policy.test.ts is the table): the admins of its organisation,
 * and superadmins. Anyone else, another organisation's admin included, never learns it exists
 * (404). The route already refuses trainers and learners (403) before this runs.
 */
export const canManageWebhook = (actor: Actor, webhook: { organisationId: number }): boolean =>
  isAdminOf(actor, webhook.organisationId);
