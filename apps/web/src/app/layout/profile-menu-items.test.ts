import { ROLE } from '@atrium/contract';
import { describe, expect, it } from 'vitest';
import { profileMenuItems } from './profile-menu-items.ts';

const titles = (roleId: number) =>
  profileMenuItems(roleId, true, () => true).map((item) => item.title);

describe('profileMenuItems', () => {
  it('gives the superadmin everything but Certificate, Licenses and Admin console included', () => {
    expect(titles(ROLE.SUPERADMIN)).toEqual([
      'My Profile',
      'Support',
      'Requests',
      'User Manual',
      'Feedback',
      'Licenses',
      'Admin console',
    ]);
  });

  it('gives admins and trainers Requests and User Manual but not Licenses', () => {
    for (const role of [ROLE.ADMIN, ROLE.TRAINER]) {
      expect(titles(role)).toEqual([
        'My Profile',
        'Support',
        'Requests',
        'User Manual',
        'Feedback',
      ]);
    }
  });

  it('gives learners Certificate instead of Requests and User Manual', () => {
    expect(titles(ROLE.LEARNER)).toEqual(['My Profile', 'Support', 'Certificate', 'Feedback']);
  });

  it('leaves out entries whose page is not built yet', () => {
    const built = new Set(['/myprofile', '/requests']);
    const items = profileMenuItems(ROLE.ADMIN, true, (path) => built.has(path));
    expect(items.map((item) => item.title)).toEqual(['My Profile', 'Requests']);
  });

  it('gives nothing to a profile without permissions', () => {
    expect(profileMenuItems(ROLE.ADMIN, false)).toEqual([]);
  });
});
