import {
  assessmentOps as ops,
  type TAssessmentDetail,
  type TAssessmentQuery,
  type TAssessmentSettingsInput,
  type TAssessmentSlotInput,
  type TAssessmentUpdate,
} from '@atrium/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../shared/api/call.ts';

/*
 * Authoring assessments: the staff list, the editor's detail and every change the editor makes.
 * Authoring writes answer with the whole assessment, which replaces the cached detail, so the
 * editor never shows a half-updated layout; lists are refreshed after every change.
 */
export const assessmentKeys = {
  all: ['assessments'] as const,
  list: (query: object) => ['assessments', 'list', query] as const,
  detail: (id: number) => ['assessments', 'detail', id] as const,
  assignments: (id: number, query: object) => ['assessments', 'assignments', id, query] as const,
  overrides: (id: number) => ['assessments', 'overrides', id] as const,
  reviewers: (id: number) => ['assessments', 'reviewers', id] as const,
  messages: (id: number) => ['assessments', 'messages', id] as const,
};

export type AssessmentListQuery = Omit<TAssessmentQuery, 'courses'> & { courses?: string };

export function useAssessments(query: AssessmentListQuery, enabled = true) {
  return useQuery({
    queryKey: assessmentKeys.list(query),
    queryFn: ({ signal }) => call(ops.list, { query, signal }),
    placeholderData: keepPreviousData,
    enabled,
  });
}

export function useAssessment(id: number) {
  return useQuery({
    queryKey: assessmentKeys.detail(id),
    queryFn: ({ signal }) => call(ops.read, { params: { id }, signal }),
    enabled: Number.isInteger(id) && id > 0,
  });
}

/** Puts a write's answer (the whole assessment) in the cache and refreshes the lists. */
function useDetailWrite() {
  const queryClient = useQueryClient();
  return (detail: TAssessmentDetail) => {
    queryClient.setQueryData(assessmentKeys.detail(detail.id), detail);
    void queryClient.invalidateQueries({ queryKey: assessmentKeys.list({}).slice(0, 2) });
  };
}

function useRefreshAll() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: assessmentKeys.all });
}

/** The create dialog shows field errors itself: no error snackbar. */
export function useCreateAssessment() {
  const refresh = useRefreshAll();
  return useMutation({
    mutationFn: (body: { title: string; course?: number | null }) => call(ops.create, { body }),
    onSuccess: refresh,
    meta: { successMessage: 'Assessment created.' },
  });
}

export function useUpdateAssessment(id: number) {
  const write = useDetailWrite();
  return useMutation({
    mutationFn: (body: TAssessmentUpdate) => call(ops.update, { params: { id }, body }),
    onSuccess: write,
    meta: { successMessage: 'Assessment saved.' },
  });
}

/** A 409 (attempts exist) is shown in the confirmation dialog. */
export function useDeleteAssessment() {
  const refresh = useRefreshAll();
  return useMutation({
    mutationFn: (id: number) => call(ops.remove, { params: { id } }),
    onSuccess: refresh,
    meta: { successMessage: 'Assessment deleted.' },
  });
}

export function useCopyAssessment() {
  const refresh = useRefreshAll();
  return useMutation({
    mutationFn: (assessment: number) => call(ops.copy, { body: { assessment } }),
    onSuccess: refresh,
    meta: { successMessage: 'Copy created as a draft.', errorMessage: '' },
  });
}

/** Each id succeeds or fails on its own; the page lists the failures. */
export function useBulkAssessments() {
  const refresh = useRefreshAll();
  return useMutation({
    mutationFn: (body: { ids: number[]; action: 'publish' | 'unpublish' | 'archive' | 'delete' }) =>
      call(ops.bulk, { body }),
    onSuccess: refresh,
    meta: { errorMessage: '' },
  });
}

export function useSaveSettings(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TAssessmentSettingsInput) => call(ops.saveSettings, { body }),
    onSuccess: (settings) => {
      queryClient.setQueryData<TAssessmentDetail>(assessmentKeys.detail(id), (old) =>
        old ? { ...old, settings } : old,
      );
      // Publish problems and list columns (time limit, dates) depend on the settings.
      void queryClient.invalidateQueries({ queryKey: assessmentKeys.all });
    },
    meta: { successMessage: 'Settings saved.' },
  });
}

export function useAddPage(id: number) {
  const write = useDetailWrite();
  return useMutation({
    mutationFn: () => call(ops.addPage, { body: { assessment: id } }),
    onSuccess: write,
    meta: { successMessage: 'Page added.', errorMessage: '' },
  });
}

export function useUpdatePage() {
  const write = useDetailWrite();
  return useMutation({
    mutationFn: ({
      page,
      title,
      description,
    }: {
      page: number;
      title: string;
      description: string;
    }) => call(ops.updatePage, { params: { id: page }, body: { title, description } }),
    onSuccess: write,
    meta: { successMessage: 'Page saved.' },
  });
}

/** Spec §8: a refused page deletion reads 'Unable to delete Assessment page Details'. */
export function useRemovePage() {
  const write = useDetailWrite();
  return useMutation({
    mutationFn: (page: number) => call(ops.removePage, { params: { id: page } }),
    onSuccess: write,
    meta: {
      successMessage: 'Page deleted.',
      errorMessage: 'Unable to delete Assessment page Details',
    },
  });
}

export function useAddSlot() {
  const write = useDetailWrite();
  return useMutation({
    mutationFn: (body: TAssessmentSlotInput) => call(ops.addSlot, { body }),
    onSuccess: write,
    meta: { successMessage: 'Questions added.' },
  });
}

