import {
  assessmentOps,
  proctoringOps as ops,
  type TAttemptOutcome,
  type TProctorDetail,
  type TProctoringFlag,
  type TProctoringSettingsInput,
} from '@atrium/contract';
import {
  keepPreviousData,
  type QueryClient,
  useMutation,
  useQueries,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { z } from 'zod';
import { call } from '../../../shared/api/call.ts';
import { useRealtime } from '../../../shared/realtime/index.ts';

/*
 * The proctor's side of proctoring: the live grid, a learner's card, decisions, messages, the
 * false-flag report and an assessment's proctoring settings. Every decision refreshes the grid
 * too, since its flag counts and outcome chips come from the same rows.
 */

export const proctoringKeys = {
  all: ['proctoring'] as const,
  grids: (assessment: number) => ['proctoring', 'grid', assessment] as const,
  grid: (assessment: number, query: object) => ['proctoring', 'grid', assessment, query] as const,
  detail: (session: number) => ['proctoring', 'detail', session] as const,
  settings: (assessment: number) => ['proctoring', 'settings', assessment] as const,
  falseFlags: (query: object) => ['proctoring', 'false-flags', query] as const,
  assessments: (query: object) => ['proctoring', 'assessments', query] as const,
};

/** A device is "lost" once silent for a while: only refetching shows it, so the grid polls. */
export const GRID_REFRESH_MS = 15_000;
const DETAIL_REFRESH_MS = 30_000;

export const PROCTORING_UPDATED = 'proctoring.updated';
const ZProctoringUpdated = z.object({ assessment: z.number(), session: z.number() });

export type GridQuery = {
  group?: number;
  status?: 'waiting' | 'monitoring' | 'lost' | 'ended';
  flagged?: 'true';
  page: number;
  page_size: number;
};

export function useProctorGrid(assessment: number, query: GridQuery) {
  return useQuery({
    queryKey: proctoringKeys.grid(assessment, query),
    queryFn: ({ signal }) => call(ops.grid, { query: { assessment, ...query }, signal }),
    placeholderData: keepPreviousData,
    refetchInterval: GRID_REFRESH_MS,
    enabled: assessment > 0,
  });
}

export function useProctorDetail(session: number | null) {
  return useQuery({
    queryKey: proctoringKeys.detail(session ?? 0),
    queryFn: ({ signal }) => call(ops.detail, { query: { session: session! }, signal }),
    refetchInterval: DETAIL_REFRESH_MS,
    enabled: session !== null && session > 0,
  });
}

/**
 * Refetches what a realtime 'proctoring.updated' names: the assessment's grids and the session's
 * card. The message is a hint; the 15-second poll covers a missed one.
 */
export function useProctoringUpdates(assessment: number) {
  const queryClient = useQueryClient();
  useRealtime(PROCTORING_UPDATED, (data) => {
    const update = ZProctoringUpdated.safeParse(data);
    if (!update.success || update.data.assessment !== assessment) return;
    void queryClient.invalidateQueries({ queryKey: proctoringKeys.grids(assessment) });
    void queryClient.invalidateQueries({ queryKey: proctoringKeys.detail(update.data.session) });
  });
}

function refreshAfterDecision(queryClient: QueryClient, detail: Pick<TProctorDetail, 'session'>) {
  void queryClient.invalidateQueries({ queryKey: proctoringKeys.detail(detail.session) });
  void queryClient.invalidateQueries({ queryKey: [...proctoringKeys.all, 'grid'] });
  void queryClient.invalidateQueries({ queryKey: [...proctoringKeys.all, 'false-flags'] });
}

/** The dialogs show field errors themselves: no error snackbar. */
export function useDecideFlag(session: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (v: { flag: number; decision: 'dismissed' | 'confirmed'; comment: string }) =>
      call(ops.decideFlag, {
        params: { id: v.flag },
        body: { decision: v.decision, comment: v.comment },
      }),
    onSuccess: (flag: TProctoringFlag) => {
      // The card shows the decision at once; the refetch brings the timeline entry.
      queryClient.setQueryData<TProctorDetail>(proctoringKeys.detail(session), (old) =>
        old ? { ...old, flags: old.flags.map((f) => (f.id === flag.id ? flag : f)) } : old,
      );
      refreshAfterDecision(queryClient, { session });
    },
    meta: { successMessage: 'Flag decision saved.' },
  });
}

