import { describe, expect, it } from 'vitest';
import { rowsOf } from '../../../test/policy-table.ts';
import { canManageWebhook } from './webhooks.policy.ts';

/* A webhook is managed by its organisation's admins and by superadmins; ownership does not matter. */

const table = Object.fromEntries(
  ['superadmin', 'admin', 'trainer', 'learner'].flatMap((role) =>
    [true, false].flatMap((own) =>
      [true, false].map((same) => [
        `${role} ${own ? 'own' : "other's"} ${same ? 'same' : 'other'} org`,
        role === 'superadmin' || (role === 'admin' && same),
      ]),
    ),
  ),
) as Record<string, boolean>;

describe('webhooks policy', () => {
  it.each(rowsOf(table).map(([c, row]) => [c.name, c, row] as const))(
    'manage a webhook: %s',
    (_n, c, row) => {
      expect(canManageWebhook(c.actor, { organisationId: c.organisationId })).toBe(row);
    },
  );
});
