import {
  adminOps,
  type TFeatureKey,
  type TRetryJobs,
  type ZAdminOrganisationQuery,
} from '@atrium/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call, type QueryArgs } from '../../../shared/api/call.ts';

type OrganisationQuery = QueryArgs<typeof ZAdminOrganisationQuery>;

export const ADMIN_PAGE_SIZE = 20;
/** The health tab reads again this often while it is open. */
export const HEALTH_REFRESH_MS = 15_000;

export interface AuditFilters {
  organisation: string;
  actor: string;
  action: string;
  from: string;
  to: string;
}

/** Only the filters set: the server refuses an empty id or date. */
export const auditQuery = (f: AuditFilters) => ({
  ...(f.organisation ? { organisation: Number(f.organisation) } : {}),
  ...(f.actor ? { actor: Number(f.actor) } : {}),
  ...(f.action.trim() ? { action: f.action.trim() } : {}),
  ...(f.from ? { from: f.from } : {}),
  ...(f.to ? { to: f.to } : {}),
});

export const adminKeys = {
  all: ['admin'] as const,
  organisations: (q: OrganisationQuery) => ['admin', 'organisations', q] as const,
  health: ['admin', 'health'] as const,
  failed: (page: number, type: string) => ['admin', 'failed', page, type] as const,
  audit: (page: number, f: AuditFilters) => ['admin', 'audit', page, f] as const,
  features: (id: number) => ['admin', 'features', id] as const,
};

export function useAdminOrganisations(q: OrganisationQuery) {
  return useQuery({
    queryKey: adminKeys.organisations(q),
    queryFn: ({ signal }) => call(adminOps.organisations, { query: q, signal }),
    placeholderData: keepPreviousData,
  });
}

export function useHealth() {
  return useQuery({
    queryKey: adminKeys.health,
    queryFn: ({ signal }) => call(adminOps.health, { signal }),
    refetchInterval: HEALTH_REFRESH_MS,
  });
}

export function useFailedJobs(page: number, type: string) {
  return useQuery({
    queryKey: adminKeys.failed(page, type),
    queryFn: ({ signal }) =>
      call(adminOps.failedJobs, {
        query: { page, page_size: ADMIN_PAGE_SIZE, ...(type ? { type } : {}) },
        signal,
      }),
    placeholderData: keepPreviousData,
    refetchInterval: HEALTH_REFRESH_MS,
  });
}

export function useRetryJobs() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: TRetryJobs) => call(adminOps.retryJobs, { body }),
    onSuccess: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: ['admin', 'failed'] }),
        client.invalidateQueries({ queryKey: adminKeys.health }),
      ]),
  });
}

export function useAdminAudit(page: number, filters: AuditFilters) {
  return useQuery({
    queryKey: adminKeys.audit(page, filters),
    queryFn: ({ signal }) =>
      call(adminOps.audit, {
        query: { page, page_size: ADMIN_PAGE_SIZE, ...auditQuery(filters) },
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}

export const exportAudit = (filters: AuditFilters) =>
  call(adminOps.auditExport, { query: auditQuery(filters) });

export function useOrganisationFeatures(id: number | null) {
  return useQuery({
    queryKey: adminKeys.features(id ?? 0),
    queryFn: ({ signal }) => call(adminOps.features, { params: { id: id ?? 0 }, signal }),
    enabled: id !== null,
  });
}

export function useSetFeature(id: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ feature, on }: { feature: TFeatureKey; on: boolean }) =>
      call(adminOps.setFeatures, { params: { id }, body: { features: { [feature]: on } } }),
    onSuccess: (data) => client.setQueryData(adminKeys.features(id), data),
  });
}
