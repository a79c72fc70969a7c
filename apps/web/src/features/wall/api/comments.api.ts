import { wallOps as ops, type TCursorPage, type TWallComment } from '@atrium/contract';
import {
  type InfiniteData,
  type QueryClient,
  useInfiniteQuery,
  useMutation,
  useQueryClient,
} from '@tanstack/react-query';
import { call } from '../../../shared/api/call.ts';
import { notifySuccess } from '../../../shared/notify/notify.ts';
import { WALL_MESSAGES } from '../labels.ts';
import { refreshPost, wallKeys } from './wall-cache.ts';

export const COMMENT_PAGE_SIZE = 20;

/**
 * A post's comments, oldest first, by cursor: only once the reader asks for all of them (the
 * feed already carries the newest few).
 */
export function useComments(postId: number, enabled: boolean) {
  return useInfiniteQuery({
    queryKey: wallKeys.comments(postId),
    queryFn: ({ pageParam, signal }) =>
      call(ops.comments, {
        params: { id: postId },
        query: { limit: COMMENT_PAGE_SIZE, ...(pageParam ? { cursor: pageParam } : {}) },
        signal,
      }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.next_cursor,
    enabled,
  });
}

type CommentPages = InfiniteData<TCursorPage<TWallComment>, string | null>;

/**
 * A comment changes the post (its count and newest comments): the post is fetched again and put
 * everywhere, and a loaded comment list refetches.
 */
function afterCommentChange(queryClient: QueryClient, postId: number) {
  void refreshPost(queryClient, postId);
  void queryClient.invalidateQueries({ queryKey: wallKeys.comments(postId) });
}

/** The comment box shows a refusal under its field, so there is no error snackbar. */
export function useAddComment(postId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: string) => call(ops.comment, { params: { id: postId }, body: { body } }),
    onSuccess: (comment: TWallComment) => {
      afterCommentChange(queryClient, postId);
      if (comment.moderation_state === 'held') notifySuccess(WALL_MESSAGES.held);
    },
  });
}

export function useUpdateComment(postId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (v: { id: number; body: string }) =>
      call(ops.updateComment, { params: { id: v.id }, body: { body: v.body } }),
    onSuccess: (comment: TWallComment) => {
      // The edit shows at once in a loaded list; the post's preview follows its refetch.
      queryClient.setQueryData<CommentPages>(wallKeys.comments(postId), (data) =>
        data
          ? {
              ...data,
              pages: data.pages.map((page) => ({
                ...page,
                results: page.results.map((c) => (c.id === comment.id ? comment : c)),
              })),
            }
          : data,
      );
      void refreshPost(queryClient, postId);
    },
  });
}

export function useRemoveComment(postId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => call(ops.removeComment, { params: { id } }),
    onSuccess: () => afterCommentChange(queryClient, postId),
    meta: { successMessage: 'Comment deleted.', errorMessage: WALL_MESSAGES.deleteFailed },
  });
}
