import { catalogueOps, classroomOps, organisationOps } from '@atrium/contract';
import { keepPreviousData, useQueries, useQuery } from '@tanstack/react-query';
import { call } from '../../../shared/api/call.ts';

/*
 * What an audience is picked from: the organisation's departments and designations, and a
 * course or a classroom class found by typing.
 */

const OPTION_PAGE = 20;

export function useDepartments(organisationId: number, enabled: boolean) {
  return useQuery({
    queryKey: ['announcements', 'departments', organisationId],
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
      queryKey: ['announcements', 'designations', id],
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

/** Courses whose title holds `search` (the catalogue the author may see). */
export function useCourseOptions(search: string, enabled: boolean) {
  return useQuery({
    queryKey: ['announcements', 'course-options', search],
    queryFn: ({ signal }) =>
      call(catalogueOps.list, {
        query: { search: search || undefined, page: 1, page_size: OPTION_PAGE },
        signal,
      }),
    enabled,
    staleTime: 30_000,
    placeholderData: keepPreviousData,
    select: (page) => page.results.map((c) => ({ id: c.id, title: c.title })),
  });
}

/** Classroom classes whose name holds `search`. */
export function useClassOptions(search: string, enabled: boolean) {
  return useQuery({
    queryKey: ['announcements', 'class-options', search],
    queryFn: ({ signal }) =>
      call(classroomOps.classes, {
        query: { search: search || undefined, page: 1, page_size: OPTION_PAGE },
        signal,
      }),
    enabled,
    staleTime: 30_000,
    placeholderData: keepPreviousData,
    select: (page) =>
      page.results.map((c) => ({ id: c.id, name: c.name, classroom: c.classroom_title })),
  });
}