export function useDecideAttempt(session: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (v: { outcome: TAttemptOutcome; comment: string }) =>
      call(ops.decideAttempt, { body: { session, ...v } }),
    onSuccess: (detail) => {
      queryClient.setQueryData(proctoringKeys.detail(session), detail);
      refreshAfterDecision(queryClient, detail);
    },
    meta: { successMessage: 'Decision saved.' },
  });
}

export function useMessageLearner(session: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (text: string) => call(ops.message, { body: { session, text } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: proctoringKeys.detail(session) }),
    meta: { successMessage: 'Message sent.' },
  });
}

export type FalseFlagQuery = { assessment?: number; from?: string; to?: string };

/** One assessment's rates (its proctors), or without `assessment` the organisation's (admins). */
export function useFalseFlags(query: FalseFlagQuery, enabled = true) {
  const { assessment, ...dates } = query;
  return useQuery({
    queryKey: proctoringKeys.falseFlags(query),
    queryFn: ({ signal }) =>
      assessment
        ? call(ops.falseFlags, { query: { assessment, ...dates }, signal })
        : call(ops.organisationFalseFlags, { query: dates, signal }),
    placeholderData: keepPreviousData,
    enabled,
  });
}

export function useProctoringSettings(assessment: number, enabled = true) {
  return useQuery({
    queryKey: proctoringKeys.settings(assessment),
    queryFn: ({ signal }) => call(ops.settings, { query: { assessment }, signal }),
    enabled: enabled && assessment > 0,
  });
}

/** The form shows field errors by field: no error snackbar. */
export function useSaveProctoringSettings(assessment: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TProctoringSettingsInput) => call(ops.saveSettings, { body }),
    onSuccess: (settings) =>
      queryClient.setQueryData(proctoringKeys.settings(assessment), settings),
    meta: { successMessage: 'Proctoring settings saved.' },
  });
}

/**
 * The assessment the grid belongs to (its title, whether it is proctored, what the user may do):
 * the grid answers only its learners. Under the authoring screens' own key, so coming from the
 * editor costs no request.
 */
export function useAssessmentOf(assessment: number) {
  return useQuery({
    queryKey: ['assessments', 'detail', assessment],
    queryFn: ({ signal }) => call(assessmentOps.read, { params: { id: assessment }, signal }),
    enabled: assessment > 0,
  });
}

export type AssessmentListQuery = {
  page: number;
  page_size: number;
  search?: string;
  status?: 'draft' | 'published' | 'archived';
};

/**
 * The assessments a user may proctor. The list operation can filter neither on "proctored" nor
 * on "mine to report", so each row the user may report on is asked for its proctoring settings
 * (a page at a time, cached); see the report of issue 17 for the filter the server should add.
 */
export function useProctorableAssessments(query: AssessmentListQuery, enabled = true) {
  const list = useQuery({
    queryKey: proctoringKeys.assessments(query),
    queryFn: ({ signal }) => call(assessmentOps.list, { query, signal }),
    placeholderData: keepPreviousData,
    enabled,
  });
  const rows = (list.data?.results ?? []).filter((a) => a.abilities.report);
  const settings = useQueries({
    queries: rows.map((a) => ({
      queryKey: proctoringKeys.settings(a.id),
      queryFn: ({ signal }: { signal: AbortSignal }) =>
        call(ops.settings, { query: { assessment: a.id }, signal }),
    })),
  });
  return {
    list,
    rows: rows.map((assessment, i) => ({ assessment, settings: settings[i] })),
  };
}
