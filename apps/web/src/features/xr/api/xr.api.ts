import { xrOps as ops, type TXrHotspotInput } from '@atrium/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../shared/api/call.ts';
import type { UploadProgress } from '../../../shared/api/upload.ts';
import { courseKeys } from '../../catalogue/index.ts';

export const XR_PAGE_SIZE = 12;

export const xrKeys = {
  all: ['xr'] as const,
  list: (page: number) => ['xr', 'scenes', page] as const,
  scene: (id: number) => ['xr', 'scene', id] as const,
  play: (moduleFileId: number) => ['xr', 'play', moduleFileId] as const,
};

export function useScenes(page: number, enabled = true) {
  return useQuery({
    queryKey: xrKeys.list(page),
    queryFn: ({ signal }) =>
      call(ops.listScenes, { query: { page, page_size: XR_PAGE_SIZE }, signal }),
    placeholderData: keepPreviousData,
    enabled,
  });
}

export function useScene(id: number) {
  return useQuery({
    queryKey: xrKeys.scene(id),
    queryFn: ({ signal }) => call(ops.getScene, { params: { id }, signal }),
  });
}

export function useCreateScene() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (a: { title: string; file: File; onProgress: (p: UploadProgress) => void }) => {
      const body = new FormData();
      body.append('title', a.title);
      body.append('asset', a.file);
      return call(ops.createScene, { body, onProgress: a.onProgress });
    },
    onSuccess: () => client.invalidateQueries({ queryKey: xrKeys.all }),
  });
}

export function useRenameScene(id: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (title: string) => call(ops.renameScene, { params: { id }, body: { title } }),
    onSuccess: () => client.invalidateQueries({ queryKey: xrKeys.all }),
  });
}

export function useDeleteScene() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => call(ops.deleteScene, { params: { id } }),
    onSuccess: () => client.invalidateQueries({ queryKey: xrKeys.all }),
  });
}

export function useHotspotMutations(sceneId: number) {
  const client = useQueryClient();
  const refresh = () => client.invalidateQueries({ queryKey: xrKeys.all });
  return {
    add: useMutation({
      mutationFn: (body: TXrHotspotInput) =>
        call(ops.addHotspot, { params: { id: sceneId }, body }),
      onSuccess: refresh,
    }),
    edit: useMutation({
      mutationFn: (a: { id: number; title: string; text: string }) =>
        call(ops.editHotspot, { params: { id: a.id }, body: { title: a.title, text: a.text } }),
      onSuccess: refresh,
    }),
    remove: useMutation({
      mutationFn: (id: number) => call(ops.deleteHotspot, { params: { id } }),
      onSuccess: refresh,
    }),
  };
}

export function usePlay(moduleFileId: number) {
  return useQuery({
    queryKey: xrKeys.play(moduleFileId),
    queryFn: ({ signal }) => call(ops.play, { params: { id: moduleFileId }, signal }),
  });
}

export function useVisit(moduleFileId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (hotspot: number) =>
      call(ops.visit, { params: { id: moduleFileId }, body: { hotspot } }),
    onSuccess: (result) => {
      client.setQueryData(xrKeys.play(moduleFileId), (old: unknown) =>
        old && typeof old === 'object'
          ? { ...old, visited: result.visited, completed: result.completed }
          : old,
      );
      // The course's progress (the module list's ticks, the completion) moved on the server.
      void client.invalidateQueries({ queryKey: courseKeys.progressAll });
    },
  });
}
