import { classroomMeetingOps as ops } from '@atrium/contract';
import { useMutation, useQuery } from '@tanstack/react-query';
import { call } from '../../../shared/api/call.ts';
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
