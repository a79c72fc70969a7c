import { ROLE } from '@atrium/contract';
import { describe, expect, it } from 'vitest';
import { type Case, ME, rowsOf, SOMEONE_ELSE } from '../../../test/policy-table.ts';
import { mayMessage, maySend, type Recipient } from './messages.policy.ts';

const table = <T>(rows: Record<string, T>) =>
  rowsOf(rows).map(([c, expected]) => [c.name, c, expected] as const);

// "own" here: the recipient is tied to the caller through a course (the caller teaches them, is
// taught by them, or shares a course with them); "other's": no tie. Columns: the recipient is an
// admin, a trainer, a learner.
type Triple = [boolean, boolean, boolean];
const RECIPIENT_ROLES = [ROLE.ADMIN, ROLE.TRAINER, ROLE.LEARNER] as const;

describe('mayMessage (start a conversation with someone)', () => {
  it.each(
    table<Triple>({
      'superadmin own same org': [true, true, true],
      'superadmin own other org': [false, false, false],
      "superadmin other's same org": [true, true, true],
      "superadmin other's other org": [false, false, false],
      'admin own same org': [true, true, true],
      'admin own other org': [false, false, false],
      "admin other's same org": [true, true, true],
      "admin other's other org": [false, false, false],
      'trainer own same org': [true, true, true],
      'trainer own other org': [false, false, false],
      "trainer other's same org": [true, true, false],
      "trainer other's other org": [false, false, false],
      'learner own same org': [true, true, true],
      'learner own other org': [false, false, false],
      "learner other's same org": [false, false, false],
      "learner other's other org": [false, false, false],
    }),
  )('%s', (_name, c: Case, expected) => {
    const tied = c.own;
    const ties = { teaches: tied, taughtBy: tied, classmates: tied };
    const got = RECIPIENT_ROLES.map((roleId) =>
      mayMessage(
        c.actor,
        { userId: SOMEONE_ELSE, organisationId: c.organisationId, roleId, active: true },
        ties,
      ),
    );
    expect(got).toEqual(expected);
  });

  const trainer = { userId: ME, organisationId: 1, roleId: ROLE.TRAINER, isSuperadmin: false };
  const learner = { ...trainer, roleId: ROLE.LEARNER };
  const none = { teaches: false, taughtBy: false, classmates: false };
  const person = (roleId: Recipient['roleId']): Recipient => ({
    userId: SOMEONE_ELSE,
    organisationId: 1,
    roleId,
    active: true,
  });

  it('learners reach the trainer of their course, not a trainer who only shares a course', () => {
    expect(mayMessage(learner, person(ROLE.TRAINER), { ...none, taughtBy: true })).toBe(true);
    expect(mayMessage(learner, person(ROLE.TRAINER), { ...none, classmates: true })).toBe(false);
  });

  it('learners reach fellow learners of a course, trainers the learners of their courses', () => {
    expect(mayMessage(learner, person(ROLE.LEARNER), { ...none, classmates: true })).toBe(true);
    expect(mayMessage(trainer, person(ROLE.LEARNER), { ...none, classmates: true })).toBe(false);
    expect(mayMessage(trainer, person(ROLE.LEARNER), { ...none, teaches: true })).toBe(true);
  });

  it('nobody writes to themselves, to someone inactive, or to someone without a membership', () => {
    const admin = { ...trainer, roleId: ROLE.ADMIN };
    expect(mayMessage(admin, { ...person(ROLE.LEARNER), userId: ME }, none)).toBe(false);
    expect(mayMessage(admin, { ...person(ROLE.LEARNER), active: false }, none)).toBe(false);
    expect(mayMessage(admin, { ...person(ROLE.LEARNER), organisationId: null }, none)).toBe(false);
  });
});

describe('maySend (write into a conversation)', () => {
  // "own": the caller takes part in the conversation. Columns: group, one-to-one, blocked one-to-one.
  it.each(
    table<Triple>({
      'superadmin own same org': [true, true, false],
      'superadmin own other org': [false, false, false],
      "superadmin other's same org": [false, false, false],
      "superadmin other's other org": [false, false, false],
      'admin own same org': [true, true, false],
      'admin own other org': [false, false, false],
      "admin other's same org": [false, false, false],
      "admin other's other org": [false, false, false],
      'trainer own same org': [true, true, false],
      'trainer own other org': [false, false, false],
      "trainer other's same org": [false, false, false],
      "trainer other's other org": [false, false, false],
      'learner own same org': [true, true, false],
      'learner own other org': [false, false, false],
      "learner other's same org": [false, false, false],
      "learner other's other org": [false, false, false],
    }),
  )('%s', (_name, c: Case, expected) => {
    const facts = [
      { kind: 'group' as const, blocked: false },
      { kind: 'direct' as const, blocked: false },
      { kind: 'direct' as const, blocked: true },
    ];
    const got = facts.map((f) =>
      maySend(c.actor, { ...f, organisationId: c.organisationId }, c.own),
    );
    expect(got).toEqual(expected);
  });
});
