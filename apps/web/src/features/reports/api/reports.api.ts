import { organisationOps, reportOps } from '@atrium/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { call, type QueryArgs } from '../../../shared/api/call.ts';

/*
 * One query per widget, keyed by the report and exactly the filters it takes: changing the year
 * refetches the month charts only, a date range the widgets that count within one. Earlier
 * figures stay on screen while new ones load (no flash back to skeletons).
 */

type Ops = typeof reportOps;
type QueryOf<K extends keyof Ops> = QueryArgs<Ops[K]['query']>;

export const reportKeys = {
  all: ['reports'] as const,
  report: (name: string, query: object) => ['reports', name, query] as const,
};

function useReport<K extends keyof Ops>(name: K, query: QueryOf<K>, enabled = true) {
  const op = reportOps[name];
  return useQuery({
    queryKey: reportKeys.report(name, query),
    // One signature per operation: the union of operations needs the cast, the query is typed above.
    queryFn: ({ signal }) =>
      (call as (o: Ops[K], a: object) => Promise<unknown>)(op, { query, signal }) as Promise<
        Awaited<ReturnType<typeof call<Ops[K]>>>
      >,
    enabled,
    placeholderData: keepPreviousData,
  });
}

export const useUserStatistics = (q: QueryOf<'userStatistics'>) => useReport('userStatistics', q);
export const useTopCourses = (q: QueryOf<'topCourse'>) => useReport('topCourse', q);
export const useCategoryStatistics = (q: QueryOf<'categoryStatistics'>) =>
  useReport('categoryStatistics', q);
export const useTopLearners = (q: QueryOf<'topLearner'>, enabled = true) =>
  useReport('topLearner', q, enabled);
export const useUserStatus = (q: QueryOf<'userStatus'>) => useReport('userStatus', q);
export const useLoginChart = (q: QueryOf<'loginChart'>) => useReport('loginChart', q);
export const useCompletionChart = (q: QueryOf<'completionChart'>) =>
  useReport('completionChart', q);
export const useTimeSpentChart = (q: QueryOf<'timeSpentMonthly'>) =>
  useReport('timeSpentMonthly', q);
export const useCourseCompletion = (q: QueryOf<'courseCompletion'>) =>
  useReport('courseCompletion', q);
export const useTrainerCompletion = (q: QueryOf<'courseCompletionTrainer'>, enabled = true) =>
  useReport('courseCompletionTrainer', q, enabled);

/** A superadmin's organisations for the organisation filter (the first hundred, by title). */
export function useReportOrganisations(enabled: boolean) {
  return useQuery({
    queryKey: ['reports', 'filters', 'organisations'],
    queryFn: ({ signal }) =>
      call(organisationOps.list, { query: { page: 1, page_size: 100 }, signal }),
    enabled,
    staleTime: 5 * 60_000,
  });
}

/** The departments of the organisation the report is about. */
export function useReportDepartments(organisationId: number | undefined) {
  return useQuery({
    queryKey: ['reports', 'filters', 'departments', organisationId],
    queryFn: ({ signal }) =>
      call(organisationOps.departmentsOf, { params: { org: organisationId ?? 0 }, signal }),
    enabled: organisationId !== undefined && organisationId > 0,
    staleTime: 60_000,
  });
}

/** The designations of the chosen department. */
export function useReportDesignations(departmentId: number | undefined) {
  return useQuery({
    queryKey: ['reports', 'filters', 'designations', departmentId],
    queryFn: ({ signal }) =>
      call(organisationOps.designationsOf, { params: { id: departmentId ?? 0 }, signal }),
    enabled: departmentId !== undefined && departmentId > 0,
    staleTime: 60_000,
  });
}

/** How current the dashboards' figures are (summaries of a large organisation). */
export const useReportFreshness = (q: QueryOf<'freshness'>) => useReport('freshness', q);
