import { defaultMenuForRole, ROLE, type TMenuEntry } from '@atrium/contract';
import { describe, expect, it } from 'vitest';
import { type DrawerItem, routeItems, toDrawerItems } from './drawer-items.ts';

const titles = (items: DrawerItem[]) => items.map((item) => item.title);
const group = (items: DrawerItem[], title: string) => {
  const found = items.find((item) => item.title === title);
  if (found?.kind !== 'group') throw new Error(`${title} is not a group`);
  return found;
};

describe('toDrawerItems', () => {
  it('gives a learner the entries switched on for learners, Organization with its children', () => {
    const items = toDrawerItems(defaultMenuForRole(ROLE.LEARNER));
    expect(titles(items)).toEqual([
      'Dashboard',
      'Calendar',
      'Messages',
      'Learning Path',
      'Communications',
      'Courses',
      'Classroom',
      'Assessment',
      'Announcements',
      'Discussions',
      'Organization',
      'Help Desk',
    ]);
    expect(titles(group(items, 'Organization').children)).toEqual([
      'Certification',
      'Event Engine',
      'Competency',
    ]);
  });

  it('gives an admin Theme, Users and the whole Organization group', () => {
    const items = toDrawerItems(defaultMenuForRole(ROLE.ADMIN));
    expect(titles(items)).toContain('Theme');
    expect(titles(items)).toContain('Users');
    expect(titles(group(items, 'Organization').children)).toEqual([
      'Human Resource',
      'Video Conferencing',
      'Certification',
      'Reports',
      'Event Engine',
      'Competency',
      'Plagiarism',
      'Tools & Plugins',
    ]);
  });

  it('maps routes to their href and the external entries to organisation links', () => {
    const items = toDrawerItems(defaultMenuForRole(ROLE.ADMIN));
    expect(items[0]).toEqual({
      kind: 'route',
      key: '/dashboard',
      title: 'Dashboard',
      icon: 'Dashboard',
      to: '/dashboard',
    });
    expect(items.at(-1)).toMatchObject({ kind: 'external', link: 'helpDesk' });
    expect(group(items, 'Organization').children[1]).toMatchObject({
      kind: 'external',
      title: 'Video Conferencing',
      link: 'meeting',
    });
  });

  it('hides a group whose flag is off, with its children, and a group left empty', () => {
    const menu: TMenuEntry[] = [
      {
        title: 'Organization',
        href: '#organization',
        icon: 'Business',
        permission: false,
        children: [{ title: 'Reports', href: '/reports', icon: 'BarChart', permission: true }],
      },
      {
        title: 'Empty',
        href: '#empty',
        icon: 'Business',
        permission: true,
        children: [{ title: 'Off', href: '/off', icon: 'Policy', permission: false }],
      },
      { title: 'Odd anchor', href: '#nowhere', icon: 'Policy', permission: true },
    ];
    expect(toDrawerItems(menu)).toEqual([]);
  });

  it('flattens the permitted routes for shortcuts', () => {
    const items = toDrawerItems(defaultMenuForRole(ROLE.LEARNER));
    expect(routeItems(items).map((item) => item.to)).toContain('/certificate');
    expect(routeItems(items).map((item) => item.to)).not.toContain('#help-desk');
  });
});
