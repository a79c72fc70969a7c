import {
  NOTIFICATION_EVENTS,
  approvalsOps as ops,
  type TApprovalRequestDetail,
  type TApprovalSummaryQuery,
  type TDelegationCreate,
  userOps,
  ZCountersMessage,
} from '@atrium/contract';
import {
  keepPreviousData,
  type QueryClient,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { ApiError } from '../../../shared/api/api-error.ts';
import { call } from '../../../shared/api/call.ts';
import { notifySuccess } from '../../../shared/notify/notify.ts';
import { useRealtime } from '../../../shared/realtime/index.ts';

/*
 * The approval requests of /requests (spec §7 Approval flow): the summaries per scope, one
 * request with its history, decisions, withdrawal and delegations. The server is the truth; the
 * stream's `counters` message only says the caller's pending decisions changed.
 */

export type ApprovalScope = TApprovalSummaryQuery['scope'];
export type SummaryQuery = Omit<TApprovalSummaryQuery, 'scope'>;

export const approvalKeys = {
  all: ['approvals'] as const,
  summaries: (scope: ApprovalScope) => ['approvals', 'summary', scope] as const,
  summary: (scope: ApprovalScope, query: SummaryQuery) =>
    ['approvals', 'summary', scope, query] as const,
  request: (id: number) => ['approvals', 'request', id] as const,
  delegations: () => ['approvals', 'delegations'] as const,
  staff: (search: string) => ['approvals', 'staff', search] as const,
};

// The top bar's counters carry the pending requests; their query belongs to the notifications
// feature, whose index does not export its keys, so it is named by its key (as messages does).
const COUNTERS_KEY = ['notifications', 'counters'] as const;

export const APPROVAL_MESSAGES = {
  listFailed: 'Requests could not be loaded.',
  detailFailed: 'The request could not be loaded.',
  decideFailed: 'The decision could not be saved.',
  withdrawFailed: 'The request could not be withdrawn.',
  delegationsFailed: 'Delegations could not be loaded.',
  delegateFailed: 'The delegation could not be saved.',
  staffFailed: 'Staff could not be loaded.',
} as const;

/** One page of requests of a scope, filtered; the previous page stays while the next loads. */
export function useApprovalSummary(scope: ApprovalScope, query: SummaryQuery, enabled = true) {
  return useQuery({
    queryKey: approvalKeys.summary(scope, query),
    queryFn: ({ signal }) => call(ops.summary, { query: { ...query, scope }, signal }),
    placeholderData: keepPreviousData,
    enabled,
  });
}

/** A tab's badge: the scope's pending count, read from a one-row page. */
export function usePendingCount(scope: ApprovalScope, enabled: boolean): number | undefined {
  const summary = useApprovalSummary(scope, { page: 1, page_size: 1 }, enabled);
  return enabled ? summary.data?.pending_count : undefined;
}

/** One request with its history (the detail drawer). */
export function useApprovalRequest(id: number | null) {
  return useQuery({
    queryKey: approvalKeys.request(id ?? 0),
    queryFn: ({ signal }) => call(ops.request, { params: { id: id ?? 0 }, signal }),
    enabled: id !== null && id > 0,
  });
}

/**
 * After a decision or a withdrawal: the request lists and badges, the top bar's counters, and,
 * marked stale without a refetch, everything else, since the request's subject (an enrolment, a
 * review…) belongs to a slice whose keys this generic screen does not know.
 */
function refreshAfterChange(queryClient: QueryClient, detail?: TApprovalRequestDetail) {
  if (detail) queryClient.setQueryData(approvalKeys.request(detail.id), detail);
  void queryClient.invalidateQueries({ queryKey: ['approvals', 'summary'] });
  void queryClient.invalidateQueries({ queryKey: COUNTERS_KEY });
  void queryClient.invalidateQueries({ refetchType: 'none' });
}

/** A 409 means the request moved on meanwhile (decided, withdrawn, another level): reload it. */
function refreshOnConflict(queryClient: QueryClient, error: unknown, id: number) {
  if (!(error instanceof ApiError) || error.status !== 409) return;
  void queryClient.invalidateQueries({ queryKey: approvalKeys.request(id) });
  void queryClient.invalidateQueries({ queryKey: ['approvals', 'summary'] });
}

export interface DecisionInput {
  id: number;
  /** Spec codes: 1 approve, 2 reject. */
  status: 1 | 2;
  comment?: string;
}

/**
 * Approves or rejects the current level of one request. Errors are shown where the decision was
 * made (the drawer, the reject dialog with its reason field), so there is no error snackbar.
 */
export function useDecide() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, status, comment }: DecisionInput) =>
      call(ops.decide, { params: { id }, body: { status, ...(comment ? { comment } : {}) } }),
    onSuccess: (detail, { status }) => {
      refreshAfterChange(queryClient, detail);
      notifySuccess(
        status === 2
          ? 'Request rejected.'
          : detail.status === 'approved'
            ? 'Request approved.'
            : `Level approved; the request moves to level ${detail.level} of ${detail.level_count}.`,
      );
    },
    onError: (error, { id }) => refreshOnConflict(queryClient, error, id),
  });
}

