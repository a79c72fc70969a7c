import { discussionOps as ops } from '@atrium/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type BodyOf, call } from '../../../shared/api/call.ts';
import { discussionKeys } from './discussions.api.ts';

/* The organisation's discussion types and where the caller may start a topic. */

export function useDiscussionTypes() {
  return useQuery({
    queryKey: discussionKeys.types,
    queryFn: ({ signal }) => call(ops.types, { signal }),
    staleTime: 60_000,
  });
}

export function useDiscussionScopes(enabled = true) {
  return useQuery({
    queryKey: discussionKeys.scopes,
    queryFn: ({ signal }) => call(ops.scopes, { signal }),
    staleTime: 60_000,
    enabled,
  });
}

/** A topic shows its type's name and kind: a change refreshes the topics too. */
function useRefreshTypes() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: discussionKeys.all });
}

/** The dialog shows a refusal (a taken name: 409) on its field, so there is no snackbar. */
export function useCreateType() {
  const refresh = useRefreshTypes();
  return useMutation({
    mutationFn: (body: BodyOf<typeof ops.createType>) => call(ops.createType, { body }),
    onSuccess: refresh,
    meta: { successMessage: 'Discussion type added.' },
  });
}

export function useUpdateType() {
  const refresh = useRefreshTypes();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: BodyOf<typeof ops.updateType> }) =>
      call(ops.updateType, { params: { id }, body }),
    onSuccess: refresh,
    meta: { successMessage: 'Discussion type saved.' },
  });
}

/** A type in use, or the last one, is refused with 409: the dialog shows why. */
export function useRemoveType() {
  const refresh = useRefreshTypes();
  return useMutation({
    mutationFn: (id: number) => call(ops.deleteType, { params: { id } }),
    onSuccess: refresh,
    meta: { successMessage: 'Discussion type deleted.' },
  });
}
