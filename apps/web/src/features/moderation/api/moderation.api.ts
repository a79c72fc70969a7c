import {
  moderationOps as ops,
  type TModerationActionInput,
  type TModerationQueueQuery,
  type TReportCreate,
} from '@atrium/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../shared/api/call.ts';

export const QUEUE_PAGE_SIZE = 10;

export const moderationKeys = {
  all: ['moderation'] as const,
  queue: (q: Partial<TModerationQueueQuery>) => ['moderation', 'queue', q] as const,
  words: ['moderation', 'banned-words'] as const,
};

/** Reports a post, an answer or a comment. The dialog shows the server's refusals (409: already reported). */
export function useReport() {
  return useMutation({
    mutationFn: (body: TReportCreate) => call(ops.report, { body }),
  });
}

export function useQueue(q: Pick<TModerationQueueQuery, 'status' | 'page'> & { kind?: string }) {
  const query = { ...q, page_size: QUEUE_PAGE_SIZE };
  return useQuery({
    queryKey: moderationKeys.queue(query),
    queryFn: ({ signal }) => call(ops.queue, { query, signal }),
    placeholderData: keepPreviousData,
  });
}

export function useModerationAction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: TModerationActionInput }) =>
      call(ops.act, { params: { id }, body }),
    // 409 (resolved meanwhile, or the content is gone) changes the queue too.
    onSettled: () => queryClient.invalidateQueries({ queryKey: moderationKeys.all }),
  });
}

export function useBannedWords() {
  return useQuery({
    queryKey: moderationKeys.words,
    queryFn: ({ signal }) => call(ops.bannedWords, { signal }),
  });
}

export function useAddBannedWord() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (phrase: string) => call(ops.addBannedWord, { body: { phrase } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: moderationKeys.words }),
  });
}

export function useRemoveBannedWord() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => call(ops.removeBannedWord, { params: { id } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: moderationKeys.words }),
    meta: { successMessage: 'Banned word removed.' },
  });
}
