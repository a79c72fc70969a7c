import { ITEM_STATUSES, type TItemStatus } from '@atrium/contract';
import { describe, expect, it } from 'vitest';
import {
  actor,
  type Case,
  HOME_ORG,
  ME,
  OTHER_ORG,
  rowsOf,
  SOMEONE_ELSE,
} from '../../../test/policy-table.ts';
import {
  type CourseFacts,
  canChangeRepositoryFile,
  canDelete,
  canEdit,
  canMakeChange,
  canManage,
  canRequestEnrolment,
  canSee,
  canUseRepository,
  courseAbilities,
  type StatusTarget,
  statusTargets,
} from './catalogue.policy.ts';

const course = (c: Case, status: TItemStatus, more: Partial<CourseFacts> = {}): CourseFacts => ({
  organisationId: c.organisationId,
  createdBy: c.ownerId,
  status,
  visibility: 'organisation',
  selfEnrol: true,
  ...more,
});

/** A course of the caller's organisation, written by the caller unless `more` says otherwise. */
const homeCourse = (status: TItemStatus, more: Partial<CourseFacts> = {}): CourseFacts => ({
  organisationId: HOME_ORG,
  createdBy: ME,
  status,
  visibility: 'organisation',
  selfEnrol: true,
  ...more,
});

type ByStatus = [draft: 0 | 1, pending: 0 | 1, approved: 0 | 1, published: 0 | 1];

/** A status-dependent rule: one row per case, one column per status. */
function byStatus(
  rule: (c: Case, status: TItemStatus) => boolean,
  table: Record<string, ByStatus>,
) {
  it.each(rowsOf(table).map(([c, row]) => [c.name, c, row] as const))('%s', (_n, c, row) => {
    const got = ITEM_STATUSES.map((s) => (rule(c, s) ? 1 : 0));
    expect(got, `${ITEM_STATUSES.join(' ')}`).toEqual(row);
  });
}

// Columns of the status tables: draft, pending, approved, published.
describe('canSee (a course shown to its organisation only)', () => {
  byStatus((c, s) => canSee(c.actor, course(c, s)), {
    'superadmin own same org': [1, 1, 1, 1],
    'superadmin own other org': [1, 1, 1, 1],
    "superadmin other's same org": [1, 1, 1, 1],
    "superadmin other's other org": [1, 1, 1, 1],
    'admin own same org': [1, 1, 1, 1],
    'admin own other org': [0, 0, 0, 0],
    "admin other's same org": [1, 1, 1, 1],
    "admin other's other org": [0, 0, 0, 0],
    'trainer own same org': [1, 1, 1, 1],
    'trainer own other org': [0, 0, 0, 0],
    "trainer other's same org": [0, 1, 1, 1],
    "trainer other's other org": [0, 0, 0, 0],
    'learner own same org': [0, 0, 0, 1],
    'learner own other org': [0, 0, 0, 0],
    "learner other's same org": [0, 0, 0, 1],
    "learner other's other org": [0, 0, 0, 0],
  });
});

describe('canSee (a course listed in the shared catalogue)', () => {
  byStatus((c, s) => canSee(c.actor, course(c, s, { visibility: 'catalogue' })), {
    'superadmin own same org': [1, 1, 1, 1],
    'superadmin own other org': [1, 1, 1, 1],
    "superadmin other's same org": [1, 1, 1, 1],
    "superadmin other's other org": [1, 1, 1, 1],
    'admin own same org': [1, 1, 1, 1],
    'admin own other org': [0, 0, 0, 1],
    "admin other's same org": [1, 1, 1, 1],
    "admin other's other org": [0, 0, 0, 1],
    'trainer own same org': [1, 1, 1, 1],
    'trainer own other org': [0, 0, 0, 1],
    "trainer other's same org": [0, 1, 1, 1],
    "trainer other's other org": [0, 0, 0, 1],
    'learner own same org': [0, 0, 0, 1],
    'learner own other org': [0, 0, 0, 1],
    "learner other's same org": [0, 0, 0, 1],
    "learner other's other org": [0, 0, 0, 1],
  });
});

