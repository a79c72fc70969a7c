import {
  builderOps,
  type TReportDefinitionInput,
  type TReportSection,
  type TSavedReportCreate,
  type TSavedReportUpdate,
} from '@atrium/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../shared/api/call.ts';

/*
 * The report builder (issue 22): the sources the caller may build on, a definition's preview
 * (one page, run by the server with the caller's scope), and saved custom reports.
 */

export const builderKeys = {
  sources: ['report-builder', 'sources'] as const,
  run: (definition: TReportDefinitionInput, page: number, pageSize: number) =>
    ['report-builder', 'run', definition, page, pageSize] as const,
  saved: ['saved-reports'] as const,
  list: (kind: string, search: string, page: number) =>
    ['saved-reports', 'list', kind, search, page] as const,
  one: (id: number) => ['saved-reports', 'one', id] as const,
};

export function useBuilderSources() {
  return useQuery({
    queryKey: builderKeys.sources,
    queryFn: ({ signal }) => call(builderOps.sources, { signal }),
    staleTime: 5 * 60_000,
  });
}

/** The preview of a definition; `null` (not runnable yet) runs nothing. */
export function useRunDefinition(
  definition: TReportDefinitionInput | null,
  page: number,
  pageSize: number,
) {
  return useQuery({
    queryKey: builderKeys.run(definition ?? { source: 'users', columns: [] }, page, pageSize),
    queryFn: ({ signal }) =>
      call(builderOps.run, {
        body: { definition: definition as TReportDefinitionInput, page, page_size: pageSize },
        signal,
      }),
    enabled: definition !== null,
    placeholderData: keepPreviousData,
    retry: false,
  });
}

export function useSavedReports(
  kind: 'all' | 'mine' | 'shared',
  search: string,
  page: number,
  pageSize: number,
) {
  return useQuery({
    queryKey: builderKeys.list(kind, search, page),
    queryFn: ({ signal }) =>
      call(builderOps.list, {
        query: { kind, search: search || undefined, page, page_size: pageSize },
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}

export function useSavedReport(id: number) {
  return useQuery({
    queryKey: builderKeys.one(id),
    queryFn: ({ signal }) => call(builderOps.get, { params: { id }, signal }),
    enabled: id > 0,
    retry: false,
  });
}

function useInvalidate() {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: builderKeys.saved });
}

export function useCreateSavedReport() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (body: TSavedReportCreate) => call(builderOps.create, { body }),
    onSuccess: () => void invalidate(),
  });
}

export function useUpdateSavedReport() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: TSavedReportUpdate }) =>
      call(builderOps.update, { params: { id }, body }),
    onSuccess: () => void invalidate(),
  });
}

export function useRemoveSavedReport() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (id: number) => call(builderOps.remove, { params: { id } }),
    onSuccess: () => void invalidate(),
  });
}

const sectionsKey = (userId: number) => ['report-sections', userId] as const;

/** A user's §6 report sections, for their admin's permission screen. */
export function useReportSections(userId: number) {
  return useQuery({
    queryKey: sectionsKey(userId),
    queryFn: ({ signal }) => call(builderOps.sections, { params: { id: userId }, signal }),
  });
}

export function useUpdateReportSections(userId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (sections: { key: TReportSection; permission: boolean }[]) =>
      call(builderOps.updateSections, { params: { id: userId }, body: { sections } }),
    onSuccess: (data) => client.setQueryData(sectionsKey(userId), data),
  });
}
