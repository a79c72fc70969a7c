import { type TLicence, userOps } from '@atrium/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../shared/api/call.ts';
import { MESSAGES } from '../../../shared/notify/messages.ts';
import { organisationAdminKeys } from '../../organisations/index.ts';

export const licenceKeys = {
  all: ['licences'] as const,
  list: (organisationId?: number) => ['licences', organisationId ?? 'all'] as const,
};

/** Seats and their use: a superadmin gets every organisation (or one), an admin their own. */
export function useLicences(organisationId?: number, enabled = true) {
  return useQuery({
    queryKey: licenceKeys.list(organisationId),
    queryFn: ({ signal }) =>
      call(userOps.licences, { query: { organization: organisationId }, signal }),
    enabled,
    meta: { errorMessage: MESSAGES.listFailed },
  });
}

/** Superadmin only: an organisation's seats (null for no limit). */
export function useSetSeats() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { organization: number; seats: number | null }) =>
      call(userOps.setSeats, { body }),
    onSuccess: (_licence: TLicence) => {
      void queryClient.invalidateQueries({ queryKey: licenceKeys.all });
      void queryClient.invalidateQueries({ queryKey: organisationAdminKeys.all });
    },
    meta: { errorMessage: MESSAGES.updateFailed, successMessage: 'Licence seats saved.' },
  });
}
