import { describe, expect, it } from 'vitest';
import { ME, rowsOf } from '../../../test/policy-table.ts';
import { canEditEntry, canManageGoal, canReadEntry, sharedScope } from './journals.policy.ts';

/*
 * Journals' rules over role × ownership × organisation. An entry or goal is its author's; a shared
 * entry is also read by the organisation's admins (superadmins anywhere) and by the trainers of
 * its linked course or session, in its organisation; a private one by nobody else.
 */

const table = (rule: (role: string, own: boolean, sameOrg: boolean) => boolean) =>
  Object.fromEntries(
    ['superadmin', 'admin', 'trainer', 'learner'].flatMap((role) =>
      [true, false].flatMap((own) =>
        [true, false].map((same) => [
          `${role} ${own ? 'own' : "other's"} ${same ? 'same' : 'other'} org`,
          rule(role, own, same),
        ]),
      ),
    ),
  ) as Record<string, boolean>;

const OWNER = table((_role, own, same) => own && same);
const ADMINS = (role: string, same: boolean) => role === 'superadmin' || (role === 'admin' && same);
const READ_SHARED_TRAINED = table(
  (role, own, same) => (own && same) || ADMINS(role, same) || (role === 'trainer' && same),
);
const READ_SHARED_UNTRAINED = table((role, own, same) => (own && same) || ADMINS(role, same));

const entry = (
  c: { ownerId: number; organisationId: number },
  visibility: 'private' | 'shared_with_trainer',
  trainerIds: number[] = [],
) => ({ userId: c.ownerId, organisationId: c.organisationId, visibility, trainerIds });

describe('journals policy', () => {
  it.each(rowsOf(OWNER).map(([c, row]) => [c.name, c, row] as const))(
    'read a private entry (even as its trainer): %s',
    (_n, c, row) => {
      expect(canReadEntry(c.actor, entry(c, 'private', [ME]))).toBe(row);
    },
  );
  it.each(rowsOf(READ_SHARED_TRAINED).map(([c, row]) => [c.name, c, row] as const))(
    'read a shared entry of a course or session the caller trains: %s',
    (_n, c, row) => {
      expect(canReadEntry(c.actor, entry(c, 'shared_with_trainer', [ME]))).toBe(row);
    },
  );
  it.each(rowsOf(READ_SHARED_UNTRAINED).map(([c, row]) => [c.name, c, row] as const))(
    'read a shared entry of someone else’s course: %s',
    (_n, c, row) => {
      expect(canReadEntry(c.actor, entry(c, 'shared_with_trainer', [ME + 100]))).toBe(row);
    },
  );
  it.each(rowsOf(OWNER).map(([c, row]) => [c.name, c, row] as const))(
    'edit or delete an entry (shared or not): %s',
    (_n, c, row) => {
      expect(canEditEntry(c.actor, entry(c, 'shared_with_trainer', [ME]))).toBe(row);
    },
  );
  it.each(rowsOf(OWNER).map(([c, row]) => [c.name, c, row] as const))(
    'read, edit or delete a goal: %s',
    (_n, c, row) => {
      expect(canManageGoal(c.actor, { userId: c.ownerId, organisationId: c.organisationId })).toBe(
        row,
      );
    },
  );
  it('scopes the shared list: admins the organisation, trainers their links, others nothing', () => {
    const c = rowsOf(OWNER).map(([x]) => x);
    const scopeOf = (role: string) => sharedScope(c.find((x) => x.role === role)!.actor);
    expect(scopeOf('superadmin')).toBe('organisation');
    expect(scopeOf('admin')).toBe('organisation');
    expect(scopeOf('trainer')).toBe('trainer');
    expect(scopeOf('learner')).toBe('none');
  });
});