// Spec §4 editability (editability.test.ts) within the organisation and authorship.
describe('canEdit, and canDelete, which is the same rule', () => {
  const table: Record<string, ByStatus> = {
    'superadmin own same org': [1, 1, 0, 1],
    'superadmin own other org': [1, 1, 0, 1],
    "superadmin other's same org": [1, 1, 0, 1],
    "superadmin other's other org": [1, 1, 0, 1],
    'admin own same org': [1, 1, 0, 1],
    'admin own other org': [0, 0, 0, 0],
    "admin other's same org": [1, 1, 0, 1],
    "admin other's other org": [0, 0, 0, 0],
    'trainer own same org': [1, 1, 1, 1],
    'trainer own other org': [0, 0, 0, 0],
    "trainer other's same org": [0, 0, 0, 0],
    "trainer other's other org": [0, 0, 0, 0],
    'learner own same org': [0, 0, 0, 0],
    'learner own other org': [0, 0, 0, 0],
    "learner other's same org": [0, 0, 0, 0],
    "learner other's other org": [0, 0, 0, 0],
  };
  describe('canEdit', () => byStatus((c, s) => canEdit(c.actor, course(c, s)), table));
  describe('canDelete', () => byStatus((c, s) => canDelete(c.actor, course(c, s)), table));
});

// Past an admin's review (approved, published) only admins widen or add; drafts are the author's.
describe('canMakeChange: widen_visibility and add_content', () => {
  const table: Record<string, ByStatus> = {
    'superadmin own same org': [1, 1, 0, 1],
    'superadmin own other org': [1, 1, 0, 1],
    "superadmin other's same org": [1, 1, 0, 1],
    "superadmin other's other org": [1, 1, 0, 1],
    'admin own same org': [1, 1, 0, 1],
    'admin own other org': [0, 0, 0, 0],
    "admin other's same org": [1, 1, 0, 1],
    "admin other's other org": [0, 0, 0, 0],
    'trainer own same org': [1, 1, 0, 0],
    'trainer own other org': [0, 0, 0, 0],
    "trainer other's same org": [0, 0, 0, 0],
    "trainer other's other org": [0, 0, 0, 0],
    'learner own same org': [0, 0, 0, 0],
    'learner own other org': [0, 0, 0, 0],
    "learner other's same org": [0, 0, 0, 0],
    "learner other's other org": [0, 0, 0, 0],
  };
  for (const change of ['widen_visibility', 'add_content'] as const) {
    describe(change, () => byStatus((c, s) => canMakeChange(c.actor, course(c, s), change), table));
  }
  it('an ordinary edit is the editability rule alone', () => {
    const trainer = actor('trainer');
    expect(canMakeChange(trainer, homeCourse('published'), 'edit')).toBe(true);
    expect(canMakeChange(trainer, homeCourse('published'), 'add_content')).toBe(false);
  });
});

describe('canManage (any status)', () => {
  it.each(
    rowsOf({
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
    }).map(([c, expected]) => [c.name, c, expected] as const),
  )('%s → %s', (_n, c, expected) => {
    for (const s of ITEM_STATUSES) expect(canManage(c.actor, course(c, s))).toBe(expected);
  });
});

describe('statusTargets (published/{id}/)', () => {
  const ANY: Record<TItemStatus, StatusTarget[]> = {
    draft: ['pending', 'published'],
    pending: ['published', 'draft'],
    approved: ['pending', 'published', 'draft'],
    published: ['pending', 'draft'],
  };
  const AUTHOR: Record<TItemStatus, StatusTarget[]> = {
    draft: ['pending'],
    pending: ['draft'],
    approved: [],
    published: [],
  };
  const NONE: Record<TItemStatus, StatusTarget[]> = {
    draft: [],
    pending: [],
    approved: [],
    published: [],
  };
  it.each(
    rowsOf({
      'superadmin own same org': ANY,
      'superadmin own other org': ANY,
      "superadmin other's same org": ANY,
      "superadmin other's other org": ANY,
      'admin own same org': ANY,
      'admin own other org': NONE,
      "admin other's same org": ANY,
      "admin other's other org": NONE,
      'trainer own same org': AUTHOR,
      'trainer own other org': NONE,
      "trainer other's same org": NONE,
      "trainer other's other org": NONE,
      'learner own same org': NONE,
      'learner own other org': NONE,
      "learner other's same org": NONE,
      "learner other's other org": NONE,
    }).map(([c, expected]) => [c.name, c, expected] as const),
  )('%s', (_n, c, expected) => {
    for (const s of ITEM_STATUSES) {
      expect(statusTargets(c.actor, course(c, s)).sort(), s).toEqual([...expected[s]].sort());
    }
  });
});

