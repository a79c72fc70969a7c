import {
  NOTIFICATION_EVENTS,
  notificationsOps as ops,
  type TCounters,
  type TNotification,
  type TNotificationType,
  type TPage,
  ZCountersMessage,
  ZNotificationCreatedMessage,
} from '@atrium/contract';
import {
  type InfiniteData,
  type QueryClient,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { call } from '../../../shared/api/call.ts';
import { useRealtime } from '../../../shared/realtime/index.ts';
import { useSession } from '../../../shared/session/session-context.ts';

/*
 * The notification centre's data. The counters and the lists are the server's truth; the realtime
 * stream only says when they changed ('counters' carries the changed counts, 'notification.created'
 * the new item), so nothing here polls.
 */

export interface NotificationFilter {
  type?: TNotificationType;
  /** false: unread only; true: read only; undefined: both. */
  is_viewed?: boolean;
}

export const notificationKeys = {
  all: ['notifications'] as const,
  counters: () => ['notifications', 'counters'] as const,
  lists: () => ['notifications', 'list'] as const,
  list: (filter: NotificationFilter, pageSize: number) =>
    ['notifications', 'list', { ...filter, pageSize }] as const,
  preferences: () => ['notifications', 'preferences'] as const,
  organisationDefaults: (organisation: number | undefined) =>
    ['notifications', 'organisation-defaults', organisation ?? 'own'] as const,
};

export const NOTIFICATION_MESSAGES = {
  listFailed: 'Notifications could not be loaded.',
  markFailed: 'The notification could not be marked as read.',
  saveFailed: 'The notification settings could not be saved.',
} as const;

/** Only an approved user with permissions has a top bar, a stream and notifications (spec §6). */
function useSignedInApproved(): boolean {
  const { token, approved } = useSession();
  return token !== null && approved === true;
}

/** Unread notifications, pending requests to decide, unread messages. */
export function useCounters() {
  const enabled = useSignedInApproved();
  return useQuery({
    queryKey: notificationKeys.counters(),
    queryFn: ({ signal }) => call(ops.counters, { signal }),
    enabled,
    // Kept fresh by the stream; a refetch on focus would only repeat what it said.
    staleTime: Number.POSITIVE_INFINITY,
  });
}

type ListPages = InfiniteData<TPage<TNotification>, number>;

/** Newest first, a page at a time; `fetchNextPage` loads the next older page. */
export function useNotificationList(filter: NotificationFilter, pageSize = 20, enabled = true) {
  const signedIn = useSignedInApproved();
  return useInfiniteQuery({
    queryKey: notificationKeys.list(filter, pageSize),
    queryFn: ({ pageParam, signal }) =>
      call(ops.list, { query: { ...filter, page: pageParam, page_size: pageSize }, signal }),
    initialPageParam: 1,
    getNextPageParam: (last, _all, page) => (last.next ? page + 1 : undefined),
    enabled: enabled && signedIn,
    meta: { errorMessage: NOTIFICATION_MESSAGES.listFailed },
  });
}

/** Marks the cached copies of these notifications read, so the lists change before the refetch. */
function markCached(queryClient: QueryClient, ids: ReadonlySet<number> | 'all') {
  const now = new Date().toISOString();
  queryClient.setQueriesData<ListPages>({ queryKey: notificationKeys.lists() }, (data) =>
    data
      ? {
          ...data,
          pages: data.pages.map((page) => ({
            ...page,
            results: page.results.map((n) =>
              !n.is_viewed && (ids === 'all' || ids.has(n.id))
                ? { ...n, is_viewed: true, viewed_at: now }
                : n,
            ),
          })),
        }
      : data,
  );
}

function setUnread(queryClient: QueryClient, update: (count: number) => number) {
  queryClient.setQueryData<TCounters>(notificationKeys.counters(), (counters) =>
    counters
      ? { ...counters, notifications: Math.max(0, update(counters.notifications)) }
      : counters,
  );
}

function refresh(queryClient: QueryClient) {
  void queryClient.invalidateQueries({ queryKey: notificationKeys.lists() });
  void queryClient.invalidateQueries({ queryKey: notificationKeys.counters() });
}

export function useMarkViewed() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => call(ops.markViewed, { params: { id }, body: { is_viewed: true } }),
    onMutate: (id) => {
      markCached(queryClient, new Set([id]));
      setUnread(queryClient, (count) => count - 1);
    },
    onSettled: () => refresh(queryClient),
    meta: { errorMessage: NOTIFICATION_MESSAGES.markFailed },
  });
}

export function useMarkAllViewed() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => call(ops.markAllViewed),
    onMutate: () => {
      markCached(queryClient, 'all');
      setUnread(queryClient, () => 0);
    },
    onSettled: () => refresh(queryClient),
    meta: { errorMessage: NOTIFICATION_MESSAGES.markFailed },
  });
}

/**
 * Applies the stream's notification messages to the cache: changed counters merge into the
 * cached ones, a new notification refetches the lists (their pages shift by one). Mounted once,
 * by the bell, which every approved user's top bar shows.
 */
export function useLiveNotifications() {
  const queryClient = useQueryClient();
  useRealtime(NOTIFICATION_EVENTS.counters, (data) => {
    const changed = ZCountersMessage.safeParse(data);
    if (!changed.success) return;
    const key = notificationKeys.counters();
    if (queryClient.getQueryData<TCounters>(key)) {
      queryClient.setQueryData<TCounters>(key, (counters) =>
        counters ? { ...counters, ...changed.data } : counters,
      );
    } else {
      void queryClient.invalidateQueries({ queryKey: key });
    }
  });
  useRealtime(NOTIFICATION_EVENTS.created, (data) => {
    if (!ZNotificationCreatedMessage.safeParse(data).success) return;
    void queryClient.invalidateQueries({ queryKey: notificationKeys.lists() });
  });
}
