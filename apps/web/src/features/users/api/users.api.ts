import { permissionOps, type TMenuEntry, type TUserAction, userOps } from '@atrium/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../shared/api/call.ts';
import { dateStamp, saveBlob } from '../../../shared/api/download.ts';
import type { UploadProgress } from '../../../shared/api/upload.ts';
import { MESSAGES } from '../../../shared/notify/messages.ts';
import { notifySuccess } from '../../../shared/notify/notify.ts';
import { licenceKeys } from '../../licences/index.ts';
import { structureKeys } from '../../organisations/index.ts';
import { filterQuery, listQuery, type UserListState } from '../user-list-query.ts';

export const userKeys = {
  all: ['users'] as const,
  list: (query: ReturnType<typeof listQuery>) => ['users', 'list', query] as const,
  permissions: (userId: number) => ['users', 'permissions', userId] as const,
};

/** One page of the organisation's users; the previous page stays on screen while the next loads. */
export function useUserList(state: UserListState) {
  const query = listQuery(state);
  return useQuery({
    queryKey: userKeys.list(query),
    queryFn: ({ signal }) => call(userOps.list, { query, signal }),
    placeholderData: keepPreviousData,
    meta: { errorMessage: MESSAGES.listFailed },
  });
}

/** Whatever a user change touches: the list, seat use, department user counts. */
function useRefreshUsers() {
  const queryClient = useQueryClient();
  return () => {
    void queryClient.invalidateQueries({ queryKey: userKeys.all });
    void queryClient.invalidateQueries({ queryKey: licenceKeys.all });
    void queryClient.invalidateQueries({ queryKey: structureKeys.all });
  };
}

export const ACTION_DONE: Record<TUserAction['action'], string> = {
  approve: 'User approved.',
  reject: 'User rejected.',
  activate: 'User activated.',
  deactivate: 'User deactivated; their sessions have ended.',
  change_role: 'Role changed.',
};

export function useUserAction() {
  const refresh = useRefreshUsers();
  return useMutation({
    mutationFn: ({ id, action }: { id: number; action: TUserAction }) =>
      call(userOps.act, { params: { id }, body: action }),
    onSuccess: (_row, { action }) => {
      refresh();
      notifySuccess(ACTION_DONE[action.action]);
    },
    meta: { errorMessage: MESSAGES.updateFailed },
  });
}

export function useRemoveUser() {
  const refresh = useRefreshUsers();
  return useMutation({
    mutationFn: (id: number) => call(userOps.remove, { params: { id } }),
    onSuccess: refresh,
    meta: { errorMessage: MESSAGES.deleteFailed, successMessage: 'User removed.' },
  });
}

export function useAddUser() {
  const refresh = useRefreshUsers();
  return useMutation({
    mutationFn: ({
      form,
      onProgress,
    }: {
      form: FormData;
      onProgress: (p: UploadProgress) => void;
    }) => call(userOps.add, { body: form, onProgress }),
    onSuccess: refresh,
    meta: { errorMessage: MESSAGES.postFailed },
  });
}

/** The filtered list as a CSV or XLSX file, named as the server names it. */
export async function exportUsers(state: UserListState, format: 'csv' | 'xlsx') {
  const file = await call(userOps.export, { query: { ...filterQuery(state), format } });
  saveBlob(file, `users-${dateStamp()}.${format}`);
}

export function useUserPermissions(userId: number | null) {
  return useQuery({
    queryKey: userKeys.permissions(userId ?? 0),
    queryFn: ({ signal }) =>
      call(permissionOps.get, { query: { user_id: userId ?? undefined }, signal }),
    enabled: userId !== null,
    staleTime: 0,
    meta: { errorMessage: MESSAGES.userDetailFailed },
  });
}

/** Saves a user's menu flags, or (null) goes back to their role's default menu. */
export function useSavePermissions(userId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (permissions: TMenuEntry[] | null) =>
      call(permissionOps.update, { body: { user_id: userId, permissions } }),
    onSuccess: (saved) => queryClient.setQueryData(userKeys.permissions(userId), saved),
    meta: { errorMessage: MESSAGES.updateFailed, successMessage: 'Menu permissions saved.' },
  });
}
