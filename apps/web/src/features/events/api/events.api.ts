import { eventOps as ops, type TEventQuery } from '@atrium/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type BodyOf, call } from '../../../shared/api/call.ts';
import { EVENT_MESSAGES } from '../labels.ts';

/*
 * Events, their enrolments and attendance. One key tree, so an enrolment or a change refreshes
 * every list and detail that shows it.
 */
export const eventKeys = {
  all: ['events'] as const,
  list: (query: object) => ['events', 'list', query] as const,
  detail: (id: number) => ['events', 'detail', id] as const,
  enrolments: (id: number, query: object) => ['events', 'enrolments', id, query] as const,
};

export function useRefreshEvents() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: eventKeys.all });
}

export type EventListQuery = Omit<TEventQuery, 'page' | 'page_size'> & {
  page: number;
  page_size: number;
};

export function useEvents(query: EventListQuery) {
  return useQuery({
    queryKey: eventKeys.list(query),
    queryFn: ({ signal }) => call(ops.list, { query, signal }),
    placeholderData: keepPreviousData,
  });
}

/** The dialog shows the failure itself ('Could not get event detail' unless the server says). */
export function useEventDetail(id: number | null) {
  return useQuery({
    queryKey: eventKeys.detail(id ?? 0),
    queryFn: ({ signal }) => call(ops.detail, { body: { id: id ?? 0 }, signal }),
    enabled: id !== null && Number.isInteger(id) && id > 0,
  });
}

/** The form shows the server's field errors itself, so there is no error snackbar. */
export function useCreateEvent() {
  const refresh = useRefreshEvents();
  return useMutation({
    mutationFn: (body: BodyOf<typeof ops.create>) => call(ops.create, { body }),
    onSuccess: refresh,
    meta: { successMessage: 'Event created.' },
  });
}

export function useUpdateEvent() {
  const refresh = useRefreshEvents();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: BodyOf<typeof ops.update> }) =>
      call(ops.update, { params: { id }, body }),
    onSuccess: refresh,
    meta: { successMessage: 'Event saved.' },
  });
}

/** Deleted when nobody enrolled, cancelled otherwise: the caller tells the user which. */
export function useRemoveEvent() {
  const refresh = useRefreshEvents();
  return useMutation({
    mutationFn: (id: number) => call(ops.remove, { params: { id } }),
    onSuccess: refresh,
    meta: { errorMessage: EVENT_MESSAGES.deleteFailed },
  });
}

/** Open events enrol at once; by-approval ones answer a request (the status says which). */
export function useEnrol() {
  const refresh = useRefreshEvents();
  return useMutation({
    mutationFn: (id: number) => call(ops.enrol, { params: { id } }),
    onSuccess: refresh,
    meta: { errorMessage: EVENT_MESSAGES.postFailed },
  });
}

/** Enrols for CPD credit, or turns an enrolment into one. */
export function useCpdEnrol() {
  const refresh = useRefreshEvents();
  return useMutation({
    mutationFn: (event: number) => call(ops.cpdEnrol, { body: { event } }),
    onSuccess: refresh,
    meta: { errorMessage: EVENT_MESSAGES.postFailed },
  });
}

export function useCancelEnrolment() {
  const refresh = useRefreshEvents();
  return useMutation({
    mutationFn: (enrolmentId: number) => call(ops.cancelEnrolment, { params: { id: enrolmentId } }),
    onSuccess: refresh,
    meta: { errorMessage: EVENT_MESSAGES.deleteFailed },
  });
}

export function useEventEnrolments(
  id: number,
  query: { page: number; page_size: number; status?: 'requested' | 'enrolled' | 'cancelled' },
) {
  return useQuery({
    queryKey: eventKeys.enrolments(id, query),
    queryFn: ({ signal }) => call(ops.enrolments, { params: { id }, query, signal }),
    placeholderData: keepPreviousData,
  });
}

export function useMarkAttendance(id: number) {
  const refresh = useRefreshEvents();
  return useMutation({
    mutationFn: (body: BodyOf<typeof ops.attendance>) =>
      call(ops.attendance, { params: { id }, body }),
    onSuccess: refresh,
    meta: { errorMessage: EVENT_MESSAGES.postFailed },
  });
}
