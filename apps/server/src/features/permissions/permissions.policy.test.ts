import { APPROVAL, ROLE } from '@atrium/contract';
import { describe, expect, it } from 'vitest';
import { type Case, rowsOf } from '../../../test/policy-table.ts';
import type { ProfileTarget } from '../profiles/index.ts';
import { mayChangeMenuOf, mayReadMenuOf } from './permissions.policy.ts';

/** Ownership here: the menu is the caller's own; someone else's is a learner's. */
const member = (c: Case): ProfileTarget => ({
  userId: c.ownerId,
  organisationId: c.organisationId,
  roleId: c.own ? c.actor.roleId : ROLE.LEARNER,
  isSuperadmin: c.own && c.actor.isSuperadmin,
});

describe('who reads and changes whose side-menu permissions (columns: read, change)', () => {
  it.each(
    rowsOf<[read: boolean, change: boolean]>({
      'superadmin own same org': [true, true],
      'superadmin own other org': [true, true],
      "superadmin other's same org": [true, true],
      "superadmin other's other org": [true, true],
      'admin own same org': [true, false],
      'admin own other org': [true, false],
      "admin other's same org": [true, true],
      "admin other's other org": [false, false],
      'trainer own same org': [true, false],
      'trainer own other org': [true, false],
      "trainer other's same org": [false, false],
      "trainer other's other org": [false, false],
      'learner own same org': [true, false],
      'learner own other org': [true, false],
      "learner other's same org": [false, false],
      "learner other's other org": [false, false],
    }).map(([c, row]) => [c.name, c, row] as const),
  )('%s → %j', (_n, c, row) => {
    const a = { ...c.actor, approvalStatus: APPROVAL.APPROVED };
    expect([mayReadMenuOf(a, member(c)), mayChangeMenuOf(a, member(c))]).toEqual(row);
  });
});
