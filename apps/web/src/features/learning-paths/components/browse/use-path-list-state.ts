import { LEARNING_PATH_STATUSES, type TLearningPathStatus } from '@atrium/contract';
import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';

export const PATH_TABS = ['catalogue', 'mine', 'manage'] as const;
export type PathTab = (typeof PATH_TABS)[number];

export interface PathListState {
  tab: PathTab;
  search: string;
  status: '' | TLearningPathStatus;
  category: number | null;
  page: number;
}

const positive = (value: string | null) =>
  value !== null && /^\d{1,9}$/.test(value) && Number(value) > 0 ? Number(value) : null;

/** Reads the list state from the URL; anything malformed falls back to its default. */
export function readPathListState(params: URLSearchParams): PathListState {
  const tab = PATH_TABS.find((t) => t === params.get('tab')) ?? 'catalogue';
  return {
    tab,
    search: params.get('search') ?? '',
    status: LEARNING_PATH_STATUSES.find((s) => s === params.get('status')) ?? '',
    category: positive(params.get('category')),
    page: positive(params.get('page')) ?? 1,
  };
}

/** Writes changes into the URL; defaults are left out, and anything but the page resets it. */
export function writePathListState(
  params: URLSearchParams,
  changes: Partial<PathListState>,
): URLSearchParams {
  const current = readPathListState(params);
  const resetsPage = Object.keys(changes).some((key) => key !== 'page');
  const next = { ...current, ...(resetsPage ? { page: 1 } : {}), ...changes };
  // A status filter belongs to the manage tab: the other lists only hold published paths.
  if (next.tab !== 'manage') next.status = '';
  const out = new URLSearchParams(params);
  const set = (key: string, value: string | number | null, fallback: string | number | null) => {
    if (value === null || value === '' || value === fallback) out.delete(key);
    else out.set(key, String(value));
  };
  set('tab', next.tab, 'catalogue');
  set('search', next.search.trim(), '');
  set('status', next.status, '');
  set('category', next.category, null);
  set('page', next.page, 1);
  return out;
}

/**
 * The list page's state in the URL search params, so reload, back and a shared link show the
 * same tab, filters and page. Typing replaces the history entry; tab and page changes push one.
 */
export function usePathListState() {
  const [params, setParams] = useSearchParams();
  const state = useMemo(() => readPathListState(params), [params]);
  const update = useCallback(
    (changes: Partial<PathListState>) => {
      const navigates = Object.keys(changes).every((key) => key === 'page' || key === 'tab');
      setParams((current) => writePathListState(current, changes), { replace: !navigates });
    },
    [setParams],
  );
  return { state, update };
}
