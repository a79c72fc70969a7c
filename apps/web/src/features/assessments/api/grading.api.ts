import { assessmentOps, attemptOps as ops } from '@atrium/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { call } from '../../../shared/api/call.ts';
import { saveBlob } from '../../../shared/api/download.ts';

/*
 * The reviewer's queue (/assessment/review): answers to essays and uploads waiting for a grade,
 * one answer with its rubric, and the grade itself.
 */
export const gradingKeys = {
  all: ['grading'] as const,
  queue: (query: object) => ['grading', 'queue', query] as const,
  detail: (attempt: number, item: number) => ['grading', 'detail', attempt, item] as const,
};

export type GradingQueueQuery = {
  status: 'pending' | 'graded';
  assessment?: number;
  page: number;
  page_size: number;
};

export function useGradingQueue(query: GradingQueueQuery) {
  return useQuery({
    queryKey: gradingKeys.queue(query),
    queryFn: ({ signal }) => call(ops.gradingQueue, { query, signal }),
    placeholderData: keepPreviousData,
    meta: { errorMessage: 'Could not get the answers to grade.' },
  });
}

export function useGradingDetail(target: { attempt: number; item: number } | null) {
  return useQuery({
    queryKey: gradingKeys.detail(target?.attempt ?? 0, target?.item ?? 0),
    queryFn: ({ signal }) =>
      call(ops.gradingDetail, {
        params: { attempt: target?.attempt ?? 0, item: target?.item ?? 0 },
        signal,
      }),
    enabled: target !== null,
    meta: { errorMessage: 'Could not get the answer.' },
  });
}

export type GradeBody = z.input<typeof ops.grade.body>;

/** The panel puts field errors on its inputs; the success snackbar is the panel's (it says more). */
export function useGrade() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ attempt, item, body }: { attempt: number; item: number; body: GradeBody }) =>
      call(ops.grade, { params: { attempt, item }, body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: gradingKeys.all }),
  });
}

/** A learner's uploaded answer, fetched with the reviewer's token and saved under its name. */
export async function downloadAttemptFile(attempt: number, file: { id: number; name: string }) {
  const blob = await call(ops.download, { params: { id: attempt, file: file.id } });
  saveBlob(blob, file.name);
}

/** Assessments to filter the queue by, found by title (reviewers are the organisation's staff). */
export function useAssessmentOptions(search: string) {
  return useQuery({
    queryKey: ['grading', 'assessment-options', search],
    queryFn: ({ signal }) =>
      call(assessmentOps.list, {
        query: { page: 1, page_size: 20, ...(search && { search }) },
        signal,
      }),
    placeholderData: keepPreviousData,
    meta: { errorMessage: 'Could not get the assessments.' },
  });
}
