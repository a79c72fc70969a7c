import {
  notificationsOps as ops,
  type TOrganisationDefaults,
  type TPreferences,
  type TPreferencesUpdate,
} from '@atrium/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { call } from '../../../shared/api/call.ts';
import { NOTIFICATION_MESSAGES, notificationKeys } from './notifications.api.ts';

export function usePreferences() {
  return useQuery({
    queryKey: notificationKeys.preferences(),
    queryFn: ({ signal }) => call(ops.preferences, { signal }),
    meta: { errorMessage: NOTIFICATION_MESSAGES.listFailed },
  });
}

/** Saves some choices; the answer is the whole grid again, which replaces the cached one. */
export function useUpdatePreferences() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (preferences: TPreferencesUpdate['preferences']) =>
      call(ops.updatePreferences, { body: { preferences } }),
    onSuccess: (data) =>
      queryClient.setQueryData<TPreferences>(notificationKeys.preferences(), data),
    meta: { errorMessage: NOTIFICATION_MESSAGES.saveFailed, successMessage: 'Preference saved.' },
  });
}

/** An admin's own organisation; a superadmin names one. */
export function useOrganisationDefaults(organisation: number | undefined) {
  return useQuery({
    queryKey: notificationKeys.organisationDefaults(organisation),
    queryFn: ({ signal }) => call(ops.organisationDefaults, { query: { organisation }, signal }),
    meta: { errorMessage: NOTIFICATION_MESSAGES.listFailed },
  });
}

type DefaultsUpdate = z.input<(typeof ops.updateOrganisationDefaults)['body']>;

export function useUpdateOrganisationDefaults(organisation: number | undefined) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (defaults: DefaultsUpdate['defaults']) =>
      call(ops.updateOrganisationDefaults, { query: { organisation }, body: { defaults } }),
    onSuccess: (data) => {
      queryClient.setQueryData<TOrganisationDefaults>(
        notificationKeys.organisationDefaults(organisation),
        data,
      );
      // The organisation's rules show in everyone's preferences, the admin's own included.
      void queryClient.invalidateQueries({ queryKey: notificationKeys.preferences() });
    },
    meta: {
      errorMessage: NOTIFICATION_MESSAGES.saveFailed,
      successMessage: 'Notification defaults saved.',
    },
  });
}