describe('canRequestEnrolment', () => {
  // Learners of the course's organisation; staff assign instead of asking.
  byStatus((c, s) => canRequestEnrolment(c.actor, course(c, s)), {
    'superadmin own same org': [0, 0, 0, 0],
    'superadmin own other org': [0, 0, 0, 0],
    "superadmin other's same org": [0, 0, 0, 0],
    "superadmin other's other org": [0, 0, 0, 0],
    'admin own same org': [0, 0, 0, 0],
    'admin own other org': [0, 0, 0, 0],
    "admin other's same org": [0, 0, 0, 0],
    "admin other's other org": [0, 0, 0, 0],
    'trainer own same org': [0, 0, 0, 0],
    'trainer own other org': [0, 0, 0, 0],
    "trainer other's same org": [0, 0, 0, 0],
    "trainer other's other org": [0, 0, 0, 0],
    'learner own same org': [0, 0, 0, 1],
    'learner own other org': [0, 0, 0, 0],
    "learner other's same org": [0, 0, 0, 1],
    "learner other's other org": [0, 0, 0, 0],
  });
  it('only when the course takes requests', () => {
    const learner = actor('learner');
    expect(canRequestEnrolment(learner, homeCourse('published'))).toBe(true);
    expect(canRequestEnrolment(learner, homeCourse('published', { selfEnrol: false }))).toBe(false);
  });
});

describe('the file repository (ownership: who uploaded the file)', () => {
  it.each(
    rowsOf<[use: boolean, change: boolean]>({
      'superadmin own same org': [true, true],
      'superadmin own other org': [true, true],
      "superadmin other's same org": [true, true],
      "superadmin other's other org": [true, true],
      'admin own same org': [true, true],
      'admin own other org': [false, false],
      "admin other's same org": [true, true],
      "admin other's other org": [false, false],
      'trainer own same org': [true, true],
      'trainer own other org': [false, false],
      "trainer other's same org": [true, false],
      "trainer other's other org": [false, false],
      'learner own same org': [false, false],
      'learner own other org': [false, false],
      "learner other's same org": [false, false],
      "learner other's other org": [false, false],
    }).map(([c, expected]) => [c.name, c, expected] as const),
  )('%s → use, change: %j', (_n, c, [use, change]) => {
    const file = { organisationId: c.organisationId, uploadedBy: c.ownerId };
    expect(canUseRepository(c.actor, file)).toBe(use);
    expect(canChangeRepositoryFile(c.actor, file)).toBe(change);
  });
});

describe('courseAbilities', () => {
  it('a trainer on their own draft: edit, submit it, no publishing', () => {
    expect(courseAbilities(actor('trainer'), homeCourse('draft'))).toEqual({
      edit: true,
      delete: true,
      manage: true,
      publish: false,
      submit_for_review: true,
      return_to_draft: false,
      widen_visibility: true,
      add_content: true,
      request_enrolment: false,
    });
  });

  it("an admin on a trainer's published course: everything but submitting it", () => {
    expect(
      courseAbilities(actor('admin'), homeCourse('published', { createdBy: SOMEONE_ELSE })),
    ).toEqual({
      edit: true,
      delete: true,
      manage: true,
      publish: false,
      submit_for_review: true,
      return_to_draft: true,
      widen_visibility: true,
      add_content: true,
      request_enrolment: false,
    });
  });

  it('a learner of another organisation on a shared course: nothing at all', () => {
    const shared = homeCourse('published', { createdBy: SOMEONE_ELSE, visibility: 'catalogue' });
    const abilities = courseAbilities(actor('learner', OTHER_ORG), shared);
    expect(Object.values(abilities).every((v) => v === false)).toBe(true);
  });
});
