import { CLASSROOM_STATUSES, type TClassroomStatus } from '@atrium/contract';
import { describe, expect, it } from 'vitest';
import { actor, type Case, rowsOf } from '../../../test/policy-table.ts';
import {
  type ClassroomFacts,
  canBook,
  canCreateClassroom,
  canManageClassroom,
  canManageRooms,
  canSeeClassroom,
  canTakeAttendance,
  publishesDirectly,
  sessionAbilities,
} from './classrooms.policy.ts';

const classroom = (c: Case, status: TClassroomStatus): ClassroomFacts => ({
  organisationId: c.organisationId,
  createdBy: c.ownerId,
  status,
});

type ByStatus = [draft: 0 | 1, pending: 0 | 1, published: 0 | 1];

/** One row per case, one column per classroom status (draft, pending, published). */
function byStatus(
  rule: (c: Case, status: TClassroomStatus) => boolean,
  table: Record<string, ByStatus>,
) {
  it.each(rowsOf(table).map(([c, row]) => [c.name, c, row] as const))('%s', (_n, c, row) => {
    expect(
      CLASSROOM_STATUSES.map((s) => (rule(c, s) ? 1 : 0)),
      CLASSROOM_STATUSES.join(' '),
    ).toEqual(row);
  });
}

const ALL: ByStatus = [1, 1, 1];
const NONE: ByStatus = [0, 0, 0];

describe('canManageClassroom: admins of its organisation, superadmins, its creating trainer', () => {
  byStatus((c, s) => canManageClassroom(c.actor, classroom(c, s)), {
    'superadmin own same org': ALL,
    'superadmin own other org': ALL,
    "superadmin other's same org": ALL,
    "superadmin other's other org": ALL,
    'admin own same org': ALL,
    'admin own other org': NONE,
    "admin other's same org": ALL,
    "admin other's other org": NONE,
    'trainer own same org': ALL,
    'trainer own other org': NONE,
    "trainer other's same org": NONE,
    "trainer other's other org": NONE,
    'learner own same org': NONE,
    'learner own other org': NONE,
    "learner other's same org": NONE,
    "learner other's other org": NONE,
  });
});

describe('canSeeClassroom: staff of its organisation always, its learners once published', () => {
  const LIVE: ByStatus = [0, 0, 1];
  byStatus((c, s) => canSeeClassroom(c.actor, classroom(c, s)), {
    'superadmin own same org': ALL,
    'superadmin own other org': ALL,
    "superadmin other's same org": ALL,
    "superadmin other's other org": ALL,
    'admin own same org': ALL,
    'admin own other org': NONE,
    "admin other's same org": ALL,
    "admin other's other org": NONE,
    'trainer own same org': ALL,
    'trainer own other org': NONE,
    "trainer other's same org": ALL,
    "trainer other's other org": NONE,
    'learner own same org': LIVE,
    'learner own other org': NONE,
    "learner other's same org": LIVE,
    "learner other's other org": NONE,
  });
});

describe('canTakeAttendance: managers, and the session’s own trainers of its organisation', () => {
  // Columns: (draft, pending, published) with the caller training the session.
  byStatus((c, s) => canTakeAttendance(c.actor, classroom(c, s), true), {
    'superadmin own same org': ALL,
    'superadmin own other org': ALL,
    "superadmin other's same org": ALL,
    "superadmin other's other org": ALL,
    'admin own same org': ALL,
    'admin own other org': NONE,
    "admin other's same org": ALL,
    "admin other's other org": NONE,
    'trainer own same org': ALL,
    'trainer own other org': NONE,
    "trainer other's same org": ALL,
    "trainer other's other org": NONE,
    'learner own same org': NONE,
    'learner own other org': NONE,
    "learner other's same org": NONE,
    "learner other's other org": NONE,
  });
  it('a trainer of the organisation who does not train the session may not', () => {
    const trainer = actor('trainer');
    expect(
      canTakeAttendance(trainer, { organisationId: 1, createdBy: 99, status: 'published' }, false),
    ).toBe(false);
  });
});

describe('canBook: a learner of the organisation, published, scheduled, not started', () => {
  const now = new Date('2030-01-01T10:00:00Z');
  const session = (
    over: Partial<{ status: 'scheduled' | 'cancelled' | 'completed'; startsAt: Date }> = {},
  ) => ({
    organisationId: 1,
    status: over.status ?? ('scheduled' as const),
    startsAt: over.startsAt ?? new Date('2030-01-02T10:00:00Z'),
    endsAt: new Date('2030-01-02T11:00:00Z'),
  });
  byStatus(
    (c, s) =>
      canBook(c.actor, classroom(c, s), { ...session(), organisationId: c.organisationId }, now),
    {
      'superadmin own same org': NONE,
      'superadmin own other org': NONE,
      "superadmin other's same org": NONE,
      "superadmin other's other org": NONE,
      'admin own same org': NONE,
      'admin own other org': NONE,
      "admin other's same org": NONE,
      "admin other's other org": NONE,
      'trainer own same org': NONE,
      'trainer own other org': NONE,
      "trainer other's same org": NONE,
      "trainer other's other org": NONE,
      'learner own same org': [0, 0, 1],
      'learner own other org': NONE,
      "learner other's same org": [0, 0, 1],
      "learner other's other org": NONE,
    },
  );
  it('not a cancelled session, nor one that started', () => {
    const learner = actor('learner');
    const c = { organisationId: 1, createdBy: 2, status: 'published' as const };
    expect(canBook(learner, c, session({ status: 'cancelled' }), now)).toBe(false);
    expect(canBook(learner, c, session({ startsAt: now }), now)).toBe(false);
    expect(canBook(learner, c, session(), now)).toBe(true);
  });
  it('abilities: no booking twice; no attendance of a cancelled session', () => {
    const learner = actor('learner');
    const c = { organisationId: 1, createdBy: 2, status: 'published' as const };
    const facts = { isSessionTrainer: false, hasLiveBooking: true, now };
    expect(sessionAbilities(learner, c, session(), facts).book).toBe(false);
    const admin = actor('admin');
    expect(sessionAbilities(admin, c, session({ status: 'cancelled' }), facts)).toEqual({
      edit: false,
      cancel: false,
      attendance: false,
      book: false,
    });
  });
});

describe('creating, rooms and direct publication', () => {
  it('admins and trainers create; learners do not', () => {
    expect(
      ['superadmin', 'admin', 'trainer', 'learner'].map((r) =>
        canCreateClassroom(actor(r as 'admin')),
      ),
    ).toEqual([true, true, true, false]);
  });
  it('rooms and direct publication are the organisation admins’ (and superadmins’)', () => {
    for (const rule of [
      (r: 'admin') => canManageRooms(actor(r), 1),
      (r: 'admin') =>
        publishesDirectly(actor(r), { organisationId: 1, createdBy: 10, status: 'draft' }),
    ]) {
      expect(['superadmin', 'admin', 'trainer', 'learner'].map((r) => rule(r as 'admin'))).toEqual([
        true,
        true,
        false,
        false,
      ]);
      expect(canManageRooms(actor('admin', 2), 1)).toBe(false);
    }
  });
});
