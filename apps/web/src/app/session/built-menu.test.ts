import type { TMenuEntry } from '@atrium/contract';
import { describe, expect, it } from 'vitest';
import { withoutUnbuilt } from './built-menu.ts';

const entry = (title: string, href: string, children?: TMenuEntry[]): TMenuEntry =>
  ({ title, href, icon: 'x', permission: true, ...(children ? { children } : {}) }) as TMenuEntry;

describe('withoutUnbuilt', () => {
  const built = new Set(['/dashboard', '/courses']);

  it('drops entries whose page is not built and groups left empty, keeps external links', () => {
    const menu = [
      entry('Dashboard', '/dashboard'),
      entry('Learning Path', '/learning-path'),
      entry('Organization', '#organization', [
        entry('Reports', '/reports'),
        entry('Video Conferencing', '#video-conferencing'),
      ]),
      entry('Later', '#later', [entry('Calendar', '/calendar')]),
      entry('Courses', '/courses'),
    ];
    expect(withoutUnbuilt(menu, built).map((e) => [e.title, e.children?.length])).toEqual([
      ['Dashboard', undefined],
      ['Organization', 1],
      ['Courses', undefined],
    ]);
  });

  it('every built route of the app keeps its entry', () => {
    const menu = [entry('Dashboard', '/dashboard'), entry('Requests', '/requests')];
    expect(withoutUnbuilt(menu).map((e) => e.title)).toEqual(['Dashboard', 'Requests']);
  });
});
