import { ROLE, type TManualRole } from '@atrium/contract';
import { describe, expect, it } from 'vitest';
import type { Actor } from '../../core/auth/actor.ts';
import { canReadManual, canReadPage, manualRoleOf } from './manual.policy.ts';

const actor = (roleId: Actor['roleId'], isSuperadmin = false): Actor => ({
  userId: 1,
  organisationId: 1,
  roleId,
  isSuperadmin,
});

const adminsOnly: { roles: TManualRole[] } = { roles: ['admin'] };
const staffPage: { roles: TManualRole[] } = { roles: ['admin', 'trainer', 'hiring_manager'] };

describe('manual policy', () => {
  it.each([
    ['superadmin', actor(ROLE.SUPERADMIN, true), 'superadmin', true, true],
    ['superadmin signed in as a member', actor(ROLE.ADMIN, true), 'superadmin', true, true],
    ['admin', actor(ROLE.ADMIN), 'admin', true, true],
    ['trainer', actor(ROLE.TRAINER), 'trainer', false, true],
    ['hiring manager', actor(ROLE.HIRING_MANAGER), 'hiring_manager', false, true],
    ['learner', actor(ROLE.LEARNER), null, false, false],
  ])('%s', (_, who, role, readsAdminPage, readsStaffPage) => {
    expect(manualRoleOf(who)).toBe(role);
    expect(canReadManual(who)).toBe(role !== null);
    expect(canReadPage(who, adminsOnly)).toBe(readsAdminPage);
    expect(canReadPage(who, staffPage)).toBe(readsStaffPage);
  });
});
