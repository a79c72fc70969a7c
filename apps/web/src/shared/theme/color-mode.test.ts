import { describe, expect, it } from 'vitest';
import { DARK_THEME_STORAGE_KEY, readStoredColorMode, storeColorMode } from './color-mode.tsx';

describe('colour-mode storage', () => {
  it('stores the dark flag as the string true or false', () => {
    storeColorMode(localStorage, 'dark');
    expect(localStorage.getItem(DARK_THEME_STORAGE_KEY)).toBe('true');
    storeColorMode(localStorage, 'light');
    expect(localStorage.getItem(DARK_THEME_STORAGE_KEY)).toBe('false');
  });

  it('reads back the stored mode and treats anything else as unset', () => {
    localStorage.setItem(DARK_THEME_STORAGE_KEY, 'true');
    expect(readStoredColorMode(localStorage)).toBe('dark');
    localStorage.setItem(DARK_THEME_STORAGE_KEY, 'false');
    expect(readStoredColorMode(localStorage)).toBe('light');
    localStorage.setItem(DARK_THEME_STORAGE_KEY, 'yes');
    expect(readStoredColorMode(localStorage)).toBeNull();
    localStorage.removeItem(DARK_THEME_STORAGE_KEY);
    expect(readStoredColorMode(localStorage)).toBeNull();
  });
});
