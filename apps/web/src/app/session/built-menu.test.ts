import type { TMenuEntry } from '@atrium/contract';
import { describe, expect, it } from 'vitest';
import { hasPageFor, withoutDisabledFeatures, withoutUnbuilt } from './built-menu.ts';

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
    const menu = [
      entry('Dashboard', '/dashboard'),
      entry('Requests', '/requests'),
      entry('Discussions', '/discussions'),
      entry('Communications', '/socialwall'),
    ];
    expect(withoutUnbuilt(menu).map((e) => e.title)).toEqual([
      'Dashboard',
      'Requests',
      'Discussions',
      'Communications',
    ]);
  });
});

describe('hasPageFor', () => {
  it('matches a link to a built route with its parameters, query and hash', () => {
    expect(hasPageFor('/classroom/attendees/12?tab=report#top')).toBe(true);
    expect(hasPageFor('/assessment/result/7')).toBe(true);
    expect(hasPageFor('/courses')).toBe(true);
    expect(hasPageFor('/cpd?event=3')).toBe(true);
    expect(hasPageFor('/cpd-view/12')).toBe(true);
    expect(hasPageFor('/discussions/12')).toBe(true);
    expect(hasPageFor('/socialwall?hashtag=safety')).toBe(true);
    expect(hasPageFor('/socialwall/8')).toBe(true);
  });
  // Every route has its page now (the last, /plagiarism, since issue 24): only unknown paths remain.
  it('refuses an unknown path (the not-found page is no page)', () => {
    expect(hasPageFor('/no/such/place')).toBe(false);
  });
  it('leaves links outside the app to the caller', () => {
    expect(hasPageFor('https://help.example.org/')).toBe(true);
  });
});

describe('withoutDisabledFeatures', () => {
  const menu = [
    entry('Dashboard', '/dashboard'),
    entry('Messages', '/messages'),
    entry('Communications', '/socialwall'),
    entry('Organization', '#organization', [
      entry('Event Engine', '/cpd'),
      entry('Competency', '/competency'),
    ]),
  ];
  it('drops the entries of features turned off, and groups left empty', () => {
    const titles = (m: TMenuEntry[]): string =>
      m.map((e) => (e.children ? `${e.title}(${titles(e.children)})` : e.title)).join(',');
    expect(titles(withoutDisabledFeatures(menu, ['messages', 'cpd']))).toBe(
      'Dashboard,Communications,Organization(Competency)',
    );
    expect(titles(withoutDisabledFeatures(menu, ['cpd', 'competencies', 'wall']))).toBe(
      'Dashboard,Messages',
    );
  });
  it('keeps everything when nothing (or only unknown keys) is off', () => {
    expect(withoutDisabledFeatures(menu, undefined)).toEqual(menu);
    expect(withoutDisabledFeatures(menu, ['payroll'])).toEqual(menu);
  });
});
