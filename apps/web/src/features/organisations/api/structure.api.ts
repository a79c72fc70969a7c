import {
  organisationOps as ops,
  type TDepartment,
  type TDepartmentUpdate,
  type TDesignation,
  type TLocation,
  userOps,
} from '@atrium/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../shared/api/call.ts';
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

/** Each kind's operations, so the hooks below serve both kinds. */
const CHILD = {
  designation: {
    list: (id: number, signal: AbortSignal) => call(ops.designationsOf, { params: { id }, signal }),
    create: (department: number, name: string) =>
      call(ops.designationCreate, { body: { department, name } }),
    rename: (id: number, name: string) =>
      call(ops.designationUpdate, { params: { id }, body: { name } }),
    remove: (id: number) => call(ops.designationRemove, { params: { id } }),
  },
  location: {
    list: (id: number, signal: AbortSignal) => call(ops.locationsOf, { params: { id }, signal }),
    create: (department: number, name: string) =>
      call(ops.locationCreate, { body: { department, name } }),
    rename: (id: number, name: string) =>
      call(ops.locationUpdate, { params: { id }, body: { name } }),
    remove: (id: number) => call(ops.locationRemove, { params: { id } }),
  },
};

/** A department's lists: every signed-in member of the organisation may read them. */
export function useDepartments(organisationId: number | null | undefined) {
  return useQuery({
    queryKey: structureKeys.departments(organisationId ?? 0),
    queryFn: ({ signal }) =>
      call(ops.departmentsOf, { params: { org: organisationId ?? 0 }, signal }),
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
    queryFn: ({ signal }) => CHILD[kind].list(departmentId ?? 0, signal) as Promise<ChildOf<K>[]>,
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
      call(ops.departmentCreate, { body: { organization: organisationId, name } }),
    onSuccess: refresh,
    meta: { errorMessage: MESSAGES.postFailed, successMessage: 'Department added.' },
  });
  const update = useMutation({
    mutationFn: ({ id, changes }: { id: number; changes: TDepartmentUpdate }) =>
      call(ops.departmentRename, { params: { id }, body: changes }),
    onSuccess: refresh,
    meta: { errorMessage: MESSAGES.updateFailed, successMessage: 'Department saved.' },
  });
  const remove = useMutation({
    mutationFn: (department: TDepartment) =>
      call(ops.departmentRemove, { params: { id: department.id } }),
    onSuccess: refresh,
    meta: { errorMessage: MESSAGES.deleteFailed, successMessage: 'Department deleted.' },
  });
  return { create, update, remove };
}

/**
 * Who may head a department: the organisation's active users, searched by the server (name, user
 * name or e-mail), the first 20 by name. The organisation is named so a superadmin editing
 * another organisation's structure sees that organisation's people.
 */
export function useHeadCandidates(organisationId: number, search: string, enabled: boolean) {
  const query = {
    organization: organisationId,
    status: 'active' as const,
    search: search.trim() || undefined,
    ordering: 'name' as const,
    page_size: 20,
  };
  return useQuery({
    queryKey: ['structure', 'head-candidates', query],
    queryFn: ({ signal }) => call(userOps.list, { query, signal }),
    placeholderData: keepPreviousData,
    enabled,
  });
}

const LABEL: Record<ChildKind, string> = { designation: 'Designation', location: 'Location' };

export function useChildMutations(kind: ChildKind, departmentId: number) {
  const refresh = useRefreshStructure();
  const child = CHILD[kind];
  const create = useMutation({
    mutationFn: (name: string) => child.create(departmentId, name),
    onSuccess: refresh,
    meta: { errorMessage: MESSAGES.postFailed, successMessage: `${LABEL[kind]} added.` },
  });
  const rename = useMutation({
    mutationFn: ({ id, name }: { id: number; name: string }) => child.rename(id, name),
    onSuccess: refresh,
    meta: { errorMessage: MESSAGES.updateFailed, successMessage: `${LABEL[kind]} renamed.` },
  });
  const remove = useMutation({
    mutationFn: (id: number) => child.remove(id),
    onSuccess: refresh,
    meta: { errorMessage: MESSAGES.deleteFailed, successMessage: `${LABEL[kind]} deleted.` },
  });
  return { create, rename, remove };
}
