import { describe, expect, it } from 'vitest';
import { type Case, ME, rowsOf, SOMEONE_ELSE } from '../../../test/policy-table.ts';
import type { CourseFacts } from '../catalogue/index.ts';
import {
  canDecideRequest,
  canReadLearnerWork,
  canTakePart,
  canWithdrawRequest,
} from './learning.policy.ts';

const course = (c: Case, authorId: number): CourseFacts => ({
  organisationId: c.organisationId,
  createdBy: authorId,
  status: 'published',
  visibility: 'organisation',
  selfEnrol: true,
});

type Pair = [boolean, boolean];
const table = <T>(rows: Record<string, T>) =>
  rowsOf(rows).map(([c, expected]) => [c.name, c, expected] as const);

// Ownership here: the caller wrote the course. Columns: not enrolled, enrolled.
describe('canTakePart (a course discussion, its assignments)', () => {
  it.each(
    table<Pair>({
      'superadmin own same org': [true, true],
      'superadmin own other org': [true, true],
      "superadmin other's same org": [true, true],
      "superadmin other's other org": [true, true],
      'admin own same org': [true, true],
      'admin own other org': [false, true],
      "admin other's same org": [true, true],
      "admin other's other org": [false, true],
      'trainer own same org': [true, true],
      'trainer own other org': [false, true],
      "trainer other's same org": [false, true],
      "trainer other's other org": [false, true],
      'learner own same org': [false, true],
      'learner own other org': [false, true],
      "learner other's same org": [false, true],
      "learner other's other org": [false, true],
    }),
  )('%s → %j', (_n, c, expected) => {
    const got = [false, true].map((enrolled) =>
      canTakePart(c.actor, course(c, c.ownerId), enrolled),
    );
    expect(got).toEqual(expected);
  });
});

// Ownership here: the caller wrote the course the request is for.
describe('canDecideRequest', () => {
  it.each(
    table({
      'superadmin own same org': true,
      'superadmin own other org': true,
      "superadmin other's same org": true,
      "superadmin other's other org": true,
      'admin own same org': true,
      'admin own other org': false,
      "admin other's same org": true,
      "admin other's other org": false,
      'trainer own same org': true,
      'trainer own other org': false,
      "trainer other's same org": false,
      "trainer other's other org": false,
      'learner own same org': false,
      'learner own other org': false,
      "learner other's same org": false,
      "learner other's other org": false,
    }),
  )('%s → %s', (_n, c, expected) => {
    expect(canDecideRequest(c.actor, course(c, c.ownerId))).toBe(expected);
  });
});

// Ownership here: the caller made the request. Only its maker withdraws it, whatever their role.
describe('canWithdrawRequest', () => {
  it.each(
    table({
      'superadmin own same org': true,
      'superadmin own other org': true,
      "superadmin other's same org": false,
      "superadmin other's other org": false,
      'admin own same org': true,
      'admin own other org': true,
      "admin other's same org": false,
      "admin other's other org": false,
      'trainer own same org': true,
      'trainer own other org': true,
      "trainer other's same org": false,
      "trainer other's other org": false,
      'learner own same org': true,
      'learner own other org': true,
      "learner other's same org": false,
      "learner other's other org": false,
    }),
  )('%s → %s', (_n, c, expected) => {
    expect(canWithdrawRequest(c.actor, { userId: c.ownerId })).toBe(expected);
  });
});

// Ownership here: the submission or progress is the caller's. Columns: a course someone else
// wrote, a course the caller wrote.
describe('canReadLearnerWork (a submission, a learner’s progress)', () => {
  it.each(
    table<Pair>({
      'superadmin own same org': [true, true],
      'superadmin own other org': [true, true],
      "superadmin other's same org": [true, true],
      "superadmin other's other org": [true, true],
      'admin own same org': [true, true],
      'admin own other org': [true, true],
      "admin other's same org": [true, true],
      "admin other's other org": [false, false],
      'trainer own same org': [true, true],
      'trainer own other org': [true, true],
      "trainer other's same org": [false, true],
      "trainer other's other org": [false, false],
      'learner own same org': [true, true],
      'learner own other org': [true, true],
      "learner other's same org": [false, false],
      "learner other's other org": [false, false],
    }),
  )('%s → %j', (_n, c, expected) => {
    const got = [SOMEONE_ELSE, ME].map((author) =>
      canReadLearnerWork(c.actor, course(c, author), { userId: c.ownerId }),
    );
    expect(got).toEqual(expected);
  });
});
