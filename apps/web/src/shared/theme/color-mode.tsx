import { createContext, type ReactNode, useCallback, useContext, useMemo, useState } from 'react';
import type { ColorMode } from './org-theme.ts';

/** Local-storage key of the dark-mode flag; the value is the string 'true' or 'false' (spec §4). */
export const DARK_THEME_STORAGE_KEY = 'darkTheme';

/** The stored choice, or null when the user has never toggled. */
export function readStoredColorMode(storage: Pick<Storage, 'getItem'>): ColorMode | null {
  try {
    const stored = storage.getItem(DARK_THEME_STORAGE_KEY);
    if (stored === 'true') return 'dark';
    if (stored === 'false') return 'light';
  } catch {
    // Storage can be disabled (privacy mode); fall through to the default.
  }
  return null;
}

export function storeColorMode(storage: Pick<Storage, 'setItem'>, mode: ColorMode): void {
  try {
    storage.setItem(DARK_THEME_STORAGE_KEY, String(mode === 'dark'));
  } catch {
    // Not remembering the choice is acceptable; the toggle still works for this visit.
  }
}

function initialColorMode(): ColorMode {
  const stored = readStoredColorMode(window.localStorage);
  if (stored) return stored;
  return window.matchMedia?.('(prefers-color-scheme: dark)').matches ? 'dark' : 'light';
}

interface ColorModeValue {
  mode: ColorMode;
  toggleColorMode: () => void;
}

const ColorModeContext = createContext<ColorModeValue | null>(null);

export function ColorModeProvider({ children }: { children: ReactNode }) {
  const [mode, setMode] = useState<ColorMode>(initialColorMode);
  const toggleColorMode = useCallback(() => {
    setMode((current) => {
      const next = current === 'dark' ? 'light' : 'dark';
      storeColorMode(window.localStorage, next);
      return next;
    });
  }, []);
  const value = useMemo(() => ({ mode, toggleColorMode }), [mode, toggleColorMode]);
  return <ColorModeContext value={value}>{children}</ColorModeContext>;
}

export function useColorMode(): ColorModeValue {
  const value = useContext(ColorModeContext);
  if (!value) throw new Error('useColorMode must be used inside <ColorModeProvider>');
  return value;
}
