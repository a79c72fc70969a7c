import { classroomMeetingOps as ops } from '@atrium/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type BodyOf, call } from '../../../shared/api/call.ts';
import { CLASSROOM_MESSAGES } from '../labels.ts';
import { classroomKeys } from './classrooms.api.ts';

/** The join address of an online session (the video-conference token request). */
export function useJoinMeeting() {
  return useMutation({
    mutationFn: (key: string) => call(ops.token, { body: { key } }),
    meta: { errorMessage: CLASSROOM_MESSAGES.postFailed },
  });
}

/** What /end-meet/{uuid} shows. */
export function useMeetingEnd(uuid: string) {
  return useQuery({
    queryKey: [...classroomKeys.all, 'meeting-end', uuid],
    queryFn: ({ signal }) => call(ops.end, { params: { uuid }, signal }),
    enabled: uuid !== '',
  });
}

const settingsKey = [...classroomKeys.all, 'meeting-settings'] as const;

/** The organisation's meeting provider (admins only); the secret itself never comes back. */
export function useMeetingSettings(enabled = true) {
  return useQuery({
    queryKey: settingsKey,
    queryFn: ({ signal }) => call(ops.settings, { signal }),
    enabled,
  });
}

/** The dialog shows the server's field errors itself: no error snackbar. */
export function useSaveMeetingSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: BodyOf<typeof ops.saveSettings>) => call(ops.saveSettings, { body }),
    onSuccess: (saved) => queryClient.setQueryData(settingsKey, saved),
    meta: { successMessage: 'Meeting settings saved.' },
  });
}
