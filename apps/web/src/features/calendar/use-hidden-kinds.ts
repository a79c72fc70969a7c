import { useCallback, useState } from 'react';

/*
 * The kinds the viewer switched off, kept per user in this browser: a preference (hide other
 * people's sessions), not a view to share. The hidden ones are stored, so a new kind shows.
 */

const storageKey = (userId: number | undefined) => `atrium.calendar.hidden-kinds.${userId ?? 0}`;

function load(key: string): Set<string> {
  try {
    const stored: unknown = JSON.parse(localStorage.getItem(key) ?? '[]');
    return new Set(Array.isArray(stored) ? stored.filter((k) => typeof k === 'string') : []);
  } catch {
    return new Set();
  }
}

export function useHiddenKinds(userId: number | undefined) {
  const key = storageKey(userId);
  const [hidden, setHidden] = useState(() => load(key));
  const toggle = useCallback(
    (kind: string) => {
      setHidden((current) => {
        const next = new Set(current);
        if (!next.delete(kind)) next.add(kind);
        try {
          localStorage.setItem(key, JSON.stringify([...next]));
        } catch {
          // Private mode or full storage: the filter holds until the page is left.
        }
        return next;
      });
    },
    [key],
  );
  return { hidden, toggle };
}
