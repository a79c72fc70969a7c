import { describe, expect, it } from 'vitest';
import { rowsOf } from '../../../test/policy-table.ts';
import { canDeleteTool, canLaunchTool, canManageTool } from './lti.policy.ts';

/*
 * LTI tools over role × organisation: a tool is managed by its organisation's admins and by
 * superadmins; launched (when enabled) by anyone of its organisation, superadmins anywhere.
 */

const table = (rule: (role: string, sameOrg: boolean) => boolean) =>
  Object.fromEntries(
    ['superadmin', 'admin', 'trainer', 'learner'].flatMap((role) =>
      [true, false].flatMap((own) =>
        [true, false].map((same) => [
          `${role} ${own ? 'own' : "other's"} ${same ? 'same' : 'other'} org`,
          rule(role, same),
        ]),
      ),
    ),
  ) as Record<string, boolean>;

const MANAGERS = table((role, same) => role === 'superadmin' || (role === 'admin' && same));
const LAUNCHERS = table((role, same) => role === 'superadmin' || same);

describe('lti policy', () => {
  it.each(rowsOf(MANAGERS).map(([c, row]) => [c.name, c, row] as const))(
    'manage a tool: %s',
    (_n, c, row) => {
      expect(canManageTool(c.actor, { organisationId: c.organisationId })).toBe(row);
      // A tool some module item launches is never deleted, whoever asks.
      expect(canDeleteTool(c.actor, { organisationId: c.organisationId, links: 0 })).toBe(row);
      expect(canDeleteTool(c.actor, { organisationId: c.organisationId, links: 2 })).toBe(false);
    },
  );
  it.each(rowsOf(LAUNCHERS).map(([c, row]) => [c.name, c, row] as const))(
    'launch a tool: %s',
    (_n, c, row) => {
      expect(canLaunchTool(c.actor, { organisationId: c.organisationId, enabled: true })).toBe(row);
      expect(canLaunchTool(c.actor, { organisationId: c.organisationId, enabled: false })).toBe(
        false,
      );
    },
  );
});
