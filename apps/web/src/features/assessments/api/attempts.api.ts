import {
  attemptOps as ops,
  type TAttemptResult,
  type TAttemptSaveInput,
  type ZLearnerAssessmentQuery,
} from '@atrium/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call, type QueryArgs } from '../../../shared/api/call.ts';
import { saveBlob } from '../../../shared/api/download.ts';

/*
 * The learner's side of assessments: their list, the start page, the attempt's saves and submit,
 * uploads and results. Saves are not a mutation hook: the save queue (taking/save-queue.ts) owns
 * their timing, retries and order, and calls saveAnswers itself.
 */
export const attemptKeys = {
  all: ['assessment-attempts'] as const,
  mine: (query: object) => ['assessment-attempts', 'mine', query] as const,
  startPage: (uuid: string) => ['assessment-attempts', 'start', uuid] as const,
  result: (id: number) => ['assessment-attempts', 'result', id] as const,
  results: (assessmentId: number) => ['assessment-attempts', 'results', assessmentId] as const,
};

export type MyAssessmentsQuery = QueryArgs<typeof ZLearnerAssessmentQuery>;

export function useMyAssessments(query: MyAssessmentsQuery) {
  return useQuery({
    queryKey: attemptKeys.mine(query),
    queryFn: ({ signal }) => call(ops.mine, { query, signal }),
    placeholderData: keepPreviousData,
    meta: { errorMessage: 'Your assessments could not be loaded.' },
  });
}

export function useStartPage(uuid: string) {
  return useQuery({
    queryKey: attemptKeys.startPage(uuid),
    queryFn: ({ signal }) => call(ops.startPage, { params: { uuid }, signal }),
    enabled: uuid !== '',
    // The start page is read once per visit: a refetch on focus would flash the attempt away.
    refetchOnWindowFocus: false,
  });
}

/** Starts an attempt or resumes the one in progress; this tab then holds it. */
export function startAttempt(uuid: string, password?: string) {
  return call(ops.start, {
    params: { uuid },
    body: password ? { password } : {},
  });
}

export function useStartAttempt(uuid: string) {
  return useMutation({ mutationFn: (password?: string) => startAttempt(uuid, password) });
}

export function readAttempt(id: number) {
  return call(ops.read, { params: { id } });
}

export function saveAnswers(id: number, body: TAttemptSaveInput) {
  return call(ops.save, { params: { id }, body });
}

export function submitAttempt(id: number, session?: string) {
  return call(ops.submit, { params: { id }, body: session ? { session } : {} });
}

/** Uploads a file for a file-upload item, with progress. */
export function uploadAttemptFile(
  id: number,
  item: number,
  file: File,
  onProgress: (percent: number | null) => void,
) {
  const form = new FormData();
  form.append('item', String(item));
  form.append('file', file);
  return call(ops.upload, {
    params: { id },
    body: form,
    onProgress: (p) => onProgress(p.percent),
  });
}

/** Saves a file uploaded to an attempt (fetched with the token, so the server's refusal shows). */
export async function downloadAttemptFile(id: number, file: { id: number; name: string }) {
  const blob = await call(ops.download, { params: { id, file: file.id } });
  saveBlob(blob, file.name);
}

export function useAttemptResult(id: number) {
  return useQuery({
    queryKey: attemptKeys.result(id),
    queryFn: ({ signal }) => call(ops.result, { params: { id }, signal }),
    enabled: Number.isInteger(id) && id > 0,
  });
}

export function useMyResults(assessmentId: number) {
  return useQuery({
    queryKey: attemptKeys.results(assessmentId),
    queryFn: ({ signal }) => call(ops.results, { params: { id: assessmentId }, signal }),
    enabled: Number.isInteger(assessmentId) && assessmentId > 0,
  });
}

/** After a submit: the result is cached for its page, and lists showing attempts refresh. */
export function useRememberResult() {
  const client = useQueryClient();
  return (result: TAttemptResult) => {
    client.setQueryData(attemptKeys.result(result.id), result);
    void client.invalidateQueries({ queryKey: attemptKeys.all, refetchType: 'none' });
  };
}
