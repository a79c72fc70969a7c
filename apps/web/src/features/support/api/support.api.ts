import {
  supportContactOps as contactOps,
  supportFeedbackOps as feedbackOps,
  type TContactCreate,
  type TFeedbackCreate,
} from '@atrium/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../shared/api/call.ts';

export const SUPPORT_PAGE_SIZE = 20;

export interface FeedbackFilters {
  rating: string;
  from: string;
  to: string;
}

/** Only the filters set: the server refuses an empty rating or date. */
export const filterQuery = (f: FeedbackFilters) => ({
  ...(f.rating ? { rating: Number(f.rating) } : {}),
  ...(f.from ? { from: f.from } : {}),
  ...(f.to ? { to: f.to } : {}),
});

export const supportKeys = {
  contacts: (page: number, search: string, handled: string) =>
    ['support', 'contact', page, search, handled] as const,
  feedback: (page: number, f: FeedbackFilters) =>
    ['support', 'feedback', page, f.rating, f.from, f.to] as const,
};

export function useSendContact() {
  return useMutation({
    mutationFn: (body: TContactCreate) => call(contactOps.sendContact, { body }),
  });
}

/** The organisation's contact messages (admins), newest first. */
export function useContactMessages(page: number, search: string, handled: '' | 'true' | 'false') {
  return useQuery({
    queryKey: supportKeys.contacts(page, search, handled),
    queryFn: ({ signal }) =>
      call(contactOps.contactMessages, {
        query: {
          page,
          page_size: SUPPORT_PAGE_SIZE,
          ...(search ? { search } : {}),
          ...(handled ? { handled } : {}),
        },
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}

export function useMarkContact() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, handled }: { id: number; handled: boolean }) =>
      call(contactOps.updateContact, { params: { id }, body: { handled } }),
    onSuccess: () => client.invalidateQueries({ queryKey: ['support', 'contact'] }),
  });
}

export function useSendFeedback() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: TFeedbackCreate) => call(feedbackOps.sendFeedback, { body }),
    onSuccess: () => client.invalidateQueries({ queryKey: ['support', 'feedback'] }),
  });
}

/** Feedback with the average of what the filters keep (admins). */
export function useFeedbackList(page: number, filters: FeedbackFilters) {
  return useQuery({
    queryKey: supportKeys.feedback(page, filters),
    queryFn: ({ signal }) =>
      call(feedbackOps.feedbackList, {
        query: { page, page_size: SUPPORT_PAGE_SIZE, ...filterQuery(filters) },
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}

export const exportFeedback = (filters: FeedbackFilters) =>
  call(feedbackOps.feedbackExport, { query: filterQuery(filters) });
