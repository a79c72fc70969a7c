import { gamificationOps as ops, organisationOps } from '@atrium/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type BodyOf, call } from '../../../shared/api/call.ts';

/* Points, levels and boards: one key tree, so an opt-out refreshes every board shown. */
export const gamificationKeys = {
  all: ['gamification'] as const,
  board: (query: object) => ['gamification', 'board', query] as const,
  settings: ['gamification', 'settings'] as const,
  detail: (id: number, query: object) => ['gamification', 'detail', id, query] as const,
  levels: ['gamification', 'levels'] as const,
};

export interface BoardQuery {
  period: 'all' | 'month';
  department?: number;
  page: number;
  page_size: number;
}

export function useLeaderboard(query: BoardQuery) {
  return useQuery({
    queryKey: gamificationKeys.board(query),
    queryFn: ({ signal }) => call(ops.leaderboard, { query, signal }),
    // The list stays while the next page or period loads (no jump to a skeleton).
    placeholderData: keepPreviousData,
  });
}

export function useGamificationSettings() {
  return useQuery({
    queryKey: gamificationKeys.settings,
    queryFn: ({ signal }) => call(ops.settings, { signal }),
  });
}

export function useUpdateGamificationSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: BodyOf<typeof ops.updateSettings>) => call(ops.updateSettings, { body }),
    onSuccess: (settings) => {
      queryClient.setQueryData(gamificationKeys.settings, settings);
      return queryClient.invalidateQueries({ queryKey: ['gamification', 'board'] });
    },
    meta: { successMessage: 'Leaderboard setting saved.' },
  });
}

export function useUserPoints(
  id: number,
  query: { page: number; page_size: number },
  enabled: boolean,
) {
  return useQuery({
    queryKey: gamificationKeys.detail(id, query),
    queryFn: ({ signal }) => call(ops.userDetail, { params: { id }, query, signal }),
    enabled,
    placeholderData: keepPreviousData,
  });
}

/** The organisation's departments, for the admins' department filter. */
export function useBoardDepartments(organisationId: number, enabled: boolean) {
  return useQuery({
    queryKey: ['gamification', 'departments', organisationId],
    queryFn: ({ signal }) =>
      call(organisationOps.departmentsOf, { params: { org: organisationId }, signal }),
    enabled: enabled && organisationId > 0,
    staleTime: 60_000,
  });
}
