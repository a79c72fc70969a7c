import { classroomRequisiteOps as ops, type TSurveyInput } from '@atrium/contract';
import { useMutation, useQuery } from '@tanstack/react-query';
import { type BodyOf, call } from '../../../shared/api/call.ts';
import { saveBlob } from '../../../shared/api/download.ts';
import { CLASSROOM_MESSAGES } from '../labels.ts';
import { classroomKeys, useRefreshClassrooms } from './classrooms.api.ts';

/* Requisites of topics and sessions, and the post-session survey. */

export type RequisiteTarget = { topic: number } | { session: number };

export function useRequisites(target: RequisiteTarget, enabled = true) {
  const query = 'topic' in target ? { topic_id: target.topic } : { session_id: target.session };
  return useQuery({
    queryKey: [...classroomKeys.all, 'requisites', query],
    queryFn: ({ signal }) => call(ops.list, { query, signal }),
    enabled,
  });
}

/** The dialog shows a refusal itself. */
export function useAddCourseRequisite() {
  const refresh = useRefreshClassrooms();
  return useMutation({
    mutationFn: (body: BodyOf<typeof ops.addCourse>) => call(ops.addCourse, { body }),
    onSuccess: refresh,
    meta: { successMessage: 'Requisite added.' },
  });
}

export function useUploadRequisite() {
  const refresh = useRefreshClassrooms();
  return useMutation({
    mutationFn: (form: FormData) => call(ops.upload, { body: form }),
    onSuccess: refresh,
    meta: { successMessage: 'Requisite added.' },
  });
}

export function useRemoveRequisite() {
  const refresh = useRefreshClassrooms();
  return useMutation({
    mutationFn: (id: number) => call(ops.remove, { params: { id } }),
    onSuccess: refresh,
    meta: { errorMessage: CLASSROOM_MESSAGES.deleteFailed, successMessage: 'Requisite removed.' },
  });
}

export function useMarkRequisiteDone() {
  const refresh = useRefreshClassrooms();
  return useMutation({
    mutationFn: (id: number) => call(ops.markDone, { params: { id } }),
    onSuccess: refresh,
    meta: { errorMessage: CLASSROOM_MESSAGES.updateFailed },
  });
}

export function useDownloadRequisite() {
  return useMutation({
    mutationFn: async ({ id, name }: { id: number; name: string }) => {
      const blob = await call(ops.file, { params: { id } });
      saveBlob(blob, name);
    },
    meta: { errorMessage: CLASSROOM_MESSAGES.detailFailed },
  });
}

export function useSurvey(session: number, enabled = true) {
  return useQuery({
    queryKey: [...classroomKeys.all, 'survey', session],
    queryFn: ({ signal }) => call(ops.survey, { query: { session }, signal }),
    enabled,
  });
}

/** The form shows a refusal itself. */
export function useAnswerSurvey() {
  const refresh = useRefreshClassrooms();
  return useMutation({
    mutationFn: (body: TSurveyInput) => call(ops.answerSurvey, { body }),
    onSuccess: refresh,
    meta: { successMessage: 'Thank you for your feedback.' },
  });
}
