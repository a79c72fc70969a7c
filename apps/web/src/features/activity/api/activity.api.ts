import { auditOps, type TActivity, type TPage } from '@atrium/contract';
import { useQuery } from '@tanstack/react-query';
import { call } from '../../../shared/api/call.ts';
import type { ModuleTime } from '../module-time.ts';

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
    queryFn: ({ signal }) => call(auditOps.activity, { query: { ...filter }, signal }),
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
  call(auditOps.recordModuleTime, { body: entry, keepalive: true }).catch(() => {});
}
