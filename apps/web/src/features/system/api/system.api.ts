import { systemOps, systemPaths } from '@atrium/contract';
import { useQuery } from '@tanstack/react-query';
import { call } from '../../../shared/api/call.ts';

export const systemKeys = {
  all: ['system'] as const,
  health: () => [...systemKeys.all, 'health'] as const,
  ready: () => [...systemKeys.all, 'ready'] as const,
};

/** Status checks refresh themselves while the page is open. */
const STATUS_REFRESH_MS = 30_000;

const statusQueryOptions = {
  // A status page must report a failure at once, not after silent retries.
  retry: false,
  staleTime: 0,
  refetchInterval: STATUS_REFRESH_MS,
} as const;

/** API liveness: GET /api/health. */
export function useHealth() {
  return useQuery({
    queryKey: systemKeys.health(),
    queryFn: ({ signal }) => call(systemOps.health, { signal }),
    ...statusQueryOptions,
  });
}

/** Database readiness: GET /api/ready (503 with a message when the database is down). */
export function useReady() {
  return useQuery({
    queryKey: systemKeys.ready(),
    queryFn: ({ signal }) => call(systemOps.ready, { signal }),
    ...statusQueryOptions,
  });
}

export const API_DOCS_PATH = systemPaths.docs;
