import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import {
  type CatalogueState,
  readCatalogueState,
  writeCatalogueState,
} from '../../catalogue-query.ts';

/**
 * A course list's state, read from and written to the URL search params. Filter changes replace
 * the history entry (typing a search must not fill the back button); page and tab changes push
 * one, so back goes to the previous page of results.
 */
export function useCatalogueState(defaultPageSize: number) {
  const [params, setParams] = useSearchParams();
  const state = useMemo(
    () => readCatalogueState(params, defaultPageSize),
    [params, defaultPageSize],
  );
  const update = useCallback(
    (changes: Partial<CatalogueState>) => {
      const pageOnly = Object.keys(changes).every((key) => key === 'page');
      setParams(
        (current) =>
          writeCatalogueState(
            current,
            readCatalogueState(current, defaultPageSize),
            changes,
            defaultPageSize,
          ),
        {
          replace: !pageOnly,
        },
      );
    },
    [setParams, defaultPageSize],
  );
  /** Another URL param that is not list state (the tab, the table's type); resets the page. */
  const setParam = useCallback(
    (key: string, value: string | null) => {
      setParams((current) => {
        const next = new URLSearchParams(current);
        if (value === null) next.delete(key);
        else next.set(key, value);
        next.delete('page');
        return next;
      });
    },
    [setParams],
  );
  return { state, update, params, setParam };
}
