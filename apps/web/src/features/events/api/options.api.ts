import { cpdOps, organisationOps } from '@atrium/contract';
import { useQueries, useQuery } from '@tanstack/react-query';
import { call } from '../../../shared/api/call.ts';

/* What the event form picks from: the organisation's departments, designations and CPD categories. */

export function useDepartments(organisationId: number, enabled: boolean) {
  return useQuery({
    queryKey: ['events', 'departments', organisationId],
    queryFn: ({ signal }) =>
      call(organisationOps.departmentsOf, { params: { org: organisationId }, signal }),
    enabled: enabled && organisationId > 0,
    staleTime: 60_000,
  });
}

/** Designations belong to departments: those of every department that has some. */
export function useDesignations(departmentIds: number[], enabled: boolean) {
  return useQueries({
    queries: departmentIds.map((id) => ({
      queryKey: ['events', 'designations', id],
      queryFn: ({ signal }: { signal: AbortSignal }) =>
        call(organisationOps.designationsOf, { params: { id }, signal }),
      enabled,
      staleTime: 60_000,
    })),
    combine: (results) => ({
      data: results.flatMap((r) => r.data ?? []),
      isLoading: results.some((r) => r.isLoading),
    }),
  });
}

export function useCpdCategories(enabled: boolean) {
  return useQuery({
    queryKey: ['events', 'cpd-categories'],
    queryFn: ({ signal }) => call(cpdOps.categories, { signal }),
    enabled,
    staleTime: 60_000,
  });
}
