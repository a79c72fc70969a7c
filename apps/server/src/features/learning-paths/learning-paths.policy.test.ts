import { LEARNING_PATH_STATUSES, type TLearningPathStatus } from '@atrium/contract';
import { describe, expect, it } from 'vitest';
import { actor, type Case, HOME_ORG, ME, OTHER_ORG, rowsOf } from '../../../test/policy-table.ts';
import {
  canCreatePath,
  canJoinPath,
  canManagePath,
  canReviewPath,
  canSeePath,
  type PathFacts,
  pathAbilities,
  pathStatusTargets,
} from './learning-paths.policy.ts';

const path = (c: Case, status: TLearningPathStatus, more: Partial<PathFacts> = {}): PathFacts => ({
  organisationId: c.organisationId,
  createdBy: c.ownerId,
  status,
  visibility: 'organisation',
  enrolment: 'self',
  ...more,
});

type ByStatus = [draft: 0 | 1, published: 0 | 1, archived: 0 | 1];

/** A status-dependent rule: one row per case, one column per status (draft, published, archived). */
function byStatus(
  rule: (c: Case, status: TLearningPathStatus) => boolean,
  table: Record<string, ByStatus>,
) {
  it.each(rowsOf(table).map(([c, row]) => [c.name, c, row] as const))('%s', (_n, c, row) => {
    const got = LEARNING_PATH_STATUSES.map((s) => (rule(c, s) ? 1 : 0));
    expect(got, LEARNING_PATH_STATUSES.join(' ')).toEqual(row);
  });
}

const MANAGERS: Record<string, ByStatus> = {
  'superadmin own same org': [1, 1, 1],
  'superadmin own other org': [1, 1, 1],
  "superadmin other's same org": [1, 1, 1],
  "superadmin other's other org": [1, 1, 1],
  'admin own same org': [1, 1, 1],
  'admin own other org': [0, 0, 0],
  "admin other's same org": [1, 1, 1],
  "admin other's other org": [0, 0, 0],
  'trainer own same org': [1, 1, 1],
  'trainer own other org': [0, 0, 0],
  "trainer other's same org": [0, 0, 0],
  "trainer other's other org": [0, 0, 0],
  'learner own same org': [0, 0, 0],
  'learner own other org': [0, 0, 0],
  "learner other's same org": [0, 0, 0],
  "learner other's other org": [0, 0, 0],
};

describe('canManagePath (superadmin, the organisation’s admins, the trainer who created it)', () => {
  byStatus((c, s) => canManagePath(c.actor, path(c, s)), MANAGERS);
});

describe('canSeePath, open to the organisation, not enrolled', () => {
  byStatus((c, s) => canSeePath(c.actor, path(c, s), false), {
    ...MANAGERS,
    // Anyone of the organisation sees it once published; drafts and archives are the managers'.
    "trainer other's same org": [0, 1, 0],
    'learner own same org': [0, 1, 0],
    "learner other's same org": [0, 1, 0],
  });
});

describe('canSeePath, open to the organisation, enrolled', () => {
  byStatus((c, s) => canSeePath(c.actor, path(c, s), true), {
    ...MANAGERS,
    // Enrolled learners keep an archived path (their record); a draft is still hidden.
    "trainer other's same org": [0, 1, 1],
    'learner own same org': [0, 1, 1],
    "learner other's same org": [0, 1, 1],
  });
});

describe('canSeePath, assigned only', () => {
  describe('not enrolled: managers only', () => {
    byStatus(
      (c, s) => canSeePath(c.actor, path(c, s, { visibility: 'assigned' }), false),
      MANAGERS,
    );
  });
  describe('enrolled: as for an open path', () => {
    byStatus((c, s) => canSeePath(c.actor, path(c, s, { visibility: 'assigned' }), true), {
      ...MANAGERS,
      "trainer other's same org": [0, 1, 1],
      'learner own same org': [0, 1, 1],
      "learner other's same org": [0, 1, 1],
    });
  });
});

const NOBODY: Record<string, ByStatus> = Object.fromEntries(
  Object.keys(MANAGERS).map((k) => [k, [0, 0, 0] as ByStatus]),
);

