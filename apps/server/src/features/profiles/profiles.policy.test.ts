import { APPROVAL, ROLE, type TRoleId } from '@atrium/contract';
import { describe, expect, it } from 'vitest';
import { actor, type Case, HOME_ORG, rowsOf, SOMEONE_ELSE } from '../../../test/policy-table.ts';
import {
  type AccountActor,
  mayAdminister,
  mayChangeEmail,
  mayEdit,
  type ProfileTarget,
  profileAbilities,
} from './profiles.policy.ts';

const approved = (c: Case): AccountActor => ({ ...c.actor, approvalStatus: APPROVAL.APPROVED });

/** Ownership here: the account is the caller's own; someone else's is a learner's. */
const target = (c: Case): ProfileTarget => ({
  userId: c.ownerId,
  organisationId: c.organisationId,
  roleId: c.own ? c.actor.roleId : ROLE.LEARNER,
  isSuperadmin: c.own && c.actor.isSuperadmin,
});

// Columns: mayAdminister, mayEdit, mayChangeEmail.
type Row = [administer: boolean, edit: boolean, changeEmail: boolean];

describe('who administers, edits and re-addresses whose account', () => {
  it.each(
    rowsOf<Row>({
      'superadmin own same org': [true, true, true],
      'superadmin own other org': [true, true, true],
      "superadmin other's same org": [true, true, true],
      "superadmin other's other org": [true, true, true],
      'admin own same org': [false, true, false],
      'admin own other org': [false, true, false],
      "admin other's same org": [true, true, true],
      "admin other's other org": [false, false, false],
      'trainer own same org': [false, true, false],
      'trainer own other org': [false, true, false],
      "trainer other's same org": [false, false, false],
      "trainer other's other org": [false, false, false],
      'learner own same org': [false, true, false],
      'learner own other org': [false, true, false],
      "learner other's same org": [false, false, false],
      "learner other's other org": [false, false, false],
    }).map(([c, row]) => [c.name, c, row] as const),
  )('%s → %j', (_n, c, row) => {
    const a = approved(c);
    const t = target(c);
    expect([mayAdminister(a, t), mayEdit(a, t), mayChangeEmail(a, t)]).toEqual(row);
    expect(profileAbilities(a, t)).toEqual({ edit: row[1], change_email: row[2] });
  });
});

describe('an admin and the roles of the organisation', () => {
  const admin: AccountActor = { ...actor('admin'), approvalStatus: APPROVAL.APPROVED };
  const member = (roleId: TRoleId, isSuperadmin = false): ProfileTarget => ({
    userId: SOMEONE_ELSE,
    organisationId: HOME_ORG,
    roleId,
    isSuperadmin,
  });

  it.each([
    [ROLE.SUPERADMIN, false],
    [ROLE.ADMIN, false],
    [ROLE.TRAINER, true],
    [ROLE.LEARNER, true],
    [ROLE.HIRING_MANAGER, true],
  ] as const)('administers a member of role %i: %s', (roleId, expected) => {
    expect(mayAdminister(admin, member(roleId))).toBe(expected);
  });

  it('never a superadmin, whatever their role in this organisation', () => {
    expect(mayAdminister(admin, member(ROLE.LEARNER, true))).toBe(false);
  });

  it('administers nobody while their own account awaits approval', () => {
    const pending = { ...admin, approvalStatus: APPROVAL.PENDING };
    expect(mayAdminister(pending, member(ROLE.LEARNER))).toBe(false);
    expect(mayEdit(pending, { ...member(ROLE.ADMIN), userId: admin.userId })).toBe(true);
  });
});
