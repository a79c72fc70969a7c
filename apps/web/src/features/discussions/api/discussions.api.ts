import {
  DISCUSSION_UPDATED,
  discussionOps as ops,
  type TDiscussion,
  type TDiscussionAnswer,
  type TDiscussionAnswerThread,
  type TDiscussionAttachment,
  type TDiscussionQuery,
  type TPage,
  type TReactionCounts,
} from '@atrium/contract';
import {
  keepPreviousData,
  type QueryClient,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { z } from 'zod';
import { type BodyOf, call } from '../../../shared/api/call.ts';
import { saveBlob } from '../../../shared/api/download.ts';
import type { UploadProgress } from '../../../shared/api/upload.ts';
import { useRealtime } from '../../../shared/realtime/index.ts';
import { DISCUSSION_MESSAGES } from '../labels.ts';

/*
 * Topics, their answers and what people do with them. One key tree: a change refetches every
 * list and the topic it touched; a realtime 'discussion.updated' hint does the same.
 */
export const discussionKeys = {
  all: ['discussions'] as const,
  lists: ['discussions', 'list'] as const,
  list: (query: object) => ['discussions', 'list', query] as const,
  detail: (id: number) => ['discussions', 'detail', id] as const,
  answers: (id: number) => ['discussions', 'answers', id] as const,
  answerPage: (id: number, page: number) => ['discussions', 'answers', id, page] as const,
  types: ['discussions', 'types'] as const,
  scopes: ['discussions', 'scopes'] as const,
};

/**
 * Forums (their threads are discussion lists, under discussionKeys.lists). Starting a thread
 * changes a forum's count and last activity, so a new topic refetches them too.
 */
export const forumKeys = {
  all: ['forums'] as const,
  lists: ['forums', 'list'] as const,
  list: (query: object) => ['forums', 'list', query] as const,
  detail: (slug: string) => ['forums', 'detail', slug] as const,
};

export const ANSWER_PAGE_SIZE = 20;

export type DiscussionListQuery = Partial<
  Pick<TDiscussionQuery, 'search' | 'type' | 'scope' | 'scope_id' | 'filter' | 'ordering' | 'forum'>
> & { page: number; page_size: number };

export function useDiscussions(query: DiscussionListQuery, enabled = true) {
  return useQuery({
    queryKey: discussionKeys.list(query),
    queryFn: ({ signal }) => call(ops.list, { query, signal }),
    placeholderData: keepPreviousData,
    enabled,
  });
}

/** The realtime hint's data (contract: `{ discussion: id }`); anything else is ignored. */
const ZUpdated = z.object({ discussion: z.number().int() });

/** Refetches the lists when a topic they show changes (a hint: the lists are not polled). */
export function useListUpdates(shown: readonly number[]) {
  const queryClient = useQueryClient();
  useRealtime(DISCUSSION_UPDATED, (data) => {
    const update = ZUpdated.safeParse(data);
    if (!update.success || !shown.includes(update.data.discussion)) return;
    void queryClient.invalidateQueries({ queryKey: discussionKeys.lists });
  });
}

/** Refetches the open topic and its answers when the hint names it. */
export function useThreadUpdates(id: number) {
  const queryClient = useQueryClient();
  useRealtime(DISCUSSION_UPDATED, (data) => {
    const update = ZUpdated.safeParse(data);
    if (!update.success || update.data.discussion !== id) return;
    refreshThread(queryClient, id);
  });
}

function refreshThread(queryClient: QueryClient, id: number) {
  void queryClient.invalidateQueries({ queryKey: discussionKeys.detail(id) });
  void queryClient.invalidateQueries({ queryKey: discussionKeys.answers(id) });
  void queryClient.invalidateQueries({ queryKey: discussionKeys.lists });
}

/** One topic; the page shows a failure itself (404 is a notice). */
export function useDiscussion(id: number) {
  return useQuery({
    queryKey: discussionKeys.detail(id),
    queryFn: ({ signal }) => call(ops.detail, { params: { id }, signal }),
    enabled: Number.isInteger(id) && id > 0,
  });
}

export function useAnswers(id: number, page: number, enabled = true) {
  return useQuery({
    queryKey: discussionKeys.answerPage(id, page),
    queryFn: ({ signal }) =>
      call(ops.answers, { params: { id }, query: { page, page_size: ANSWER_PAGE_SIZE }, signal }),
    placeholderData: keepPreviousData,
    enabled: enabled && Number.isInteger(id) && id > 0,
  });
}

/**
 * Counts the caller's view once when the topic opens (the server counts once a day anyway);
 * the answer's count replaces the one shown. A failure is not worth telling anyone about.
 */
export function useCountView(id: number, ready: boolean) {
  const queryClient = useQueryClient();
  const counted = useRef<number | null>(null);
  useEffect(() => {
    if (!ready || counted.current === id) return;
    counted.current = id;
    call(ops.view, { body: { discussion: id } })
      .then(({ view_count }) =>
        queryClient.setQueryData<TDiscussion>(discussionKeys.detail(id), (old) =>
          old ? { ...old, view_count } : old,
        ),
      )
      .catch(() => undefined);
  }, [id, ready, queryClient]);
}

export interface CreateInput {
  body: BodyOf<typeof ops.create>;
  onProgress?: (progress: UploadProgress) => void;
}

/** The composer shows the server's field errors itself, so there is no error snackbar. */
export function useCreateDiscussion() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ body, onProgress }: CreateInput) => call(ops.create, { body, onProgress }),
    onSuccess: (topic: TDiscussion) => {
      queryClient.setQueryData(discussionKeys.detail(topic.id), topic);
      void queryClient.invalidateQueries({ queryKey: discussionKeys.lists });
      void queryClient.invalidateQueries({ queryKey: discussionKeys.types });
      if (topic.forum) void queryClient.invalidateQueries({ queryKey: forumKeys.all });
    },
    meta: { successMessage: 'Discussion started.' },
  });
}

