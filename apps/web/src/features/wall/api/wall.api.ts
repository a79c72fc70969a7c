import {
  wallOps as ops,
  type TWallPost,
  type TWallReaction,
  WALL_POST_UPDATED,
} from '@atrium/contract';
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { type BodyOf, call } from '../../../shared/api/call.ts';
import { notifySuccess } from '../../../shared/notify/notify.ts';
import { useRealtime } from '../../../shared/realtime/index.ts';
import { WALL_MESSAGES } from '../labels.ts';
import {
  dropPost,
  isCached,
  patchPost,
  putPost,
  refreshPost,
  type WallFilter,
  wallKeys,
} from './wall-cache.ts';

export const FEED_PAGE_SIZE = 10;
/** How often the wall asks whether newer posts exist (and on every return to the tab). */
export const HEAD_POLL_MS = 60_000;

const feedQuery = (filter: WallFilter) => ({
  ...(filter.hashtag ? { hashtag: filter.hashtag } : {}),
  ...(filter.mentions_me ? { mentions_me: true } : {}),
});

/** The wall, newest first, a page at a time (`fetchNextPage` loads older posts). */
export function useFeed(filter: WallFilter) {
  return useInfiniteQuery({
    queryKey: wallKeys.feed(filter),
    queryFn: ({ pageParam, signal }) =>
      call(ops.feed, {
        query: {
          ...feedQuery(filter),
          limit: FEED_PAGE_SIZE,
          ...(pageParam ? { cursor: pageParam } : {}),
        },
        signal,
      }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.next_cursor,
    // The feed does not move under the reader on focus: the head poll offers "New posts"
    // instead, and live hints refresh the posts shown.
    refetchOnWindowFocus: false,
  });
}

/**
 * The newest post's id as the server now has it, asked every minute and on focus, so the page
 * can offer "New posts" without moving what the reader is reading. Starts from the feed's own
 * head (no request on arrival).
 */
export function useFeedHead(filter: WallFilter, shownHead: number | null | undefined) {
  return useQuery({
    queryKey: wallKeys.head(filter),
    queryFn: async ({ signal }) => {
      const page = await call(ops.feed, { query: { ...feedQuery(filter), limit: 1 }, signal });
      return page.results[0]?.id ?? null;
    },
    enabled: shownHead !== undefined,
    initialData: shownHead,
    initialDataUpdatedAt: () => Date.now(),
    refetchInterval: HEAD_POLL_MS,
    refetchOnWindowFocus: 'always',
    staleTime: HEAD_POLL_MS,
  });
}

/** One post; a failure is the page's to show (404: gone). */
export function usePost(id: number) {
  return useQuery({
    queryKey: wallKeys.post(id),
    queryFn: ({ signal }) => call(ops.detail, { params: { id }, signal }),
    enabled: Number.isInteger(id) && id > 0,
  });
}

export function useHashtags() {
  return useQuery({
    queryKey: wallKeys.hashtags,
    queryFn: ({ signal }) => call(ops.hashtags, { signal }),
    staleTime: 5 * 60_000,
  });
}

/** The realtime hint's data (contract: `{ post: id }`); anything else is ignored. */
const ZUpdated = z.object({ post: z.number().int() });

/** Refetches a post the screen shows when the server says it changed (removes it on 404). */
export function useWallUpdates() {
  const queryClient = useQueryClient();
  useRealtime(WALL_POST_UPDATED, (data) => {
    const update = ZUpdated.safeParse(data);
    if (!update.success || !isCached(queryClient, update.data.post)) return;
    void refreshPost(queryClient, update.data.post);
  });
}

/** The composer shows the server's field errors itself, so there is no error snackbar. */
export function useCreatePost() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: BodyOf<typeof ops.create>) => call(ops.create, { body }),
    onSuccess: (post: TWallPost) => {
      queryClient.setQueryData(wallKeys.post(post.id), post);
      void queryClient.invalidateQueries({ queryKey: wallKeys.feeds });
      void queryClient.invalidateQueries({ queryKey: wallKeys.hashtags });
      notifySuccess(post.moderation_state === 'held' ? WALL_MESSAGES.held : 'Posted to the wall.');
    },
  });
}

export function useUpdatePost(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: BodyOf<typeof ops.update>) => call(ops.update, { params: { id }, body }),
    onSuccess: (post: TWallPost) => {
      putPost(queryClient, post);
      void queryClient.invalidateQueries({ queryKey: wallKeys.hashtags });
      notifySuccess(post.moderation_state === 'held' ? WALL_MESSAGES.held : 'Post saved.');
    },
  });
}

export function useRemovePost() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => call(ops.remove, { params: { id } }),
    onSuccess: (_none, id) => {
      dropPost(queryClient, id);
      void queryClient.invalidateQueries({ queryKey: wallKeys.hashtags });
    },
    meta: { successMessage: 'Post deleted.', errorMessage: WALL_MESSAGES.deleteFailed },
  });
}

/** Reacts, changes or clears (null); the answer's counts replace the ones shown. */
export function useReact(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (reaction: TWallReaction | null) =>
      call(ops.react, { params: { id }, body: { reaction } }),
    onSuccess: (reactions) => patchPost(queryClient, id, (post) => ({ ...post, reactions })),
    meta: { errorMessage: WALL_MESSAGES.saveFailed },
  });
}

export function useWallSettings() {
  return useQuery({
    queryKey: wallKeys.settings,
    queryFn: ({ signal }) => call(ops.settings, { signal }),
  });
}

export function useUpdateWallSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (share_achievements: boolean) =>
      call(ops.updateSettings, { body: { share_achievements } }),
    onSuccess: (settings) => queryClient.setQueryData(wallKeys.settings, settings),
    meta: { errorMessage: WALL_MESSAGES.settingsFailed },
  });
}
