import {
  permissionPaths,
  type TMenuEntry,
  type TUserAction,
  userAdminPaths,
  ZPermissionResponse,
  ZUserRow,
  zPage,
} from '@atrium/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../shared/api/client.ts';
import { dateStamp, downloadFile } from '../../../shared/api/download.ts';
import { fillPath } from '../../../shared/api/paths.ts';
import { type UploadProgress, uploadWithProgress } from '../../../shared/api/upload.ts';
import { MESSAGES } from '../../../shared/notify/messages.ts';
import { notifySuccess } from '../../../shared/notify/notify.ts';
import { licenceKeys } from '../../licences/index.ts';
import { structureKeys } from '../../organisations/index.ts';
import { filterQuery, listQuery, type UserListState } from '../user-list-query.ts';

const ZUserPage = zPage(ZUserRow);

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
    queryFn: ({ signal }) => api.get(userAdminPaths.list, { query, schema: ZUserPage, signal }),
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
      api.patch(fillPath(userAdminPaths.action, { id }), action, { schema: ZUserRow }),
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
    mutationFn: (id: number) => api.delete(fillPath(userAdminPaths.remove, { id })),
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
    }) => uploadWithProgress(userAdminPaths.add, form, { schema: ZUserRow, onProgress }),
    onSuccess: refresh,
    meta: { errorMessage: MESSAGES.postFailed },
  });
}

/** The filtered list as a CSV or XLSX file, named as the server names it. */
export function exportUsers(state: UserListState, format: 'csv' | 'xlsx') {
  return downloadFile(userAdminPaths.export, `users-${dateStamp()}.${format}`, {
    ...filterQuery(state),
    format,
  });
}

export function useUserPermissions(userId: number | null) {
  return useQuery({
    queryKey: userKeys.permissions(userId ?? 0),
    queryFn: ({ signal }) =>
      api.get(permissionPaths.getPermission, {
        query: { user_id: userId ?? undefined },
        schema: ZPermissionResponse,
        signal,
      }),
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
      api.post(
        permissionPaths.getPermission,
        { user_id: userId, permissions },
        { schema: ZPermissionResponse },
      ),
    onSuccess: (saved) => queryClient.setQueryData(userKeys.permissions(userId), saved),
    meta: { errorMessage: MESSAGES.updateFailed, successMessage: 'Menu permissions saved.' },
  });
}
