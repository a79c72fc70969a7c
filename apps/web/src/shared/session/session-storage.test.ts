import { describe, expect, it } from 'vitest';
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
