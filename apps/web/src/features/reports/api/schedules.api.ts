import {
  builderOps,
  scheduleOps,
  type TScheduleCreateInput,
  type TScheduleUpdateInput,
  userOps,
} from '@atrium/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../shared/api/call.ts';

/*
 * Scheduled e-mail reports (issue 22): the caller's schedules (an admin: the organisation's),
 * create, change (pause/resume is `active`), delete; and the pick lists of the form (saved
 * reports, people).
 */

export const scheduleKeys = {
  all: ['report-schedules'] as const,
  list: (page: number) => ['report-schedules', 'list', page] as const,
};

export function useSchedules(page: number, pageSize: number) {
  return useQuery({
    queryKey: scheduleKeys.list(page),
    queryFn: ({ signal }) =>
      call(scheduleOps.schedules, { query: { page, page_size: pageSize }, signal }),
    placeholderData: keepPreviousData,
  });
}

function useInvalidate() {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: scheduleKeys.all });
}

export function useCreateSchedule() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (body: TScheduleCreateInput) => call(scheduleOps.createSchedule, { body }),
    onSuccess: () => void invalidate(),
  });
}

export function useUpdateSchedule() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: TScheduleUpdateInput }) =>
      call(scheduleOps.updateSchedule, { params: { id }, body }),
    onSuccess: () => void invalidate(),
  });
}

export function useRemoveSchedule() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (id: number) => call(scheduleOps.removeSchedule, { params: { id } }),
    onSuccess: () => void invalidate(),
  });
}

/** Saved custom reports the caller may schedule (theirs and those shared with them). */
export function useSavedReportOptions(enabled: boolean) {
  return useQuery({
    queryKey: ['report-schedules', 'saved-options'],
    queryFn: ({ signal }) =>
      call(builderOps.list, { query: { page: 1, page_size: 100, kind: 'all' }, signal }),
    enabled,
    staleTime: 60_000,
    select: (page) => page.results.map((r) => ({ id: r.id, name: r.name })),
  });
}

/** Active members to mail, by name or e-mail, 20 at a time (the users list staff may read). */
export function usePeopleOptions(search: string, enabled: boolean) {
  return useQuery({
    queryKey: ['report-schedules', 'people', search],
    queryFn: ({ signal }) =>
      call(userOps.list, {
        query: { search: search.trim() || undefined, status: 'active', page: 1, page_size: 20 },
        signal,
      }),
    enabled,
    staleTime: 30_000,
    placeholderData: keepPreviousData,
    select: (page) =>
      page.results.map((u) => ({ id: u.id, name: u.fullname || u.username, email: u.email })),
  });
}
