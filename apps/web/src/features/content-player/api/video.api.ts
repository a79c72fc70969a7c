import { type TVideoStatus, videoOps } from '@atrium/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../shared/api/call.ts';

export const videoKeys = {
  status: (fileId: number) => ['video', 'status', fileId] as const,
};

/** How often the status is asked again while a transcode is queued or running. */
export const VIDEO_POLL_MS = 2000;

export const isTranscoding = (status: TVideoStatus | undefined) =>
  status?.status === 'queued' || status?.status === 'running';

/** A video's transcode status, polled while it is still being prepared. */
export function useVideoStatus(fileId: number) {
  return useQuery({
    queryKey: videoKeys.status(fileId),
    queryFn: ({ signal }) => call(videoOps.status, { params: { id: fileId }, signal }),
    refetchInterval: (query) => (isTranscoding(query.state.data) ? VIDEO_POLL_MS : false),
    meta: { errorMessage: 'Could not get course module' },
  });
}

/** Authors queue a failed transcode again. */
export function useRetryTranscode(fileId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => call(videoOps.retry, { params: { id: fileId } }),
    onSuccess: (status) => queryClient.setQueryData(videoKeys.status(fileId), status),
    meta: { errorMessage: 'Could not post data', successMessage: 'The video is queued again.' },
  });
}
