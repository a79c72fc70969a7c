import { badgeOps as ops, type TBadgeManualAward } from '@atrium/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../shared/api/call.ts';
import type { UploadProgress } from '../../../shared/api/upload.ts';

/*
 * Badges: under the gamification key tree, so a live award refreshes boards, galleries and lists
 * together.
 */
export const badgeKeys = {
  all: ['gamification', 'badges'] as const,
  list: (query: object) => ['gamification', 'badges', 'list', query] as const,
  awards: (query: object) => ['gamification', 'badges', 'awards', query] as const,
  gallery: (userId: number) => ['gamification', 'badges', 'gallery', userId] as const,
};

export interface BadgeListQuery {
  page: number;
  page_size: number;
  query?: string;
}

export function useBadges(query: BadgeListQuery) {
  return useQuery({
    queryKey: badgeKeys.list(query),
    queryFn: ({ signal }) => call(ops.list, { query, signal }),
    placeholderData: keepPreviousData,
  });
}

export function useBadgeAwards(query: {
  page: number;
  page_size: number;
  badge_id?: number;
  revoked?: 'true';
}) {
  return useQuery({
    queryKey: badgeKeys.awards(query),
    queryFn: ({ signal }) => call(ops.awards, { query, signal }),
    placeholderData: keepPreviousData,
  });
}

export function useBadgeGallery(userId: number, enabled = true) {
  return useQuery({
    queryKey: badgeKeys.gallery(userId),
    queryFn: ({ signal }) => call(ops.gallery, { params: { id: userId }, signal }),
    enabled: enabled && userId > 0,
  });
}

/** Create (no id) or change a badge; the form's image rides along, with upload progress. */
export function useSaveBadge(onProgress?: (p: UploadProgress) => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, form }: { id?: number; form: FormData }) =>
      id === undefined
        ? call(ops.create, { body: form, onProgress })
        : call(ops.update, { params: { id }, body: form, onProgress }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: badgeKeys.all }),
    meta: { successMessage: 'Badge saved.' },
  });
}

export function useToggleBadge() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, active }: { id: number; active: boolean }) =>
      call(ops.update, { params: { id }, body: { active } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: badgeKeys.all }),
    meta: { errorMessage: '' },
  });
}

export function useRemoveBadge() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => call(ops.remove, { params: { id } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: badgeKeys.all }),
    meta: { successMessage: 'Badge deleted.', errorMessage: '' },
  });
}

export function useAwardBadge() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: TBadgeManualAward }) =>
      call(ops.award, { params: { id }, body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: badgeKeys.all }),
  });
}

export function useRevokeAward() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, reason }: { id: number; reason: string }) =>
      call(ops.revoke, { params: { id }, body: { reason } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: badgeKeys.all }),
    meta: { successMessage: 'Award revoked.' },
  });
}

export { type Pick, type PickKind, usePickSearch } from '../../../shared/api/pick-search.ts';
