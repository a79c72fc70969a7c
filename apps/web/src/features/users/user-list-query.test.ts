import { describe, expect, it } from 'vitest';
import {
  availableActions,
  grantableRoles,
  INITIAL_LIST_STATE,
  listQuery,
  roleLabel,
  sortDirection,
  toggleOrdering,
} from './user-list-query.ts';

describe('listQuery', () => {
  it('sends page 1-based and leaves empty filters out', () => {
    expect(listQuery(INITIAL_LIST_STATE)).toEqual({
      search: undefined,
      role: undefined,
      department: undefined,
      status: undefined,
      ordering: '-date_joined',
      page: 1,
      page_size: 25,
    });
  });

  it('trims the search and sends the chosen filters', () => {
    expect(
      listQuery({
        ...INITIAL_LIST_STATE,
        search: '  lena ',
        role: 4,
        department: 7,
        status: 'pending',
        page: 2,
      }),
    ).toMatchObject({ search: 'lena', role: '4', department: 7, status: 'pending', page: 3 });
  });
});

describe('toggleOrdering', () => {
  it('starts names A to Z and dates newest first, then turns round', () => {
    expect(toggleOrdering('-date_joined', 'name')).toBe('name');
    expect(toggleOrdering('name', 'name')).toBe('-name');
    expect(toggleOrdering('-name', 'name')).toBe('name');
    expect(toggleOrdering('name', 'last_login')).toBe('-last_login');
    expect(toggleOrdering('-last_login', 'last_login')).toBe('last_login');
  });

  it('tells the direction of a column', () => {
    expect(sortDirection('-date_joined', 'date_joined')).toBe('desc');
    expect(sortDirection('username', 'username')).toBe('asc');
    expect(sortDirection('username', 'name')).toBe(false);
  });
});

describe('roles', () => {
  it('lets nobody grant a role above their own', () => {
    expect(grantableRoles(1)).toEqual([1, 2, 3, 4, 5]);
    expect(grantableRoles(2)).toEqual([2, 3, 4, 5]);
    expect(grantableRoles(3)).toEqual([3, 4, 5]);
  });

  it('labels the trainer role as Manager too (spec §6)', () => {
    expect(roleLabel(3)).toBe('Trainer (Manager)');
    expect(roleLabel(4)).toBe('Learner');
  });
});

describe('availableActions', () => {
  /** A row as the server answers it: whether the caller administers the user (users policy). */
  const row = (status: 'active' | 'inactive' | 'pending' | 'rejected', administers = true) => ({
    status,
    abilities: {
      approve: administers,
      reject: administers,
      activate: administers,
      deactivate: administers,
      change_role: administers,
      edit_permissions: administers,
      delete: administers,
    },
  });

  it('offers what the status allows plus role, menu and removal', () => {
    expect(availableActions(row('pending'))).toEqual([
      'approve',
      'reject',
      'change_role',
      'permissions',
      'remove',
    ]);
    expect(availableActions(row('active'))[0]).toBe('deactivate');
    expect(availableActions(row('inactive'))[0]).toBe('activate');
    expect(availableActions(row('rejected'))[0]).toBe('approve');
  });

  it('offers nothing the server refuses: on yourself, or an admin on an equal or higher role', () => {
    expect(availableActions(row('active', false))).toEqual([]);
    expect(availableActions(row('pending', false))).toEqual([]);
  });

  it('offers each action by its own ability', () => {
    // A superadmin on their own row: the menu, nothing that would lock them out.
    const own = {
      ...row('active', false),
      abilities: { ...row('active', false).abilities, edit_permissions: true },
    };
    expect(availableActions(own)).toEqual(['permissions']);
  });
});
