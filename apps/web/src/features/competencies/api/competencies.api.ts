import {
  competencyOps as ops,
  organisationOps,
  type TCompetencyCreate,
  type TCompetencyEvidenceCreate,
  type TCompetencyFrameworkCreate,
  type TCompetencyFrameworkUpdate,
  type TCompetencyLinkCreate,
  type TCompetencyLinkUpdate,
  type TCompetencyThresholdCreate,
  type TCompetencyUpdate,
  userOps,
} from '@atrium/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../shared/api/call.ts';

/** Hooks over the competency operations; every write refreshes what it changes. */

export const competencyKeys = {
  all: ['competencies'] as const,
  frameworks: () => ['competencies', 'frameworks'] as const,
  framework: (id: number) => ['competencies', 'framework', id] as const,
  thresholds: (id: number) => ['competencies', 'thresholds', id] as const,
  links: (frameworkId: number, page: number) =>
    ['competencies', 'links', frameworkId, page] as const,
  profile: (userId?: number) => ['competencies', 'profile', userId ?? 'me'] as const,
  gaps: (id: number) => ['competencies', 'gaps', id] as const,
};

export const LINK_PAGE_SIZE = 20;

export function useFrameworks() {
  return useQuery({
    queryKey: competencyKeys.frameworks(),
    queryFn: ({ signal }) => call(ops.frameworks, { query: { page: 1, page_size: 100 }, signal }),
  });
}

export function useFramework(id: number | null) {
  return useQuery({
    queryKey: competencyKeys.framework(id ?? 0),
    queryFn: ({ signal }) => call(ops.framework, { params: { id: id! }, signal }),
    enabled: id !== null,
  });
}

export function useThresholds(frameworkId: number | null) {
  return useQuery({
    queryKey: competencyKeys.thresholds(frameworkId ?? 0),
    queryFn: ({ signal }) =>
      call(ops.thresholds, { query: { framework_id: frameworkId! }, signal }),
    enabled: frameworkId !== null,
  });
}

export function useLinks(frameworkId: number | null, page: number) {
  return useQuery({
    queryKey: competencyKeys.links(frameworkId ?? 0, page),
    queryFn: ({ signal }) =>
      call(ops.links, {
        query: { framework_id: frameworkId!, page, page_size: LINK_PAGE_SIZE },
        signal,
      }),
    enabled: frameworkId !== null,
    placeholderData: keepPreviousData,
  });
}

export function useCompetencyProfile(userId?: number) {
  return useQuery({
    queryKey: competencyKeys.profile(userId),
    queryFn: ({ signal }) => call(ops.profile, { query: { user_id: userId }, signal }),
  });
}

export function useGaps(frameworkId: number | null) {
  return useQuery({
    queryKey: competencyKeys.gaps(frameworkId ?? 0),
    queryFn: ({ signal }) => call(ops.gaps, { query: { framework_id: frameworkId! }, signal }),
    enabled: frameworkId !== null,
  });
}

/** Every write touches the tree, thresholds, links or gaps: refresh the feature's queries. */
function useWrite<A, R>(fn: (args: A) => Promise<R>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: () => client.invalidateQueries({ queryKey: competencyKeys.all }),
  });
}

export const useCreateFramework = () =>
  useWrite((body: TCompetencyFrameworkCreate) => call(ops.createFramework, { body }));
export const useUpdateFramework = () =>
  useWrite((args: { id: number; body: TCompetencyFrameworkUpdate }) =>
    call(ops.updateFramework, { params: { id: args.id }, body: args.body }),
  );
export const useRemoveFramework = () =>
  useWrite((id: number) => call(ops.removeFramework, { params: { id } }));
export const useImportCsv = () =>
  useWrite((args: { id: number; csv: string }) =>
    call(ops.importCsv, { params: { id: args.id }, body: { csv: args.csv } }),
  );
export const useImportCase = () =>
  useWrite((document: Record<string, unknown>) => call(ops.importCase, { body: { document } }));
export const useCreateCompetency = () =>
  useWrite((body: TCompetencyCreate) => call(ops.createCompetency, { body }));
export const useUpdateCompetency = () =>
  useWrite((args: { id: number; body: TCompetencyUpdate }) =>
    call(ops.updateCompetency, { params: { id: args.id }, body: args.body }),
  );
export const useRemoveCompetency = () =>
  useWrite((id: number) => call(ops.removeCompetency, { params: { id } }));
export const useCreateThreshold = () =>
  useWrite((body: TCompetencyThresholdCreate) => call(ops.createThreshold, { body }));
export const useUpdateThreshold = () =>
  useWrite((args: { id: number; level: number }) =>
    call(ops.updateThreshold, { params: { id: args.id }, body: { level: args.level } }),
  );
export const useRemoveThreshold = () =>
  useWrite((id: number) => call(ops.removeThreshold, { params: { id } }));
export const useCreateLink = () =>
  useWrite((body: TCompetencyLinkCreate) => call(ops.createLink, { body }));
export const useUpdateLink = () =>
  useWrite((args: { id: number; body: TCompetencyLinkUpdate }) =>
    call(ops.updateLink, { params: { id: args.id }, body: args.body }),
  );
export const useRemoveLink = () =>
  useWrite((id: number) => call(ops.removeLink, { params: { id } }));
export const useAddEvidence = () =>
  useWrite((body: TCompetencyEvidenceCreate) => call(ops.addEvidence, { body }));

export function useDepartments(organisationId: number) {
  return useQuery({
    queryKey: ['competencies', 'departments', organisationId],
    queryFn: ({ signal }) =>
      call(organisationOps.departmentsOf, { params: { org: organisationId }, signal }),
    enabled: organisationId > 0,
    staleTime: 60_000,
  });
}

/**
 * Members to record evidence for, by name or email: the users list, which admins and trainers may
 * read (the gamification pick list is the admins' only). Active accounts, 20 at a time.
 */
export function usePeopleOptions(search: string, enabled: boolean) {
  return useQuery({
    queryKey: ['competencies', 'people', search],
    queryFn: ({ signal }) =>
      call(userOps.list, {
        query: { search: search.trim() || undefined, status: 'active', page: 1, page_size: 20 },
        signal,
      }),
    enabled,
    staleTime: 30_000,
    placeholderData: keepPreviousData,
    select: (page) =>
      page.results.map((u) => ({ id: u.id, title: `${u.fullname || u.username} (${u.email})` })),
  });
}
