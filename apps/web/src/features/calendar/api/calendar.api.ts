import { calendarOps as ops } from '@atrium/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../shared/api/call.ts';
import { CALENDAR_MESSAGES } from '../labels.ts';

export const calendarKeys = {
  all: ['calendar'] as const,
  kinds: () => [...calendarKeys.all, 'kinds'] as const,
  items: (from: string, to: string, kinds: string | undefined) =>
    [...calendarKeys.all, 'items', from, to, kinds ?? '*'] as const,
  counts: (from: string, to: string, timeZone: string) =>
    [...calendarKeys.all, 'counts', from, to, timeZone] as const,
  feedToken: () => [...calendarKeys.all, 'feed-token'] as const,
};

/** The kinds the calendar shows (its filters), with their labels; they change with releases. */
export function useCalendarKinds() {
  return useQuery({
    queryKey: calendarKeys.kinds(),
    queryFn: ({ signal }) => call(ops.kinds, { signal }),
    staleTime: 60 * 60_000,
  });
}

/**
 * The caller's items in [from, to); `kinds` a comma list (undefined: every kind). The previous
 * range stays on screen while the next one loads, under the progress bar.
 */
export function useCalendarItems(
  range: { from: string; to: string },
  kinds: string | undefined,
  enabled = true,
) {
  return useQuery({
    queryKey: calendarKeys.items(range.from, range.to, kinds),
    queryFn: ({ signal }) =>
      call(ops.items, {
        query: kinds === undefined ? range : { ...range, kinds },
        signal,
      }),
    placeholderData: keepPreviousData,
    enabled,
  });
}

export function useCalendarCounts(range: { from: string; to: string }, timeZone: string) {
  return useQuery({
    queryKey: calendarKeys.counts(range.from, range.to, timeZone),
    queryFn: ({ signal }) => call(ops.counts, { query: { ...range, time_zone: timeZone }, signal }),
  });
}

/** Whether the caller has a private feed URL, and since when (never the URL itself). */
export function useFeedToken(enabled = true) {
  return useQuery({
    queryKey: calendarKeys.feedToken(),
    queryFn: ({ signal }) => call(ops.feedToken, { signal }),
    enabled,
  });
}

/** A new feed URL (shown once); the previous one stops working. */
export function useCreateFeedToken() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => call(ops.createFeedToken),
    onSuccess: (created) =>
      client.setQueryData(calendarKeys.feedToken(), {
        exists: true,
        created_at: created.created_at,
      }),
    meta: { errorMessage: CALENDAR_MESSAGES.postFailed },
  });
}

export function useRevokeFeedToken() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => call(ops.revokeFeedToken),
    onSuccess: () =>
      client.setQueryData(calendarKeys.feedToken(), { exists: false, created_at: null }),
    meta: {
      errorMessage: CALENDAR_MESSAGES.deleteFailed,
      successMessage: CALENDAR_MESSAGES.feedRevoked,
    },
  });
}
