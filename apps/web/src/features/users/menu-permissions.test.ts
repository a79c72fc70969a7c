import { defaultMenuForRole, ROLE } from '@atrium/contract';
import { describe, expect, it } from 'vitest';
import { isShown, setEntryPermission, shownCount } from './menu-permissions.ts';

const learner = defaultMenuForRole(ROLE.LEARNER);

describe('setEntryPermission', () => {
  it('switches one entry without touching the others or the original list', () => {
    const next = setEntryPermission(learner, '/courses', false);
    expect(isShown(next, '/courses')).toBe(false);
    expect(isShown(next, '/dashboard')).toBe(true);
    expect(isShown(learner, '/courses')).toBe(true);
  });

  it('turns the group on when one of its entries is turned on', () => {
    const groupOff = setEntryPermission(learner, '#organization', false);
    expect(isShown(groupOff, '/certificate')).toBe(false);
    const next = setEntryPermission(groupOff, '/reports', true);
    expect(next.find((entry) => entry.href === '#organization')?.permission).toBe(true);
    expect(isShown(next, '/reports')).toBe(true);
    // The group's other entries keep their own flags.
    expect(isShown(next, '/certificate')).toBe(true);
    expect(isShown(next, '/organization')).toBe(false);
  });

  it('keeps children flags when a group is turned off, hiding them', () => {
    const off = setEntryPermission(learner, '#organization', false);
    const certificate = off
      .find((entry) => entry.href === '#organization')
      ?.children?.find((entry) => entry.href === '/certificate');
    expect(certificate?.permission).toBe(true);
    expect(isShown(off, '/certificate')).toBe(false);
  });

  it('leaves the menu unchanged for an unknown href', () => {
    expect(setEntryPermission(learner, '/nowhere', true)).toEqual(learner);
  });
});

describe('shownCount', () => {
  it('counts the entries that show, not the groups', () => {
    const before = shownCount(learner);
    expect(shownCount(setEntryPermission(learner, '/settings', true))).toBe(before + 1);
    expect(shownCount(setEntryPermission(learner, '#organization', false))).toBeLessThan(before);
  });
});