/** Approves or rejects several requests; each one succeeds or fails on its own (`results`). */
export function useDecideMany() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { ids: number[]; status: 1 | 2; comment?: string }) =>
      call(ops.decideMany, {
        body: {
          ids: input.ids,
          status: input.status,
          ...(input.comment ? { comment: input.comment } : {}),
        },
      }),
    onSuccess: (_result, { ids }) => {
      for (const id of ids)
        void queryClient.invalidateQueries({ queryKey: approvalKeys.request(id) });
      refreshAfterChange(queryClient);
    },
  });
}

/** Withdraws the caller's own pending request. */
export function useWithdraw() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => call(ops.withdraw, { params: { id }, body: {} }),
    onSuccess: (detail) => {
      refreshAfterChange(queryClient, detail);
      notifySuccess('Request withdrawn.');
    },
    onError: (error, id) => refreshOnConflict(queryClient, error, id),
  });
}

/**
 * A new request for the caller (or one decided by a co-approver) changes their `requests`
 * counter, which the stream pushes: the To-approve lists refetch, so it appears live. A decision
 * on the caller's own request reaches them as a notification (the `notifications` counter): My
 * requests refetch then. Mounted by the requests page only.
 */
export function useLiveApprovals() {
  const queryClient = useQueryClient();
  useRealtime(NOTIFICATION_EVENTS.counters, (data) => {
    const changed = ZCountersMessage.safeParse(data);
    if (!changed.success) return;
    if (changed.data.requests !== undefined) {
      void queryClient.invalidateQueries({ queryKey: approvalKeys.summaries('to_approve') });
    }
    if (changed.data.notifications !== undefined) {
      void queryClient.invalidateQueries({ queryKey: approvalKeys.summaries('mine') });
    }
  });
}

// ── Delegations ────────────────────────────────────────────────────────

/** Delegations from or to the caller (admins: the organisation's) that have not ended. */
export function useDelegations(enabled = true) {
  return useQuery({
    queryKey: approvalKeys.delegations(),
    queryFn: ({ signal }) => call(ops.delegations, { signal }),
    enabled,
  });
}

export function useCreateDelegation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: TDelegationCreate) => call(ops.delegate, { body: input }),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: approvalKeys.delegations() });
      // A delegate sees the approver's requests from the start: their lists change too.
      void queryClient.invalidateQueries({ queryKey: ['approvals', 'summary'] });
      notifySuccess('Delegation saved.');
    },
  });
}

export function useRemoveDelegation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => call(ops.removeDelegation, { params: { id } }),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: approvalKeys.delegations() });
      void queryClient.invalidateQueries({ queryKey: ['approvals', 'summary'] });
      notifySuccess('Delegation ended.');
    },
    meta: { errorMessage: APPROVAL_MESSAGES.delegateFailed },
  });
}

/** Active staff of the organisation (superadmins, admins, trainers) matching a search. */
export function useStaffOptions(search: string, enabled: boolean) {
  const query = {
    role: '1,2,3',
    status: 'active' as const,
    search: search.trim() || undefined,
    ordering: 'name' as const,
    page_size: 20,
  };
  return useQuery({
    queryKey: approvalKeys.staff(search.trim()),
    queryFn: ({ signal }) => call(userOps.list, { query, signal }),
    placeholderData: keepPreviousData,
    enabled,
  });
}
