import { wallOps as ops, type TCursorPage, type TWallPost } from '@atrium/contract';
import type { InfiniteData, QueryClient } from '@tanstack/react-query';
import { ApiError } from '../../../shared/api/api-error.ts';
import { call } from '../../../shared/api/call.ts';

/*
 * One key tree for the wall. A post lives in every feed page that shows it and in its own
 * detail entry: a change (reaction, comment, edit, realtime hint) replaces it in all of them,
 * so the feed never refetches whole pages for one post.
 */
export const wallKeys = {
  all: ['wall'] as const,
  feeds: ['wall', 'feed'] as const,
  feed: (filter: WallFilter) => ['wall', 'feed', filter] as const,
  head: (filter: WallFilter) => ['wall', 'head', filter] as const,
  post: (id: number) => ['wall', 'post', id] as const,
  comments: (id: number) => ['wall', 'comments', id] as const,
  hashtags: ['wall', 'hashtags'] as const,
  settings: ['wall', 'settings'] as const,
  mentions: (search: string) => ['wall', 'mentions', search] as const,
  preview: (url: string) => ['wall', 'preview', url] as const,
};

/** The feed's filters as the URL keeps them. */
export interface WallFilter {
  hashtag?: string;
  mentions_me?: boolean;
}

export type FeedData = InfiniteData<TCursorPage<TWallPost>, string | null>;

/** Replaces the post wherever it is cached (feeds, its detail); a feed not showing it is left. */
export function putPost(queryClient: QueryClient, post: TWallPost) {
  queryClient.setQueriesData<FeedData>({ queryKey: wallKeys.feeds }, (data) =>
    data
      ? {
          ...data,
          pages: data.pages.map((page) => ({
            ...page,
            results: page.results.map((p) => (p.id === post.id ? post : p)),
          })),
        }
      : data,
  );
  queryClient.setQueryData(wallKeys.post(post.id), post);
}

/** Changes the cached copies of a post (a reaction's counts) without a request. */
export function patchPost(
  queryClient: QueryClient,
  id: number,
  patch: (post: TWallPost) => TWallPost,
) {
  queryClient.setQueriesData<FeedData>({ queryKey: wallKeys.feeds }, (data) =>
    data
      ? {
          ...data,
          pages: data.pages.map((page) => ({
            ...page,
            results: page.results.map((p) => (p.id === id ? patch(p) : p)),
          })),
        }
      : data,
  );
  queryClient.setQueryData<TWallPost>(wallKeys.post(id), (post) => post && patch(post));
}

/** Takes a deleted post out of every feed; its detail entry becomes "not found". */
export function dropPost(queryClient: QueryClient, id: number) {
  queryClient.setQueriesData<FeedData>({ queryKey: wallKeys.feeds }, (data) =>
    data
      ? {
          ...data,
          pages: data.pages.map((page) => ({
            ...page,
            results: page.results.filter((p) => p.id !== id),
          })),
        }
      : data,
  );
  queryClient.removeQueries({ queryKey: wallKeys.comments(id) });
}

/** Whether any cache shows the post (a realtime hint about another post is not ours to fetch). */
export function isCached(queryClient: QueryClient, id: number): boolean {
  if (queryClient.getQueryData(wallKeys.post(id))) return true;
  return queryClient
    .getQueriesData<FeedData>({ queryKey: wallKeys.feeds })
    .some(([, data]) => data?.pages.some((page) => page.results.some((p) => p.id === id)));
}

/**
 * Fetches the post as it now is and puts it everywhere; a 404 (deleted, or no longer ours to
 * read) takes it out. Other failures leave the copy shown: the next hint or visit tries again.
 */
export async function refreshPost(queryClient: QueryClient, id: number) {
  try {
    putPost(queryClient, await call(ops.detail, { params: { id } }));
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) {
      dropPost(queryClient, id);
      await queryClient.invalidateQueries({ queryKey: wallKeys.post(id) });
    }
  }
}