describe('canJoinPath (learners of its organisation, published, open to joining)', () => {
  describe('self-enrolment, not enrolled', () => {
    byStatus((c, s) => canJoinPath(c.actor, path(c, s), false), {
      ...NOBODY,
      'learner own same org': [0, 1, 0],
      "learner other's same org": [0, 1, 0],
    });
  });
  describe('by request, not enrolled', () => {
    byStatus((c, s) => canJoinPath(c.actor, path(c, s, { enrolment: 'request' }), false), {
      ...NOBODY,
      'learner own same org': [0, 1, 0],
      "learner other's same org": [0, 1, 0],
    });
  });
  describe('already enrolled', () => {
    byStatus((c, s) => canJoinPath(c.actor, path(c, s), true), NOBODY);
  });
  describe('assigned enrolment only', () => {
    byStatus((c, s) => canJoinPath(c.actor, path(c, s, { enrolment: 'assigned' }), false), NOBODY);
  });
  it('a path shown to assigned learners only cannot be joined', () => {
    const home: PathFacts = {
      organisationId: HOME_ORG,
      createdBy: ME,
      status: 'published',
      visibility: 'assigned',
      enrolment: 'self',
    };
    expect(canJoinPath(actor('learner'), home, false)).toBe(false);
  });
});

describe('canReviewPath (enrolled or completed, in its organisation, not a draft)', () => {
  const SAME_ORG_ENROLLED: Record<string, ByStatus> = Object.fromEntries(
    Object.keys(MANAGERS).map((k) => [
      k,
      (k.endsWith('same org') || k.startsWith('superadmin') ? [0, 1, 1] : [0, 0, 0]) as ByStatus,
    ]),
  );
  describe('enrolled', () => {
    byStatus((c, s) => canReviewPath(c.actor, path(c, s), 'enrolled'), SAME_ORG_ENROLLED);
  });
  describe('completed', () => {
    byStatus((c, s) => canReviewPath(c.actor, path(c, s), 'completed'), SAME_ORG_ENROLLED);
  });
  describe('only requested', () => {
    byStatus((c, s) => canReviewPath(c.actor, path(c, s), 'requested'), NOBODY);
  });
  describe('not enrolled', () => {
    byStatus((c, s) => canReviewPath(c.actor, path(c, s), null), NOBODY);
  });
});

describe('canCreatePath', () => {
  it.each([
    ['superadmin', true],
    ['admin', true],
    ['trainer', true],
    ['learner', false],
  ] as const)('%s → %s', (role, expected) => {
    expect(canCreatePath(actor(role))).toBe(expected);
    expect(canCreatePath(actor(role, OTHER_ORG))).toBe(expected);
  });
});

describe('pathAbilities', () => {
  const home = (status: TLearningPathStatus, more: Partial<PathFacts> = {}): PathFacts => ({
    organisationId: HOME_ORG,
    createdBy: ME,
    status,
    visibility: 'organisation',
    enrolment: 'self',
    ...more,
  });
  it('a manager edits, deletes, publishes a draft and archives a published path', () => {
    expect(pathAbilities(actor('admin'), home('draft'), null)).toEqual({
      edit: true,
      delete: true,
      publish: true,
      archive: false,
      manage: true,
      enrol: false,
      request: false,
      review: false,
    });
    const published = pathAbilities(actor('trainer'), home('published'), null);
    expect([published.publish, published.archive]).toEqual([false, true]);
    const archived = pathAbilities(actor('admin'), home('archived'), null);
    expect([archived.publish, archived.archive]).toEqual([true, false]);
  });
  it('nobody else moves the status', () => {
    expect(pathStatusTargets(actor('trainer'), home('draft', { createdBy: 99 }))).toEqual([]);
    expect(pathStatusTargets(actor('learner'), home('published'))).toEqual([]);
    expect(pathStatusTargets(actor('admin', OTHER_ORG), home('published'))).toEqual([]);
    expect(pathStatusTargets(actor('superadmin', OTHER_ORG), home('published'))).toEqual([
      'draft',
      'archived',
    ]);
  });
  it('a learner may join a self-enrolment path, ask for a request path, review once enrolled', () => {
    const learner = actor('learner');
    expect(pathAbilities(learner, home('published'), null)).toMatchObject({
      enrol: true,
      request: false,
      review: false,
      manage: false,
      edit: false,
    });
    expect(pathAbilities(learner, home('published', { enrolment: 'request' }), null)).toMatchObject(
      { enrol: false, request: true },
    );
    expect(pathAbilities(learner, home('published'), 'enrolled')).toMatchObject({
      enrol: false,
      request: false,
      review: true,
    });
    expect(pathAbilities(learner, home('published'), 'requested').review).toBe(false);
  });
});
