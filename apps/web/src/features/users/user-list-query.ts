import {
  ROLE,
  ROLE_NAMES,
  type TRoleId,
  type TUserAbilities,
  type TUserListQuery,
  type TUserRow,
  type USER_STATUSES,
} from '@atrium/contract';

export type UserStatus = (typeof USER_STATUSES)[number];
export type Ordering = NonNullable<TUserListQuery['ordering']>;
export type SortColumn = 'name' | 'username' | 'date_joined' | 'last_login';

/** What the user list's controls hold; '' means "any". */
export interface UserListState {
  search: string;
  role: '' | TRoleId;
  department: number | null;
  status: '' | UserStatus;
  ordering: Ordering;
  /** 0-based, as MUI's pagination counts. */
  page: number;
  pageSize: number;
}

export const DEFAULT_ORDERING: Ordering = '-date_joined';
export const PAGE_SIZES = [10, 25, 50, 100] as const;

export const INITIAL_LIST_STATE: UserListState = {
  search: '',
  role: '',
  department: null,
  status: '',
  ordering: DEFAULT_ORDERING,
  page: 0,
  pageSize: 25,
};

/** The filters as get-users/ (and its export) take them: empty ones left out. */
export function filterQuery(state: Omit<UserListState, 'page' | 'pageSize'>) {
  const search = state.search.trim();
  return {
    search: search === '' ? undefined : search,
    role: state.role === '' ? undefined : String(state.role),
    department: state.department ?? undefined,
    status: state.status === '' ? undefined : state.status,
    ordering: state.ordering,
  };
}

export function listQuery(state: UserListState) {
  return { ...filterQuery(state), page: state.page + 1, page_size: state.pageSize };
}

/** Dates sort newest first on the first click, names A to Z; a second click turns it round. */
export function toggleOrdering(current: Ordering, column: SortColumn): Ordering {
  if (current === column) return `-${column}` as Ordering;
  if (current === `-${column}`) return column;
  return column === 'date_joined' || column === 'last_login' ? `-${column}` : column;
}

export function sortDirection(current: Ordering, column: SortColumn): 'asc' | 'desc' | false {
  if (current === column) return 'asc';
  if (current === `-${column}`) return 'desc';
  return false;
}

export const STATUS_LABELS: Record<
  UserStatus,
  { label: string; color: 'success' | 'default' | 'warning' | 'error' }
> = {
  active: { label: 'Active', color: 'success' },
  inactive: { label: 'Inactive', color: 'default' },
  pending: { label: 'Pending', color: 'warning' },
  rejected: { label: 'Rejected', color: 'error' },
};

/** Spec §6: the trainer role is called Manager in the side panel; the list says both. */
export function roleLabel(roleId: number): string {
  if (roleId === ROLE.TRAINER) return 'Trainer (Manager)';
  return ROLE_NAMES[roleId as TRoleId] ?? `Role ${roleId}`;
}

const ALL_ROLES = Object.values(ROLE) as TRoleId[];

/** Nobody grants a role above their own (lower id = more power); a superadmin grants any. */
export function grantableRoles(callerRoleId: number): TRoleId[] {
  if (callerRoleId === ROLE.SUPERADMIN) return ALL_ROLES;
  return ALL_ROLES.filter((role) => role >= callerRoleId);
}

/** Roles the list can be filtered by: those that exist below the caller, or all for a superadmin. */
export function filterableRoles(callerRoleId: number): TRoleId[] {
  return callerRoleId === ROLE.SUPERADMIN
    ? ALL_ROLES
    : ALL_ROLES.filter((r) => r !== ROLE.SUPERADMIN);
}

export type UserAction =
  | 'approve'
  | 'reject'
  | 'activate'
  | 'deactivate'
  | 'change_role'
  | 'permissions'
  | 'remove';

/** The ability of a row (the server's users policy) each action needs. */
const NEEDS: Record<UserAction, keyof TUserAbilities> = {
  approve: 'approve',
  reject: 'reject',
  activate: 'activate',
  deactivate: 'deactivate',
  change_role: 'change_role',
  permissions: 'edit_permissions',
  remove: 'delete',
};

/**
 * The actions to offer on a user of the list: those the user's status makes sense of, among
 * those the server says the caller may take (the row's abilities).
 */
export function availableActions(row: Pick<TUserRow, 'status' | 'abilities'>): UserAction[] {
  const byStatus: Record<UserStatus, UserAction[]> = {
    pending: ['approve', 'reject'],
    rejected: ['approve'],
    active: ['deactivate'],
    inactive: ['activate'],
  };
  const offered: UserAction[] = [...byStatus[row.status], 'change_role', 'permissions', 'remove'];
  return offered.filter((action) => row.abilities[NEEDS[action]]);
}
