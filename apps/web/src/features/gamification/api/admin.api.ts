import { gamificationOps as ops, type TLevelCreate, type TLevelUpdate } from '@atrium/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type BodyOf, call } from '../../../shared/api/call.ts';
import { uploadImage } from '../../../shared/api/images.ts';
import { gamificationKeys } from './gamification.api.ts';

/* The admins' side: point rules and levels. A change refreshes every board (levels show there). */

export const rulesKey = ['gamification', 'rules'] as const;

export function usePointRules(enabled: boolean) {
  return useQuery({
    queryKey: rulesKey,
    queryFn: ({ signal }) => call(ops.rules, { signal }),
    enabled,
  });
}

/** The form shows the server's field errors itself. */
export function useSavePointRules() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: BodyOf<typeof ops.saveRules>) => call(ops.saveRules, { body }),
    onSuccess: (rules) => queryClient.setQueryData(rulesKey, rules),
    meta: { successMessage: 'Point rules saved.' },
  });
}

export function useLevels() {
  return useQuery({
    queryKey: gamificationKeys.levels,
    queryFn: ({ signal }) => call(ops.levels, { signal }),
  });
}

/** What the level form sends: its fields, and a new image file to upload first (or removal). */
export interface LevelSave {
  id: number | null;
  fields: Omit<TLevelCreate, 'image'>;
  image: { file: File | null; remove: boolean };
}

/**
 * Saves a level: a new image goes to the image store first (the level keeps its uuid), then the
 * level is created or changed.
 */
export function useSaveLevel() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, fields, image }: LevelSave) => {
      const uploaded = image.file ? (await uploadImage(image.file, () => {})).uuid : undefined;
      if (id === null) {
        return call(ops.createLevel, { body: { ...fields, image: uploaded ?? null } });
      }
      const body: TLevelUpdate = { ...fields };
      if (uploaded) body.image = uploaded;
      else if (image.remove) body.image = null;
      return call(ops.updateLevel, { params: { id }, body });
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: gamificationKeys.all }),
    meta: { successMessage: 'Level saved.' },
  });
}

export function useRemoveLevel() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => call(ops.removeLevel, { params: { id } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: gamificationKeys.all }),
    meta: { successMessage: 'Level deleted.', errorMessage: 'The level could not be deleted.' },
  });
}
