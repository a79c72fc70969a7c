import { ROLE } from '@atrium/contract';
import { describe, expect, it } from 'vitest';
import type { Actor } from '../../core/auth/actor.ts';
import { canModerate, canSeeItem, itemAbilities, reportRefusal } from './moderation.policy.ts';

const ORG = 1;
const OTHER = 2;
const actor = (roleId: Actor['roleId'], over: Partial<Actor> = {}): Actor => ({
  userId: 10,
  organisationId: ORG,
  roleId,
  isSuperadmin: false,
  ...over,
});
const learner = actor(ROLE.LEARNER);
const trainer = actor(ROLE.TRAINER);
const admin = actor(ROLE.ADMIN);
const superadmin = actor(ROLE.ADMIN, { isSuperadmin: true });

describe('reporting', () => {
  it.each([
    [
      'a member, visible, someone else’s',
      learner,
      { organisationId: ORG, authorId: 11, visible: true },
      null,
    ],
    ['own content', learner, { organisationId: ORG, authorId: 10, visible: true }, 'own'],
    [
      'not visible to them',
      learner,
      { organisationId: ORG, authorId: 11, visible: false },
      'not_found',
    ],
    [
      'another organisation',
      learner,
      { organisationId: OTHER, authorId: 11, visible: true },
      'not_found',
    ],
    [
      'a superadmin, another organisation',
      superadmin,
      { organisationId: OTHER, authorId: 11, visible: true },
      'not_found',
    ],
    [
      'content whose author is gone',
      trainer,
      { organisationId: ORG, authorId: null, visible: true },
      null,
    ],
  ] as const)('%s → %s', (_, who, item, expected) => {
    expect(reportRefusal(who, item)).toBe(expected);
  });
});

describe('moderating', () => {
  it.each([
    [learner, false],
    [trainer, false],
    [admin, true],
    [superadmin, true],
  ])('role %# may moderate: %s', (who, expected) => {
    expect(canModerate(who)).toBe(expected);
    expect(canSeeItem(who, { organisationId: ORG })).toBe(expected);
  });

  it('never reaches another organisation’s items, superadmins included', () => {
    expect(canSeeItem(admin, { organisationId: OTHER })).toBe(false);
    expect(canSeeItem(superadmin, { organisationId: OTHER })).toBe(false);
  });

  it('acts on open items only', () => {
    const open = { organisationId: ORG, status: 'open', held: false } as const;
    expect(itemAbilities(admin, open)).toEqual({
      hide: true,
      restore: true,
      delete: true,
      dismiss: true,
    });
    expect(itemAbilities(admin, { ...open, status: 'resolved' })).toEqual({
      hide: false,
      restore: false,
      delete: false,
      dismiss: false,
    });
    expect(itemAbilities(learner, open).hide).toBe(false);
    expect(itemAbilities(admin, { ...open, organisationId: OTHER }).hide).toBe(false);
  });
});
