import {
  structurePaths,
  type TDepartment,
  type TDesignation,
  type TLocation,
  ZDepartment,
  ZDesignation,
  ZLocation,
} from '@atrium/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '../../../shared/api/client.ts';
import { fillPath } from '../../../shared/api/paths.ts';
import { MESSAGES } from '../../../shared/notify/messages.ts';
import { organisationAdminKeys } from './organisations.api.ts';

export const structureKeys = {
  all: ['structure'] as const,
  departments: (organisationId: number) => ['structure', 'departments', organisationId] as const,
  children: (kind: ChildKind, departmentId: number) => ['structure', kind, departmentId] as const,
};

/** The two kinds of things a department holds. */
export type ChildKind = 'designation' | 'location';
export type ChildOf<K extends ChildKind> = K extends 'designation' ? TDesignation : TLocation;

const CHILD = {
  designation: {
    list: structurePaths.designationsByDepartment,
    create: structurePaths.designations,
    item: structurePaths.designation,
    schema: ZDesignation,
  },
  location: {
    list: structurePaths.locationsByDepartment,
    create: structurePaths.locations,
    item: structurePaths.location,
    schema: ZLocation,
  },
} as const;

/** A department's lists: every signed-in member of the organisation may read them. */
export function useDepartments(organisationId: number | null | undefined) {
  return useQuery({
    queryKey: structureKeys.departments(organisationId ?? 0),
    queryFn: ({ signal }) =>
      api.get(fillPath(structurePaths.departmentsByOrganisation, { org: organisationId ?? 0 }), {
        schema: z.array(ZDepartment),
        signal,
      }),
    enabled: Boolean(organisationId),
    meta: { errorMessage: MESSAGES.listFailed },
  });
}

export function useDepartmentChildren<K extends ChildKind>(
  kind: K,
  departmentId: number | null | undefined,
) {
  return useQuery({
    queryKey: structureKeys.children(kind, departmentId ?? 0),
    queryFn: ({ signal }) =>
      api.get(fillPath(CHILD[kind].list, { id: departmentId ?? 0 }), {
        schema: z.array(CHILD[kind].schema) as unknown as z.ZodType<ChildOf<K>[]>,
        signal,
      }),
    enabled: Boolean(departmentId),
    meta: { errorMessage: MESSAGES.listFailed },
  });
}

/** Counts shown beside departments and organisations change with every structure edit. */
function useRefreshStructure() {
  const queryClient = useQueryClient();
  return () => {
    void queryClient.invalidateQueries({ queryKey: structureKeys.all });
    void queryClient.invalidateQueries({ queryKey: organisationAdminKeys.all });
  };
}

export function useDepartmentMutations(organisationId: number) {
  const refresh = useRefreshStructure();
  const create = useMutation({
    mutationFn: (name: string) =>
      api.post(
        structurePaths.departments,
        { organization: organisationId, name },
        { schema: ZDepartment },
      ),
    onSuccess: refresh,
    meta: { errorMessage: MESSAGES.postFailed, successMessage: 'Department added.' },
  });
  const rename = useMutation({
    mutationFn: ({ id, name }: { id: number; name: string }) =>
      api.patch(fillPath(structurePaths.department, { id }), { name }, { schema: ZDepartment }),
    onSuccess: refresh,
    meta: { errorMessage: MESSAGES.updateFailed, successMessage: 'Department renamed.' },
  });
  const remove = useMutation({
    mutationFn: (department: TDepartment) =>
      api.delete(fillPath(structurePaths.department, { id: department.id })),
    onSuccess: refresh,
    meta: { errorMessage: MESSAGES.deleteFailed, successMessage: 'Department deleted.' },
  });
  return { create, rename, remove };
}

const LABEL: Record<ChildKind, string> = { designation: 'Designation', location: 'Location' };

export function useChildMutations(kind: ChildKind, departmentId: number) {
  const refresh = useRefreshStructure();
  const { create: createPath, item } = CHILD[kind];
  const create = useMutation({
    mutationFn: (name: string) => api.post(createPath, { department: departmentId, name }),
    onSuccess: refresh,
    meta: { errorMessage: MESSAGES.postFailed, successMessage: `${LABEL[kind]} added.` },
  });
  const rename = useMutation({
    mutationFn: ({ id, name }: { id: number; name: string }) =>
      api.patch(fillPath(item, { id }), { name }),
    onSuccess: refresh,
    meta: { errorMessage: MESSAGES.updateFailed, successMessage: `${LABEL[kind]} renamed.` },
  });
  const remove = useMutation({
    mutationFn: (id: number) => api.delete(fillPath(item, { id })),
    onSuccess: refresh,
    meta: { errorMessage: MESSAGES.deleteFailed, successMessage: `${LABEL[kind]} deleted.` },
  });
  return { create, rename, remove };
}
