import { auditPaths, type TActivity, type TPage, ZActivity, zPage } from '@atrium/contract';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../shared/api/client.ts';
import type { ModuleTime } from '../module-time.ts';

const ZActivityPage = zPage(ZActivity);

export interface ActivityFilter {
  /** Omitted: the caller's own activity, or the whole organisation's for an admin. */
  user?: number;
  kind?: TActivity['kind'];
  page_size?: number;
}

export const activityKeys = {
  list: (filter: ActivityFilter) => ['activity', filter] as const,
};

/** `errorMessage`: the snackbar text when the list cannot be loaded (spec §8 catalogue). */
export function useActivity(filter: ActivityFilter, enabled = true, errorMessage?: string) {
  return useQuery<TPage<TActivity>>({
    queryKey: activityKeys.list(filter),
    queryFn: ({ signal }) =>
      api.get(auditPaths.moduleHistory, { query: { ...filter }, schema: ZActivityPage, signal }),
    enabled,
    meta: errorMessage === undefined ? undefined : { errorMessage },
  });
}

/**
 * Reports time spent in a module. keepalive lets the request finish after the page has gone,
 * which is when most of these are sent. Failures are dropped: losing one report is harmless,
 * and there is no one left to tell.
 */
export function sendModuleTime(entry: ModuleTime): void {
  api.post(auditPaths.moduleHistory, entry, { keepalive: true }).catch(() => {});
}