export function useUpdateSlot() {
  const write = useDetailWrite();
  return useMutation({
    mutationFn: ({
      slot,
      ...body
    }: {
      slot: number;
      points?: number | null;
      draw_count?: number;
    }) => call(ops.updateSlot, { params: { id: slot }, body }),
    onSuccess: write,
    meta: { successMessage: 'Question saved.', errorMessage: '' },
  });
}

export function useRemoveSlot() {
  const write = useDetailWrite();
  return useMutation({
    mutationFn: (slot: number) => call(ops.removeSlot, { params: { id: slot } }),
    onSuccess: write,
    meta: { successMessage: 'Question removed.', errorMessage: '' },
  });
}

/** The editor shows its order at once; a refusal puts the server's order back. */
export function useSaveLayout(id: number) {
  const write = useDetailWrite();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (pages: { id: number; slots: number[] }[]) =>
      call(ops.layout, { params: { id }, body: { pages } }),
    onSuccess: write,
    onError: () => queryClient.invalidateQueries({ queryKey: assessmentKeys.detail(id) }),
    meta: { errorMessage: 'The new order could not be saved.' },
  });
}

// ── Learners, overrides, reviewers, feedback ─────────────────────────────

export function useAssignments(id: number, page: number, pageSize: number) {
  const query = { assessment: id, page, page_size: pageSize };
  return useQuery({
    queryKey: assessmentKeys.assignments(id, query),
    queryFn: ({ signal }) => call(ops.assignments, { query, signal }),
    placeholderData: keepPreviousData,
  });
}

function useRefreshPart(key: readonly unknown[]) {
  const queryClient = useQueryClient();
  return () => {
    void queryClient.invalidateQueries({ queryKey: key });
    void queryClient.invalidateQueries({ queryKey: assessmentKeys.list({}).slice(0, 2) });
  };
}

export function useAssign(id: number) {
  const refresh = useRefreshPart(['assessments', 'assignments', id]);
  return useMutation({
    mutationFn: (body: { users: number[]; departments: number[] }) =>
      call(ops.assign, { body: { assessment: id, ...body } }),
    onSuccess: refresh,
  });
}

export function useUnassign(id: number) {
  const refresh = useRefreshPart(['assessments', 'assignments', id]);
  return useMutation({
    mutationFn: (ids: number[]) =>
      call(ops.unassign, { query: { assessment: id, ids: ids.join(',') } }),
    onSuccess: refresh,
    meta: { successMessage: 'Assignment removed.', errorMessage: '' },
  });
}

export function useOverrides(id: number) {
  return useQuery({
    queryKey: assessmentKeys.overrides(id),
    queryFn: ({ signal }) => call(ops.overrides, { query: { assessment: id }, signal }),
  });
}

export type OverrideFields = {
  extra_seconds: number | null;
  time_limit_seconds: number | null;
  opens_at: string | null;
  closes_at: string | null;
  attempts_allowed: number | null;
};

export function useSaveOverride(id: number) {
  const refresh = useRefreshPart(assessmentKeys.overrides(id));
  return useMutation({
    mutationFn: ({
      override,
      user,
      department,
      fields,
    }: {
      override: number | null;
      user: number | null;
      department: number | null;
      fields: OverrideFields;
    }) =>
      override === null
        ? call(ops.addOverride, { body: { assessment: id, user, department, ...fields } })
        : call(ops.updateOverride, { params: { id: override }, body: fields }),
    onSuccess: refresh,
    meta: { successMessage: 'Override saved.' },
  });
}

export function useRemoveOverride(id: number) {
  const refresh = useRefreshPart(assessmentKeys.overrides(id));
  return useMutation({
    mutationFn: (override: number) => call(ops.removeOverride, { params: { id: override } }),
    onSuccess: refresh,
    meta: { successMessage: 'Override removed.', errorMessage: '' },
  });
}

export function useReviewers(id: number) {
  return useQuery({
    queryKey: assessmentKeys.reviewers(id),
    queryFn: ({ signal }) => call(ops.reviewers, { query: { assessment: id }, signal }),
  });
}

export function useAddReviewers(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (users: number[]) => call(ops.addReviewers, { body: { assessment: id, users } }),
    onSuccess: (list) => queryClient.setQueryData(assessmentKeys.reviewers(id), list),
    meta: { successMessage: 'Reviewers added.', errorMessage: '' },
  });
}

export function useRemoveReviewer(id: number) {
  const refresh = useRefreshPart(assessmentKeys.reviewers(id));
  return useMutation({
    mutationFn: (user: number) => call(ops.removeReviewer, { query: { assessment: id, user } }),
    onSuccess: refresh,
    meta: { successMessage: 'Reviewer removed.', errorMessage: '' },
  });
}

export function useMessages(id: number) {
  return useQuery({
    queryKey: assessmentKeys.messages(id),
    queryFn: ({ signal }) => call(ops.messages, { query: { assessment: id }, signal }),
  });
}

export function useSaveMessages(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (bands: { min_percent: number; message: string }[]) =>
      call(ops.saveMessages, { body: { assessment: id, bands } }),
    onSuccess: (list) => {
      queryClient.setQueryData(assessmentKeys.messages(id), list);
      void queryClient.invalidateQueries({ queryKey: assessmentKeys.detail(id) });
    },
    meta: { successMessage: 'Feedback saved.' },
  });
}
