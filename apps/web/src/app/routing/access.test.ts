import { describe, expect, it } from 'vitest';
import { isPermitted } from '../../shared/menu/permitted.ts';
import { basePath, decideAccess } from './access.ts';

const signedOut = { token: null, permittedPaths: [] };
const signedIn = { token: 't', permittedPaths: ['/courses', '/reports/'] };

describe('basePath', () => {
  it('is the first path segment', () => {
    expect(basePath('/courses/course-detail/:id')).toBe('/courses');
    expect(basePath('/learning-path')).toBe('/learning-path');
    expect(basePath('/')).toBe('/');
  });
});

describe('isPermitted', () => {
  it('matches menu paths regardless of a trailing slash', () => {
    expect(isPermitted('/reports', signedIn.permittedPaths)).toBe(true);
    expect(isPermitted('/courses/', signedIn.permittedPaths)).toBe(true);
    expect(isPermitted('/calendar', signedIn.permittedPaths)).toBe(false);
  });
});

describe('decideAccess', () => {
  it('sends signed-in visitors of public pages to /dashboard unless the route allows them', () => {
    expect(decideAccess({ path: '/signup', guard: 'public' }, signedOut)).toEqual({
      kind: 'allow',
    });
    expect(decideAccess({ path: '/signup', guard: 'public' }, signedIn)).toEqual({
      kind: 'redirect',
      to: '/dashboard',
    });
    expect(decideAccess({ path: '*', guard: 'public', allowSignedIn: true }, signedIn)).toEqual({
      kind: 'allow',
    });
  });

  it('sends visitors without a token from protected pages to /', () => {
    expect(decideAccess({ path: '/dashboard', guard: 'protected' }, signedOut)).toEqual({
      kind: 'redirect',
      to: '/',
    });
    expect(decideAccess({ path: '/dashboard', guard: 'protected' }, signedIn)).toEqual({
      kind: 'allow',
    });
  });

  it('lets perm pages through only when their base path is permitted', () => {
    const detail = { path: '/courses/course-detail/:id', guard: 'perm' } as const;
    expect(decideAccess(detail, signedIn)).toEqual({ kind: 'allow' });
    expect(decideAccess(detail, signedOut)).toEqual({ kind: 'redirect', to: '/' });
    expect(decideAccess({ path: '/calendar', guard: 'perm' }, signedIn)).toEqual({
      kind: 'redirect',
      to: '/',
    });
  });

  it('checks permPath when the menu path is not the first segment', () => {
    const route = { path: '/course/:id', guard: 'perm', permPath: '/courses' } as const;
    expect(decideAccess(route, signedIn)).toEqual({ kind: 'allow' });
  });
});

describe('decideAccess while the profile loads', () => {
  const loading = { token: 't', permittedPaths: [], profileLoaded: false };

  it('waits on protected and perm pages instead of redirecting without the menu', () => {
    expect(decideAccess({ path: '/dashboard', guard: 'protected' }, loading)).toEqual({
      kind: 'wait',
    });
    expect(decideAccess({ path: '/settings', guard: 'perm' }, loading)).toEqual({ kind: 'wait' });
  });

  it('still sends a token holder away from public pages at once', () => {
    expect(decideAccess({ path: '/login', guard: 'public' }, loading)).toEqual({
      kind: 'redirect',
      to: '/dashboard',
    });
  });

  it('lets a learner without the Users menu entry be sent from /settings to /', () => {
    const learner = { token: 't', permittedPaths: ['/dashboard', '/courses'], profileLoaded: true };
    expect(decideAccess({ path: '/settings', guard: 'perm' }, learner)).toEqual({
      kind: 'redirect',
      to: '/',
    });
  });
});

describe('decideAccess for routes limited to roles', () => {
  const licences = { path: '/licenses', guard: 'protected', roles: [1] } as const;

  it('lets only the listed roles in and sends the others to /', () => {
    expect(decideAccess(licences, { ...signedIn, roleId: 1 })).toEqual({ kind: 'allow' });
    expect(decideAccess(licences, { ...signedIn, roleId: 2 })).toEqual({
      kind: 'redirect',
      to: '/',
    });
  });

  it('still sends visitors without a token to / and waits for the profile', () => {
    expect(decideAccess(licences, signedOut)).toEqual({ kind: 'redirect', to: '/' });
    expect(decideAccess(licences, { ...signedIn, profileLoaded: false })).toEqual({
      kind: 'wait',
    });
  });
});

describe('an account awaiting approval', () => {
  const pending = { token: 't', permittedPaths: ['/courses'], approved: false };

  it('opens the dashboard and its own profile only; everything else goes to the dashboard', () => {
    for (const path of ['/dashboard', '/myprofile', '/newProfile']) {
      expect(decideAccess({ path, guard: 'protected' }, pending), path).toEqual({ kind: 'allow' });
    }
    for (const route of [
      { path: '/courses', guard: 'perm' as const },
      { path: '/requests', guard: 'protected' as const },
      { path: '/profile_by_id/:id', guard: 'protected' as const },
    ]) {
      expect(decideAccess(route, pending), route.path).toEqual({
        kind: 'redirect',
        to: '/dashboard',
      });
    }
    // Public pages behave as for anyone signed in.
    expect(decideAccess({ path: '/signup', guard: 'public' }, pending)).toEqual({
      kind: 'redirect',
      to: '/dashboard',
    });
  });

  it('does not change anything for approved users', () => {
    expect(
      decideAccess({ path: '/requests', guard: 'protected' }, { ...pending, approved: true }),
    ).toEqual({ kind: 'allow' });
  });
});
