import { type TVideoShareCreate, videoShareOps } from '@atrium/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../shared/api/call.ts';

export const videoShareKeys = {
  list: (fileId: number) => ['video', 'shares', fileId] as const,
  shared: (token: string) => ['video', 'shared', token] as const,
};

/** A video's public share links (of the courses the caller manages). */
export function useVideoShares(fileId: number, enabled = true) {
  return useQuery({
    queryKey: videoShareKeys.list(fileId),
    queryFn: ({ signal }) => call(videoShareOps.shareList, { params: { id: fileId }, signal }),
    enabled,
  });
}

/** Makes a link; its token comes back this once, so the caller keeps the answer to show it. */
export function useCreateVideoShare(fileId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TVideoShareCreate) =>
      call(videoShareOps.shareCreate, { params: { id: fileId }, body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: videoShareKeys.list(fileId) }),
    meta: { errorMessage: 'Could not create the share link' },
  });
}

export function useRevokeVideoShare(fileId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (shareId: number) => call(videoShareOps.shareRevoke, { params: { id: shareId } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: videoShareKeys.list(fileId) }),
    meta: {
      errorMessage: 'Could not revoke the share link',
      successMessage: 'The link no longer plays.',
    },
  });
}

/** A shared video, signed out: refused links (404) are not worth retrying. */
export function useSharedVideo(token: string) {
  return useQuery({
    queryKey: videoShareKeys.shared(token),
    queryFn: ({ signal }) => call(videoShareOps.shared, { params: { token }, signal }),
    retry: false,
  });
}
