import { APPROVAL, ROLE } from '@atrium/contract';
import { describe, expect, it } from 'vitest';
import { actor, type Case, HOME_ORG, rowsOf, SOMEONE_ELSE } from '../../../test/policy-table.ts';
import type { AccountActor, ProfileTarget } from '../profiles/index.ts';
import { mayActOn, mayGrantRole, userAbilities } from './users.policy.ts';

const approved = (c: Case): AccountActor => ({ ...c.actor, approvalStatus: APPROVAL.APPROVED });

/** Ownership here: the account is the caller's own; someone else's is a learner's. */
const member = (c: Case): ProfileTarget => ({
  userId: c.ownerId,
  organisationId: c.organisationId,
  roleId: c.own ? c.actor.roleId : ROLE.LEARNER,
  isSuperadmin: c.own && c.actor.isSuperadmin,
});

// Columns: mayActOn (approve, reject, (de)activate, change role, remove), edit_permissions.
describe('who acts on whose account in the users list', () => {
  it.each(
    rowsOf<[act: boolean, permissions: boolean]>({
      'superadmin own same org': [false, true],
      'superadmin own other org': [false, true],
      "superadmin other's same org": [true, true],
      "superadmin other's other org": [true, true],
      'admin own same org': [false, false],
      'admin own other org': [false, false],
      "admin other's same org": [true, true],
      "admin other's other org": [false, false],
      'trainer own same org': [false, false],
      'trainer own other org': [false, false],
      "trainer other's same org": [false, false],
      "trainer other's other org": [false, false],
      'learner own same org': [false, false],
      'learner own other org': [false, false],
      "learner other's same org": [false, false],
      "learner other's other org": [false, false],
    }).map(([c, row]) => [c.name, c, row] as const),
  )('%s → %j', (_n, c, [act, permissions]) => {
    const a = approved(c);
    expect(mayActOn(a, member(c))).toBe(act);
    expect(userAbilities(a, member(c))).toEqual({
      approve: act,
      reject: act,
      activate: act,
      deactivate: act,
      change_role: act,
      edit_permissions: permissions,
      delete: act,
    });
  });

  it('an admin acts on no fellow admin, and on no superadmin whatever their role here', () => {
    const admin = { ...actor('admin'), approvalStatus: APPROVAL.APPROVED };
    const other = { userId: SOMEONE_ELSE, organisationId: HOME_ORG };
    expect(mayActOn(admin, { ...other, roleId: ROLE.ADMIN, isSuperadmin: false })).toBe(false);
    expect(mayActOn(admin, { ...other, roleId: ROLE.LEARNER, isSuperadmin: true })).toBe(false);
    expect(mayActOn(admin, { ...other, roleId: ROLE.TRAINER, isSuperadmin: false })).toBe(true);
  });
});

describe('mayGrantRole: nobody grants a role above their own', () => {
  const ROLES = [ROLE.SUPERADMIN, ROLE.ADMIN, ROLE.TRAINER, ROLE.LEARNER, ROLE.HIRING_MANAGER];
  it.each([
    ['superadmin', [true, true, true, true, true]],
    ['admin', [false, true, true, true, true]],
    ['trainer', [false, false, true, true, true]],
    ['learner', [false, false, false, true, true]],
  ] as const)('%s grants roles 1–5: %j', (role, expected) => {
    expect(ROLES.map((r) => mayGrantRole(actor(role), r))).toEqual(expected);
  });
});
