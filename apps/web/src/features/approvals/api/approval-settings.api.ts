import {
  approvalsOps as ops,
  type TApprovalModuleUpdate,
  type TApproverCreate,
  type TApproverUpdate,
  userOps,
} from '@atrium/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../shared/api/call.ts';

/*
 * The admin's approval settings: per approvable kind, whether it needs approval, its expiry and
 * escalation, and the approvers level by level. The module list carries each kind's approvers,
 * so every change refreshes the whole settings tree: adding the first approver replaces the
 * defaults and removing one closes levels up, which only the server's answer shows.
 */

export const SETTINGS_MESSAGES = {
  listFailed: 'Could not get the approval settings',
  saveFailed: 'Could not save the approval settings',
  approverFailed: 'Could not change the approvers',
  usersFailed: 'Could not search the users',
} as const;

export const approvalSettingsKeys = {
  all: ['approvals', 'settings'] as const,
  modules: () => [...approvalSettingsKeys.all, 'modules'] as const,
  approvers: (kind: string) => [...approvalSettingsKeys.all, 'approvers', kind] as const,
  userOptions: (query: object) => [...approvalSettingsKeys.all, 'user-options', query] as const,
};

function useRefreshSettings() {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: approvalSettingsKeys.all });
}

/** The approvable kinds of the caller's organisation, with settings, approvers and pending counts. */
export function useApprovalModules() {
  return useQuery({
    queryKey: approvalSettingsKeys.modules(),
    queryFn: ({ signal }) => call(ops.modules, { signal }),
  });
}

/** One kind's approvers on their own (the module list already carries them). */
export function useModuleApprovers(kind: string, enabled = true) {
  return useQuery({
    queryKey: approvalSettingsKeys.approvers(kind),
    queryFn: ({ signal }) => call(ops.approvers, { query: { module: kind }, signal }),
    enabled,
  });
}

/** Saves a kind's settings; the caller shows field errors under its inputs. */
export function useUpdateApprovalModule() {
  const refresh = useRefreshSettings();
  return useMutation({
    mutationFn: (update: TApprovalModuleUpdate) => call(ops.updateModule, { body: update }),
    onSuccess: refresh,
    meta: { successMessage: 'Approval settings saved.' },
  });
}

/** Adds an approver to a level; the caller shows field errors in its dialog. */
export function useAddApprover() {
  const refresh = useRefreshSettings();
  return useMutation({
    mutationFn: (approver: TApproverCreate) => call(ops.addApprover, { body: approver }),
    onSuccess: refresh,
    meta: { successMessage: 'Approver added.' },
  });
}

/** Moves an approver to another level (or changes who it is). */
export function useUpdateApprover() {
  const refresh = useRefreshSettings();
  return useMutation({
    mutationFn: ({ id, change }: { id: number; change: TApproverUpdate }) =>
      call(ops.updateApprover, { params: { id }, body: change }),
    onSettled: refresh,
    meta: { errorMessage: SETTINGS_MESSAGES.approverFailed, successMessage: 'Approver moved.' },
  });
}

export function useRemoveApprover() {
  const refresh = useRefreshSettings();
  return useMutation({
    mutationFn: (id: number) => call(ops.removeApprover, { params: { id } }),
    // A 404 means someone else removed it already: refreshing shows the real levels either way.
    onSettled: refresh,
    meta: { errorMessage: SETTINGS_MESSAGES.approverFailed, successMessage: 'Approver removed.' },
  });
}

/** Active users of the organisation matching a search, for the approver picker. */
export function useApproverUserOptions(search: string, enabled: boolean) {
  const query = { search: search.trim() || undefined, status: 'active' as const, page_size: 20 };
  return useQuery({
    queryKey: approvalSettingsKeys.userOptions(query),
    queryFn: ({ signal }) => call(userOps.list, { query, signal }),
    placeholderData: keepPreviousData,
    enabled,
  });
}
