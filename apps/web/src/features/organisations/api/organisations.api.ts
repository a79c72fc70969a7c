import {
  structurePaths,
  type TOrganisation,
  type TOrganisationCreate,
  type TOrganisationUpdate,
  ZOrganisation,
  zPage,
} from '@atrium/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../shared/api/client.ts';
import { fillPath } from '../../../shared/api/paths.ts';
import { MESSAGES } from '../../../shared/notify/messages.ts';

const ZOrganisationPage = zPage(ZOrganisation);

export interface OrganisationListQuery {
  search?: string;
  page?: number;
  page_size?: number;
}

export const organisationAdminKeys = {
  all: ['organisations'] as const,
  list: (query: OrganisationListQuery) => ['organisations', 'list', query] as const,
  detail: (id: number) => ['organisations', 'detail', id] as const,
};

/** Superadmin: every organisation; an admin: only their own (the server decides). */
export function useOrganisationList(query: OrganisationListQuery, enabled = true) {
  return useQuery({
    queryKey: organisationAdminKeys.list(query),
    queryFn: ({ signal }) =>
      api.get(structurePaths.organisations, {
        query: { ...query },
        schema: ZOrganisationPage,
        signal,
      }),
    enabled,
    placeholderData: keepPreviousData,
    meta: { errorMessage: MESSAGES.listFailed },
  });
}

export function useOrganisationRecord(id: number | null) {
  return useQuery({
    queryKey: organisationAdminKeys.detail(id ?? 0),
    queryFn: ({ signal }) =>
      api.get(fillPath(structurePaths.organisation, { id: id ?? 0 }), {
        schema: ZOrganisation,
        signal,
      }),
    enabled: id !== null,
    meta: { errorMessage: MESSAGES.generalInfoFailed },
  });
}

export function useCreateOrganisation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TOrganisationCreate) =>
      api.post(structurePaths.organisations, body, { schema: ZOrganisation }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: organisationAdminKeys.all }),
    meta: { errorMessage: MESSAGES.postFailed, successMessage: 'Organisation created.' },
  });
}

export function useUpdateOrganisation(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TOrganisationUpdate) =>
      api.patch(fillPath(structurePaths.organisation, { id }), body, { schema: ZOrganisation }),
    onSuccess: (organisation: TOrganisation) => {
      queryClient.setQueryData(organisationAdminKeys.detail(id), organisation);
      void queryClient.invalidateQueries({ queryKey: organisationAdminKeys.all });
      // Idle policy, SSO and links come to the app through the organisation content.
      void queryClient.invalidateQueries({ queryKey: ['organisation'] });
    },
    meta: { errorMessage: MESSAGES.updateFailed, successMessage: 'Settings saved.' },
  });
}

export function useDeleteOrganisation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.delete(fillPath(structurePaths.organisation, { id })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: organisationAdminKeys.all }),
    meta: { errorMessage: MESSAGES.deleteFailed, successMessage: 'Organisation deleted.' },
  });
}
