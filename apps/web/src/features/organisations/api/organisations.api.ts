import {
  organisationOps as ops,
  type TOrganisation,
  type TOrganisationCreate,
  type TOrganisationUpdate,
} from '@atrium/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../shared/api/call.ts';
import { MESSAGES } from '../../../shared/notify/messages.ts';

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
    queryFn: ({ signal }) => call(ops.list, { query: { ...query }, signal }),
    enabled,
    placeholderData: keepPreviousData,
    meta: { errorMessage: MESSAGES.listFailed },
  });
}

export function useOrganisationRecord(id: number | null) {
  return useQuery({
    queryKey: organisationAdminKeys.detail(id ?? 0),
    queryFn: ({ signal }) => call(ops.get, { params: { id: id ?? 0 }, signal }),
    enabled: id !== null,
    meta: { errorMessage: MESSAGES.generalInfoFailed },
  });
}

export function useCreateOrganisation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TOrganisationCreate) => call(ops.create, { body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: organisationAdminKeys.all }),
    meta: { errorMessage: MESSAGES.postFailed, successMessage: 'Organisation created.' },
  });
}

export function useUpdateOrganisation(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TOrganisationUpdate) => call(ops.update, { params: { id }, body }),
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
    mutationFn: (id: number) => call(ops.remove, { params: { id } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: organisationAdminKeys.all }),
    meta: { errorMessage: MESSAGES.deleteFailed, successMessage: 'Organisation deleted.' },
  });
}
