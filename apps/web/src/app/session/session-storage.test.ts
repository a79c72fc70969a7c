import { describe, expect, it } from 'vitest';
import { homeAfterSignIn } from './home-after-sign-in.ts';
import {
  clearStorageOnSignOut,
  clearToken,
  LAST_MODULE_KEY,
  REMEMBERED_USERNAME_KEY,
  rememberUsername,
  saveToken,
} from './session-storage.ts';

describe('clearStorageOnSignOut', () => {
  it('clears the token and everything else but the dark-mode flag and the remembered user name', () => {
    localStorage.setItem('token', 'secret');
    localStorage.setItem('darkTheme', 'true');
    localStorage.setItem(REMEMBERED_USERNAME_KEY, 'lena');
    localStorage.setItem('someCachedList', '[1,2,3]');

    clearStorageOnSignOut(localStorage, '/courses');

    expect(localStorage.getItem('token')).toBeNull();
    expect(localStorage.getItem('someCachedList')).toBeNull();
    expect(localStorage.getItem('darkTheme')).toBe('true');
    expect(localStorage.getItem(REMEMBERED_USERNAME_KEY)).toBe('lena');
    expect(localStorage.getItem(LAST_MODULE_KEY)).toBe('/courses');
    expect(localStorage.length).toBe(3);
  });

  it('keeps the previous last module when sign-out happens outside any module', () => {
    localStorage.setItem(LAST_MODULE_KEY, '/dashboard');
    clearStorageOnSignOut(localStorage, null);
    expect(localStorage.getItem(LAST_MODULE_KEY)).toBe('/dashboard');
  });

  it('never stores anything but the user name for remember-me', () => {
    rememberUsername('lena');
    expect({ ...localStorage }).toEqual({ [REMEMBERED_USERNAME_KEY]: 'lena' });
    rememberUsername(null);
    expect(localStorage.getItem(REMEMBERED_USERNAME_KEY)).toBeNull();
  });
});

describe('token storage', () => {
  it('keeps the token in local storage only: the HttpOnly cookie is the server’s to set', () => {
    saveToken('abc123');
    expect(localStorage.getItem('token')).toBe('abc123');
    expect(document.cookie).not.toContain('token=');
    clearToken();
    expect(localStorage.getItem('token')).toBeNull();
  });
});

const Page = () => null;

describe('homeAfterSignIn', () => {
  const routes = [
    { path: '/dashboard', guard: 'protected' as const, Page },
    { path: '/reports', guard: 'perm' as const, Page },
    { path: '/courses', guard: 'perm' as const },
  ];

  it('returns to the last module when it is permitted and has a page', () => {
    expect(homeAfterSignIn('/reports', ['/dashboard', '/reports'], routes)).toBe('/reports');
  });

  it('goes to the dashboard otherwise', () => {
    expect(homeAfterSignIn(null, ['/reports'], routes)).toBe('/dashboard');
    expect(homeAfterSignIn('/reports', ['/dashboard'], routes)).toBe('/dashboard');
    expect(homeAfterSignIn('/courses', ['/courses'], routes)).toBe('/dashboard');
  });
});
