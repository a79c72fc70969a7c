import {
  profilePaths,
  type TProfileUpdate,
  ZChoiceList,
  ZEducationList,
  ZProfileDetails,
  ZProfileImage,
} from '@atrium/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../shared/api/client.ts';
import { fillPath } from '../../../shared/api/paths.ts';
import { type UploadProgress, uploadWithProgress } from '../../../shared/api/upload.ts';
import { MESSAGES } from '../../../shared/notify/messages.ts';

export const profileKeys = {
  all: ['profiles'] as const,
  detail: (userId: number) => ['profiles', 'detail', userId] as const,
  list: (name: 'genders' | 'languages') => ['profiles', 'list', name] as const,
  skills: (search: string) => ['profiles', 'skills', search] as const,
};

export function useProfile(userId: number | null) {
  return useQuery({
    queryKey: profileKeys.detail(userId ?? 0),
    queryFn: ({ signal }) =>
      api.get(fillPath(profilePaths.details, { id: userId ?? 0 }), {
        schema: ZProfileDetails,
        signal,
      }),
    enabled: userId !== null,
    meta: { errorMessage: MESSAGES.userDetailFailed },
  });
}

/** After any profile change: the profile, the user list (names, places), the session (names). */
export function useRefreshProfile(userId: number) {
  const queryClient = useQueryClient();
  return () => {
    void queryClient.invalidateQueries({ queryKey: profileKeys.detail(userId) });
    void queryClient.invalidateQueries({ queryKey: ['users'] });
    void queryClient.invalidateQueries({ queryKey: ['session'] });
  };
}

export function useUpdateBasics(userId: number) {
  const queryClient = useQueryClient();
  const refresh = useRefreshProfile(userId);
  return useMutation({
    mutationFn: (body: TProfileUpdate) =>
      api.patch(fillPath(profilePaths.update, { id: userId }), body, { schema: ZProfileDetails }),
    onSuccess: (profile) => {
      queryClient.setQueryData(profileKeys.detail(userId), profile);
      refresh();
    },
    meta: { errorMessage: MESSAGES.updateFailed, successMessage: 'Profile saved.' },
  });
}

export function useUploadPhoto(userId: number) {
  const refresh = useRefreshProfile(userId);
  return useMutation({
    mutationFn: ({ file, onProgress }: { file: File; onProgress: (p: UploadProgress) => void }) => {
      const form = new FormData();
      form.append('file', file, file.name);
      return uploadWithProgress(fillPath(profilePaths.image, { id: userId }), form, {
        method: 'PATCH',
        schema: ZProfileImage,
        onProgress,
      });
    },
    onSuccess: refresh,
    meta: { errorMessage: MESSAGES.updateFailed, successMessage: 'Photo updated.' },
  });
}

/** The sections of spec §7: POST to create, PATCH {id} to change; education DELETE {id} too. */
export type SectionKey =
  | 'education'
  | 'professionalInfo'
  | 'address'
  | 'additionalInfo'
  | 'socialMedia';
const SECTION_PATHS: Record<SectionKey, { list: string; item: string; label: string }> = {
  education: { list: profilePaths.education, item: profilePaths.educationItem, label: 'Education' },
  professionalInfo: {
    list: profilePaths.professionalInfo,
    item: profilePaths.professionalInfoItem,
    label: 'Work experience',
  },
  address: { list: profilePaths.address, item: profilePaths.addressItem, label: 'Address' },
  additionalInfo: {
    list: profilePaths.additionalInfo,
    item: profilePaths.additionalInfoItem,
    label: 'Additional info',
  },
  socialMedia: {
    list: profilePaths.socialMedia,
    item: profilePaths.socialMediaItem,
    label: 'Social links',
  },
};

/**
 * Saves a section: `id` null creates it (for someone else, naming them as `user`), otherwise it
 * changes the existing one.
 */
export function useSaveSection(section: SectionKey, userId: number, own: boolean) {
  const refresh = useRefreshProfile(userId);
  const paths = SECTION_PATHS[section];
  return useMutation({
    mutationFn: ({ id, body }: { id: number | null; body: Record<string, unknown> }) =>
      id === null
        ? api.post(paths.list, own ? body : { ...body, user: userId })
        : api.patch(fillPath(paths.item, { id }), body),
    onSuccess: refresh,
    meta: { errorMessage: MESSAGES.postFailed, successMessage: `${paths.label} saved.` },
  });
}

export function useDeleteEducation(userId: number) {
  const refresh = useRefreshProfile(userId);
  return useMutation({
    mutationFn: (id: number) => api.delete(fillPath(profilePaths.educationItem, { id })),
    onSuccess: refresh,
    meta: { errorMessage: MESSAGES.deleteFailed, successMessage: 'Education entry deleted.' },
  });
}

export function useBulkEducation(userId: number, own: boolean) {
  const refresh = useRefreshProfile(userId);
  return useMutation({
    mutationFn: (entries: Record<string, unknown>[]) =>
      api.post(
        profilePaths.educationBulk,
        own ? entries : entries.map((entry) => ({ ...entry, user: userId })),
        { schema: ZEducationList },
      ),
    onSuccess: refresh,
    meta: { errorMessage: MESSAGES.postFailed, successMessage: 'Education entries added.' },
  });
}

const LIST_STALE = 60 * 60_000;

export function useGenders() {
  return useQuery({
    queryKey: profileKeys.list('genders'),
    queryFn: ({ signal }) => api.get(profilePaths.genders, { schema: ZChoiceList, signal }),
    staleTime: LIST_STALE,
    meta: { errorMessage: MESSAGES.generalInfoFailed },
  });
}

export function useLanguages() {
  return useQuery({
    queryKey: profileKeys.list('languages'),
    queryFn: ({ signal }) => api.get(profilePaths.languages, { schema: ZChoiceList, signal }),
    staleTime: LIST_STALE,
    meta: { errorMessage: MESSAGES.generalInfoFailed },
  });
}

export function useSkills(search: string) {
  return useQuery({
    queryKey: profileKeys.skills(search),
    queryFn: ({ signal }) =>
      api.get(profilePaths.skills, {
        query: { search: search || undefined },
        schema: ZChoiceList,
        signal,
      }),
    staleTime: 5 * 60_000,
  });
}
