import {
  profileOps as ops,
  type TAdditionalInfoCreate,
  type TAdditionalInfoUpdate,
  type TAddressCreate,
  type TAddressUpdate,
  type TEducationBulkCreate,
  type TEducationCreate,
  type TEducationUpdate,
  type TProfessionalInfoCreate,
  type TProfessionalInfoUpdate,
  type TProfileUpdate,
  type TSocialMediaCreate,
  type TSocialMediaUpdate,
} from '@atrium/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../shared/api/call.ts';
import type { UploadProgress } from '../../../shared/api/upload.ts';
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
    queryFn: ({ signal }) => call(ops.details, { params: { id: userId ?? 0 }, signal }),
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
    mutationFn: (body: TProfileUpdate) => call(ops.update, { params: { id: userId }, body }),
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
      return call(ops.replaceImage, { params: { id: userId }, body: form, onProgress });
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
/*
 * The section forms send the fields they changed, checked by their own schemas, as plain records;
 * here each is typed as its section's body (the server validates it against the same contract).
 */
const SECTIONS: Record<
  SectionKey,
  {
    create: (body: Record<string, unknown>) => Promise<unknown>;
    update: (id: number, body: Record<string, unknown>) => Promise<unknown>;
    label: string;
  }
> = {
  education: {
    create: (body) => call(ops.educationCreate, { body: body as TEducationCreate }),
    update: (id, body) =>
      call(ops.educationUpdate, { params: { id }, body: body as TEducationUpdate }),
    label: 'Education',
  },
  professionalInfo: {
    create: (body) => call(ops.professionalInfoCreate, { body: body as TProfessionalInfoCreate }),
    update: (id, body) =>
      call(ops.professionalInfoUpdate, { params: { id }, body: body as TProfessionalInfoUpdate }),
    label: 'Work experience',
  },
  address: {
    create: (body) => call(ops.addressCreate, { body: body as TAddressCreate }),
    update: (id, body) => call(ops.addressUpdate, { params: { id }, body: body as TAddressUpdate }),
    label: 'Address',
  },
  additionalInfo: {
    create: (body) => call(ops.additionalInfoCreate, { body: body as TAdditionalInfoCreate }),
    update: (id, body) =>
      call(ops.additionalInfoUpdate, { params: { id }, body: body as TAdditionalInfoUpdate }),
    label: 'Additional info',
  },
  socialMedia: {
    create: (body) => call(ops.socialMediaCreate, { body: body as TSocialMediaCreate }),
    update: (id, body) =>
      call(ops.socialMediaUpdate, { params: { id }, body: body as TSocialMediaUpdate }),
    label: 'Social links',
  },
};

/**
 * Saves a section: `id` null creates it (for someone else, naming them as `user`), otherwise it
 * changes the existing one.
 */
export function useSaveSection(section: SectionKey, userId: number, own: boolean) {
  const refresh = useRefreshProfile(userId);
  const calls = SECTIONS[section];
  return useMutation({
    mutationFn: ({ id, body }: { id: number | null; body: Record<string, unknown> }) =>
      id === null ? calls.create(own ? body : { ...body, user: userId }) : calls.update(id, body),
    onSuccess: refresh,
    meta: { errorMessage: MESSAGES.postFailed, successMessage: `${calls.label} saved.` },
  });
}

export function useDeleteEducation(userId: number) {
  const refresh = useRefreshProfile(userId);
  return useMutation({
    mutationFn: (id: number) => call(ops.educationRemove, { params: { id } }),
    onSuccess: refresh,
    meta: { errorMessage: MESSAGES.deleteFailed, successMessage: 'Education entry deleted.' },
  });
}

export function useBulkEducation(userId: number, own: boolean) {
  const refresh = useRefreshProfile(userId);
  return useMutation({
    mutationFn: (entries: Record<string, unknown>[]) =>
      call(ops.educationBulkCreate, {
        body: (own
          ? entries
          : entries.map((entry) => ({ ...entry, user: userId }))) as TEducationBulkCreate,
      }),
    onSuccess: refresh,
    meta: { errorMessage: MESSAGES.postFailed, successMessage: 'Education entries added.' },
  });
}

const LIST_STALE = 60 * 60_000;

export function useGenders() {
  return useQuery({
    queryKey: profileKeys.list('genders'),
    queryFn: ({ signal }) => call(ops.genders, { signal }),
    staleTime: LIST_STALE,
    meta: { errorMessage: MESSAGES.generalInfoFailed },
  });
}

export function useLanguages() {
  return useQuery({
    queryKey: profileKeys.list('languages'),
    queryFn: ({ signal }) => call(ops.languages, { signal }),
    staleTime: LIST_STALE,
    meta: { errorMessage: MESSAGES.generalInfoFailed },
  });
}

export function useSkills(search: string) {
  return useQuery({
    queryKey: profileKeys.skills(search),
    queryFn: ({ signal }) => call(ops.skills, { query: { search: search || undefined }, signal }),
    staleTime: 5 * 60_000,
  });
}
