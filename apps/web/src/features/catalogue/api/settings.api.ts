import { catalogueOps } from '@atrium/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../shared/api/call.ts';
import { COURSE_MESSAGES } from '../course-messages.ts';

/**
 * The organisation's course texts (course-configuration-text/). The app gives two keys a
 * meaning: the introduction above the catalogue and the message a learner sees on completing
 * a course. Other keys an integration may store are kept as they are.
 */
export const COURSE_TEXT_KEYS = {
  catalogueIntro: 'catalogue_intro',
  completionMessage: 'completion_message',
} as const;

export const courseTextKeys = ['courses', 'settings', 'texts'] as const;

export function useCourseTexts() {
  return useQuery({
    queryKey: courseTextKeys,
    queryFn: ({ signal }) => call(catalogueOps.configTexts, { signal }),
    staleTime: 5 * 60_000,
  });
}

/** Trimmed texts; an empty one becomes null, which removes its key on the server. */
export function textsPayload(texts: Record<string, string>): Record<string, string | null> {
  return Object.fromEntries(
    Object.entries(texts).map(([key, value]) => [key, value.trim() === '' ? null : value.trim()]),
  );
}

/** Saves the given keys; an empty text removes its key (the server merges, null deletes). */
export function useSaveCourseTexts() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (texts: Record<string, string>) =>
      call(catalogueOps.setConfigTexts, {
        body: Object.fromEntries(
          Object.entries(texts).map(([key, value]) => [
            key,
            value.trim() === '' ? null : value.trim(),
          ]),
        ),
      }),
    onSuccess: (texts) => queryClient.setQueryData(courseTextKeys, texts),
    meta: { errorMessage: COURSE_MESSAGES.updateFailed, successMessage: 'Course texts saved.' },
  });
}
