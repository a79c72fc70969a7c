import {
  announcementOps as ops,
  type TAcknowledgementQuery,
  type TAnnouncement,
  type TAnnouncementQuery,
} from '@atrium/contract';
import {
  keepPreviousData,
  type QueryClient,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { type BodyOf, call } from '../../../shared/api/call.ts';
import { dateStamp, saveBlob } from '../../../shared/api/download.ts';
import { ANNOUNCEMENT_MESSAGES } from '../labels.ts';

/*
 * Announcements, the caller's unread count and the acknowledgement reports. One key tree: a
 * change, a reading or an acknowledgement refreshes every list, count and report that shows it.
 */
export const announcementKeys = {
  all: ['announcements'] as const,
  lists: ['announcements', 'list'] as const,
  list: (query: object) => ['announcements', 'list', query] as const,
  unread: ['announcements', 'unread'] as const,
  detail: (id: number) => ['announcements', 'detail', id] as const,
  acknowledgements: (id: number, query: object) =>
    ['announcements', 'acknowledgements', id, query] as const,
};

/** Lists and counts move when the caller reads or acknowledges; the detail they hold stays. */
function refreshReading(queryClient: QueryClient) {
  void queryClient.invalidateQueries({ queryKey: announcementKeys.lists });
  void queryClient.invalidateQueries({ queryKey: announcementKeys.unread });
}

export function useRefreshAnnouncements() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: announcementKeys.all });
}

export type AnnouncementListQuery = Omit<TAnnouncementQuery, 'page' | 'page_size'> & {
  page: number;
  page_size: number;
};

export function useAnnouncements(query: AnnouncementListQuery) {
  return useQuery({
    queryKey: announcementKeys.list(query),
    queryFn: ({ signal }) => call(ops.list, { query, signal }),
    placeholderData: keepPreviousData,
  });
}

/** How many the caller has not read, and not yet acknowledged. */
export function useAnnouncementsUnread(enabled = true) {
  return useQuery({
    queryKey: announcementKeys.unread,
    queryFn: ({ signal }) => call(ops.unread, { signal }),
    enabled,
    staleTime: 30_000,
  });
}

/**
 * One announcement. Reading it marks it read on the server, so the lists and the unread count
 * are refreshed once it has come. The page shows a failure itself (404 is a notice).
 */
export function useAnnouncement(id: number) {
  const queryClient = useQueryClient();
  return useQuery({
    queryKey: announcementKeys.detail(id),
    queryFn: async ({ signal }) => {
      const announcement = await call(ops.detail, { params: { id }, signal });
      refreshReading(queryClient);
      return announcement;
    },
    enabled: Number.isInteger(id) && id > 0,
  });
}

/** The form shows the server's field errors itself, so there is no error snackbar. */
export function useCreateAnnouncement() {
  const refresh = useRefreshAnnouncements();
  return useMutation({
    mutationFn: (body: BodyOf<typeof ops.create>) => call(ops.create, { body }),
    onSuccess: refresh,
  });
}

export function useUpdateAnnouncement() {
  const refresh = useRefreshAnnouncements();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: BodyOf<typeof ops.update> }) =>
      call(ops.update, { params: { id }, body }),
    onSuccess: refresh,
    meta: { successMessage: 'Announcement saved.' },
  });
}

export function useRemoveAnnouncement() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => call(ops.remove, { params: { id } }),
    // Not the detail on screen: it would turn into "not found" before the page leaves it.
    onSuccess: () =>
      queryClient.invalidateQueries({
        queryKey: announcementKeys.all,
        predicate: (q) => q.queryKey[1] !== 'detail',
      }),
    meta: {
      successMessage: 'Announcement deleted.',
      errorMessage: ANNOUNCEMENT_MESSAGES.deleteFailed,
    },
  });
}

/** The answer is the announcement as it now is: it replaces the detail at once. */
export function useAcknowledge(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => call(ops.acknowledge, { params: { id } }),
    onSuccess: (announcement: TAnnouncement) => {
      queryClient.setQueryData(announcementKeys.detail(id), announcement);
      refreshReading(queryClient);
      void queryClient.invalidateQueries({ queryKey: ['announcements', 'acknowledgements', id] });
    },
    meta: { errorMessage: ANNOUNCEMENT_MESSAGES.postFailed },
  });
}

export type AcknowledgementListQuery = Omit<TAcknowledgementQuery, 'page' | 'page_size'> & {
  page: number;
  page_size: number;
};

export function useAcknowledgements(id: number, query: AcknowledgementListQuery) {
  return useQuery({
    queryKey: announcementKeys.acknowledgements(id, query),
    queryFn: ({ signal }) => call(ops.acknowledgements, { params: { id }, query, signal }),
    placeholderData: keepPreviousData,
  });
}

/** The whole report as CSV, named after the announcement and the day. */
export function useExportAcknowledgements(id: number) {
  return useMutation({
    mutationFn: async () => {
      const blob = await call(ops.exportAcknowledgements, { params: { id } });
      saveBlob(blob, `announcement-${id}-acknowledgements-${dateStamp()}.csv`);
    },
    meta: { errorMessage: ANNOUNCEMENT_MESSAGES.downloadFailed },
  });
}