/**
 * An edit, or pin, lock and close: the answer is the topic as it now is. The composer shows its
 * own errors; the moderation menu (`notify`) has a snackbar.
 */
export function useUpdateDiscussion(id: number, notify = false) {
  const queryClient = useQueryClient();
  return useMutation({
    meta: notify ? { errorMessage: DISCUSSION_MESSAGES.postFailed } : undefined,
    mutationFn: (body: BodyOf<typeof ops.update>) => call(ops.update, { params: { id }, body }),
    onSuccess: (topic: TDiscussion) => {
      queryClient.setQueryData(discussionKeys.detail(id), topic);
      void queryClient.invalidateQueries({ queryKey: discussionKeys.lists });
      // Locking changes what every answer may do.
      void queryClient.invalidateQueries({ queryKey: discussionKeys.answers(id) });
    },
  });
}

export function useRemoveDiscussion() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => call(ops.remove, { params: { id } }),
    // Not the topic on screen: it would turn into "not found" before the page leaves it.
    onSuccess: () =>
      queryClient.invalidateQueries({
        queryKey: discussionKeys.all,
        predicate: (q) => q.queryKey[1] === 'list',
      }),
    meta: { successMessage: 'Discussion deleted.', errorMessage: DISCUSSION_MESSAGES.deleteFailed },
  });
}

/** A new answer or reply; the form shows a refusal (closed, locked, blank) itself. */
export function usePostAnswer(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (v: { parent: number | null; body: string }) =>
      call(ops.answer, { body: { discussion: id, parent: v.parent, body: v.body } }),
    onSuccess: () => refreshThread(queryClient, id),
  });
}

export function useUpdateAnswer(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (v: { answer: number; body: string }) =>
      call(ops.updateAnswer, { params: { id: v.answer }, body: { body: v.body } }),
    onSuccess: (answer: TDiscussionAnswer) => {
      patchAnswer(queryClient, id, answer.id, answer);
    },
  });
}

export function useRemoveAnswer(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (answer: number) => call(ops.removeAnswer, { params: { id: answer } }),
    onSuccess: () => refreshThread(queryClient, id),
    meta: { successMessage: 'Answer deleted.', errorMessage: DISCUSSION_MESSAGES.deleteFailed },
  });
}

/** Puts an answer's new fields into every cached page (and the accepted copy) showing it. */
function patchAnswer(
  queryClient: QueryClient,
  id: number,
  answerId: number,
  patch: Partial<TDiscussionAnswer>,
) {
  const apply = <A extends TDiscussionAnswer>(a: A): A =>
    a.id === answerId ? { ...a, ...patch } : a;
  queryClient.setQueriesData<TPage<TDiscussionAnswerThread>>(
    { queryKey: discussionKeys.answers(id) },
    (page) =>
      page && {
        ...page,
        results: page.results.map((t) => ({ ...apply(t), replies: t.replies.map(apply) })),
      },
  );
  queryClient.setQueryData<TDiscussion>(
    discussionKeys.detail(id),
    (topic) => topic && { ...topic, accepted: topic.accepted && apply(topic.accepted) },
  );
}

export type ReactionTarget = { discussion: number } | { answer: number };

/** Like (1), dislike (-1) or clear (0); the answer's counts replace the ones shown. */
export function useReact(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (v: { target: ReactionTarget; value: 1 | -1 | 0 }) =>
      call(ops.react, { body: { ...v.target, value: v.value } }),
    onSuccess: (counts: TReactionCounts, v) => {
      if ('answer' in v.target) {
        patchAnswer(queryClient, id, v.target.answer, counts);
        return;
      }
      queryClient.setQueryData<TDiscussion>(
        discussionKeys.detail(id),
        (topic) => topic && { ...topic, ...counts },
      );
      void queryClient.invalidateQueries({ queryKey: discussionKeys.lists });
    },
    meta: { errorMessage: DISCUSSION_MESSAGES.postFailed },
  });
}

/** Accepts an answer, or takes the acceptance back (null). */
export function useAccept(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (answer: number | null) => call(ops.accept, { params: { id }, body: { answer } }),
    onSuccess: (topic: TDiscussion) => {
      queryClient.setQueryData(discussionKeys.detail(id), topic);
      void queryClient.invalidateQueries({ queryKey: discussionKeys.answers(id) });
      void queryClient.invalidateQueries({ queryKey: discussionKeys.lists });
    },
    meta: { errorMessage: DISCUSSION_MESSAGES.postFailed },
  });
}

export function useFollow(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (following: boolean) => call(ops.follow, { params: { id }, body: { following } }),
    onSuccess: ({ following }) => {
      queryClient.setQueryData<TDiscussion>(
        discussionKeys.detail(id),
        (topic) => topic && { ...topic, following },
      );
      void queryClient.invalidateQueries({ queryKey: discussionKeys.lists });
    },
    meta: { errorMessage: DISCUSSION_MESSAGES.postFailed },
  });
}

/** An attachment, fetched with the caller's credentials and saved under its name. */
export function useDownloadAttachment() {
  return useMutation({
    mutationFn: async (file: TDiscussionAttachment) => {
      const blob = await call(ops.attachment, { params: { id: file.id } });
      saveBlob(blob, file.name);
    },
    meta: { errorMessage: DISCUSSION_MESSAGES.downloadFailed },
  });
}
