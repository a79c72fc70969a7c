import { eventOps as ops } from '@atrium/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type BodyOf, call } from '../../../shared/api/call.ts';
import { EVENT_MESSAGES } from '../labels.ts';
import { eventKeys } from './events.api.ts';

/* The organisation's event types; an event shows its type, so a change refreshes events too. */
export const eventTypeKeys = { all: ['event-types'] as const };

export function useEventTypes() {
  return useQuery({
    queryKey: eventTypeKeys.all,
    queryFn: ({ signal }) => call(ops.types, { signal }),
    staleTime: 60_000,
  });
}

function useRefreshTypes() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: eventTypeKeys.all }),
      queryClient.invalidateQueries({ queryKey: eventKeys.all }),
    ]);
}

/** The dialog shows a refusal (a taken name: 409) on its field, so there is no snackbar. */
export function useCreateEventType() {
  const refresh = useRefreshTypes();
  return useMutation({
    mutationFn: (body: BodyOf<typeof ops.createType>) => call(ops.createType, { body }),
    onSuccess: refresh,
    meta: { successMessage: 'Event type added.' },
  });
}

export function useUpdateEventType() {
  const refresh = useRefreshTypes();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: BodyOf<typeof ops.updateType> }) =>
      call(ops.updateType, { params: { id }, body }),
    onSuccess: refresh,
    meta: { successMessage: 'Event type saved.' },
  });
}

export function useRemoveEventType() {
  const refresh = useRefreshTypes();
  return useMutation({
    mutationFn: (id: number) => call(ops.removeType, { params: { id } }),
    onSuccess: refresh,
    meta: { successMessage: 'Event type deleted.', errorMessage: EVENT_MESSAGES.deleteFailed },
  });
}
