import { FORUM_SLUG_MAX, FORUM_SLUG_PATTERN, forumOps as ops, type TForum } from '@atrium/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type BodyOf, call } from '../../../shared/api/call.ts';
import { DISCUSSION_MESSAGES } from '../labels.ts';
import { type DiscussionListQuery, discussionKeys, forumKeys } from './discussions.api.ts';

/*
 * Forums: the list, one forum, its threads (a discussion list on GET /api/thread/) and what
 * managers and readers do with them. The forms show the server's field errors themselves.
 */

export interface ForumListQuery {
  page: number;
  page_size: number;
  search?: string;
}

export function useForums(query: ForumListQuery) {
  return useQuery({
    queryKey: forumKeys.list(query),
    queryFn: ({ signal }) => call(ops.list, { query, signal }),
    placeholderData: keepPreviousData,
  });
}

/** A slug that cannot exist is not asked for: the page says "not found" itself. */
export const isForumSlug = (slug: string) =>
  FORUM_SLUG_PATTERN.test(slug) && slug.length <= FORUM_SLUG_MAX;

export function useForum(slug: string) {
  return useQuery({
    queryKey: forumKeys.detail(slug),
    queryFn: ({ signal }) => call(ops.detail, { params: { slug }, signal }),
    enabled: isForumSlug(slug),
  });
}

/** One forum's threads, under the discussion lists' key so every topic change refetches them. */
export function useForumThreads(query: DiscussionListQuery & { forum: string }, enabled = true) {
  return useQuery({
    queryKey: [...discussionKeys.lists, 'threads', query] as const,
    queryFn: ({ signal }) => call(ops.threads, { query, signal }),
    placeholderData: keepPreviousData,
    enabled,
  });
}

export function useCreateForum() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: BodyOf<typeof ops.create>) => call(ops.create, { body }),
    onSuccess: (forum: TForum) => {
      queryClient.setQueryData(forumKeys.detail(forum.slug), forum);
      void queryClient.invalidateQueries({ queryKey: forumKeys.lists });
    },
    meta: { successMessage: 'Forum created.' },
  });
}

/** A new slug moves the forum: the answer is cached under it and the page follows. */
export function useUpdateForum(slug: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: BodyOf<typeof ops.update>) => call(ops.update, { params: { slug }, body }),
    onSuccess: (forum: TForum) => {
      queryClient.setQueryData(forumKeys.detail(forum.slug), forum);
      void queryClient.invalidateQueries({ queryKey: forumKeys.lists });
      // Topic rows carry the forum's name and slug.
      void queryClient.invalidateQueries({ queryKey: discussionKeys.all });
    },
    meta: { successMessage: 'Forum saved.' },
  });
}

export function useRemoveForum() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (slug: string) => call(ops.remove, { params: { slug } }),
    // Not the forum on screen: it would turn into "not found" before the page leaves it.
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: forumKeys.lists });
      void queryClient.invalidateQueries({ queryKey: discussionKeys.lists });
    },
    meta: { successMessage: 'Forum deleted.', errorMessage: DISCUSSION_MESSAGES.deleteFailed },
  });
}

/** Subscribe (true) or leave (false); the answer's state replaces the one shown. */
export function useForumSubscription(slug: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (subscribed: boolean) =>
      call(ops.subscribe, { params: { slug }, body: { subscribed } }),
    onSuccess: ({ subscribed }) => {
      queryClient.setQueryData<TForum>(
        forumKeys.detail(slug),
        (forum) => forum && { ...forum, subscribed },
      );
      void queryClient.invalidateQueries({ queryKey: forumKeys.lists });
    },
    meta: { errorMessage: DISCUSSION_MESSAGES.postFailed },
  });
}
