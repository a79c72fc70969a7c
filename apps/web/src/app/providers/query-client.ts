import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { ApiError, errorMessage } from '../../shared/api/api-error.ts';
import { notifyError, notifySuccess } from '../../shared/notify/notify.ts';

/**
 * Per-query/mutation options read by the global handlers below:
 * - errorMessage: show an error snackbar on failure; the server's own message wins (spec §8)
 * - successMessage: mutations only; show a success snackbar ('' for the default 'Success !')
 */
export interface AppQueryMeta extends Record<string, unknown> {
  errorMessage?: string;
  successMessage?: string;
}

declare module '@tanstack/react-query' {
  interface Register {
    queryMeta: AppQueryMeta;
    mutationMeta: AppQueryMeta;
  }
}

const MAX_RETRIES = 2;

/**
 * Network failures and 5xx might fix themselves; client errors and answers that break the
 * contract (a 2xx whose body fails its schema) will not.
 */
export function shouldRetry(failureCount: number, error: unknown): boolean {
  if (error instanceof ApiError && error.status > 0 && error.status < 500) return false;
  return failureCount < MAX_RETRIES;
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    queryCache: new QueryCache({
      onError: (error, query) => {
        if (query.meta?.errorMessage !== undefined) {
          notifyError(errorMessage(error, query.meta.errorMessage || undefined));
        }
      },
    }),
    mutationCache: new MutationCache({
      onError: (error, _variables, _result, mutation) => {
        if (mutation.meta?.errorMessage !== undefined) {
          notifyError(errorMessage(error, mutation.meta.errorMessage || undefined));
        }
      },
      onSuccess: (_data, _variables, _result, mutation) => {
        if (mutation.meta?.successMessage !== undefined) {
          notifySuccess(mutation.meta.successMessage || undefined);
        }
      },
    }),
    defaultOptions: {
      queries: {
        refetchOnWindowFocus: false,
        retry: shouldRetry,
        staleTime: 30_000,
      },
      mutations: { retry: false },
    },
  });
}
