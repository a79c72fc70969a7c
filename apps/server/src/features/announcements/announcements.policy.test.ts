import { ANNOUNCEMENT_STATES, ROLE, type TAnnouncementState } from '@atrium/contract';
import { describe, expect, it } from 'vitest';
import { actor, CASES, type Case, rowsOf } from '../../../test/policy-table.ts';
import {
  type AnnouncementFacts,
  announcementAbilities,
  announcementState,
  canAcknowledge,
  canCreateAnnouncement,
  canManageAnnouncement,
  canReadAnnouncement,
  canReschedule,
  canSeeAnnouncement,
  inAudience,
  type ReaderFacts,
} from './announcements.policy.ts';

const NOW = new Date('2029-06-01T12:00:00Z');
const HOUR = 3_600_000;
const at = (ms: number) => new Date(NOW.getTime() + ms);

/** The times of an announcement in each state, as of NOW. */
const TIMES: Record<TAnnouncementState, Pick<AnnouncementFacts, 'publishAt' | 'expiresAt'>> = {
  scheduled: { publishAt: at(HOUR), expiresAt: null },
  published: { publishAt: at(-HOUR), expiresAt: at(HOUR) },
  expired: { publishAt: at(-2 * HOUR), expiresAt: at(-HOUR) },
};

const announcement = (
  c: Case,
  state: TAnnouncementState,
  mustAcknowledge = true,
): AnnouncementFacts => ({
  organisationId: c.organisationId,
  createdBy: c.ownerId,
  audience: null,
  mustAcknowledge,
  ...TIMES[state],
});

/** In the audience: a member of the announcement's organisation (the whole of it is named). */
const member = (c: Case) => c.sameOrg && !c.actor.isSuperadmin;

type ByState = [scheduled: 0 | 1, published: 0 | 1, expired: 0 | 1];

function byState(
  rule: (c: Case, state: TAnnouncementState) => boolean,
  table: Record<string, ByState>,
) {
  it.each(rowsOf(table).map(([c, row]) => [c.name, c, row] as const))('%s', (_n, c, row) => {
    expect(
      ANNOUNCEMENT_STATES.map((s) => (rule(c, s) ? 1 : 0)),
      ANNOUNCEMENT_STATES.join(' '),
    ).toEqual(row);
  });
}

const ALL: ByState = [1, 1, 1];
const NONE: ByState = [0, 0, 0];
const OUT: ByState = [0, 1, 0];

describe('announcementState: scheduled before publish_at, expired from expires_at', () => {
  it.each([
    ['an hour ahead', at(HOUR), null, 'scheduled'],
    ['exactly now', NOW, null, 'published'],
    ['an hour ago, no expiry', at(-HOUR), null, 'published'],
    ['an hour ago, expiring later', at(-HOUR), at(HOUR), 'published'],
    ['an hour ago, expiring now', at(-HOUR), NOW, 'expired'],
    ['two hours ago, expired an hour ago', at(-2 * HOUR), at(-HOUR), 'expired'],
  ] as const)('%s', (_n, publishAt, expiresAt, state) => {
    expect(announcementState({ publishAt, expiresAt }, NOW)).toBe(state);
    expect(canReschedule({ publishAt }, NOW)).toBe(state === 'scheduled');
  });
});

describe('canCreateAnnouncement: admins, trainers and superadmins', () => {
  it.each([
    ['superadmin', true],
    ['admin', true],
    ['trainer', true],
    ['learner', false],
  ] as const)('%s', (role, allowed) => {
    expect(canCreateAnnouncement(actor(role))).toBe(allowed);
  });
});

describe('canManageAnnouncement: admins of its organisation, superadmins, its trainer', () => {
  byState((c, s) => canManageAnnouncement(c.actor, announcement(c, s)), {
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
    // A learner's own cannot exist; were it there, it gives them nothing.
    'learner own same org': NONE,
    'learner own other org': NONE,
    "learner other's same org": NONE,
    "learner other's other org": NONE,
  });
});

describe('canReadAnnouncement: a member of its organisation in its audience, while it is out', () => {
  byState((c, s) => canReadAnnouncement(c.actor, announcement(c, s), member(c), NOW), {
    // A superadmin is no member any audience reaches.
    'superadmin own same org': NONE,
    'superadmin own other org': NONE,
    "superadmin other's same org": NONE,
    "superadmin other's other org": NONE,
    'admin own same org': OUT,
    'admin own other org': NONE,
    "admin other's same org": OUT,
    "admin other's other org": NONE,
    'trainer own same org': OUT,
    'trainer own other org': NONE,
    "trainer other's same org": OUT,
    "trainer other's other org": NONE,
    'learner own same org': OUT,
    'learner own other org': NONE,
    "learner other's same org": OUT,
    "learner other's other org": NONE,
  });
});

describe('canSeeAnnouncement: its managers always, its readers while it is out', () => {
  byState((c, s) => canSeeAnnouncement(c.actor, announcement(c, s), member(c), NOW), {
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
    "trainer other's same org": OUT,
    "trainer other's other org": NONE,
    'learner own same org': OUT,
    'learner own other org': NONE,
    "learner other's same org": OUT,
    "learner other's other org": NONE,
  });
});

describe('canSeeAnnouncement: outside the audience, a reader sees nothing', () => {
  byState((c, s) => canSeeAnnouncement(c.actor, announcement(c, s), false, NOW), {
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

describe('canAcknowledge: a reader of a must-acknowledge one while it is out, once', () => {
  const READERS = {
    'superadmin own same org': NONE,
    'superadmin own other org': NONE,
    "superadmin other's same org": NONE,
    "superadmin other's other org": NONE,
    'admin own same org': OUT,
    'admin own other org': NONE,
    "admin other's same org": OUT,
    "admin other's other org": NONE,
    'trainer own same org': OUT,
    'trainer own other org': NONE,
    "trainer other's same org": OUT,
    "trainer other's other org": NONE,
    'learner own same org': OUT,
    'learner own other org': NONE,
    "learner other's same org": OUT,
    "learner other's other org": NONE,
  } satisfies Record<string, ByState>;
  byState((c, s) => canAcknowledge(c.actor, announcement(c, s), member(c), null, NOW), READERS);
  it('not when it asks for none, nor twice', () => {
    const c = CASES.find((x) => x.name === "learner other's same org")!;
    expect(canAcknowledge(c.actor, announcement(c, 'published', false), true, null, NOW)).toBe(
      false,
    );
    expect(canAcknowledge(c.actor, announcement(c, 'published'), true, NOW, NOW)).toBe(false);
    expect(
      announcementAbilities(c.actor, announcement(c, 'published'), {
        member: true,
        acknowledgedAt: null,
        now: NOW,
      }),
    ).toEqual({ edit: false, delete: false, report: false, acknowledge: true });
  });
});

describe('inAudience', () => {
  const reader = (overrides: Partial<ReaderFacts> = {}): ReaderFacts => ({
    roleId: ROLE.LEARNER,
    departmentId: 7,
    designationId: 70,
    inCourse: false,
    inClass: false,
    ...overrides,
  });
  const audience = (overrides: Partial<NonNullable<AnnouncementFacts['audience']>> = {}) => ({
    departments: [],
    designations: [],
    roles: [],
    course: null,
    class: null,
    ...overrides,
  });
  it.each([
    ['the whole organisation: every member', null, reader(), true],
    ['the whole organisation: not a non-member', null, null, false],
    ['the whole organisation: not a superadmin', null, reader({ roleId: ROLE.SUPERADMIN }), false],
    ['their department', audience({ departments: [7] }), reader(), true],
    ['another department', audience({ departments: [8] }), reader(), false],
    [
      'no department of theirs',
      audience({ departments: [8] }),
      reader({ departmentId: null }),
      false,
    ],
    ['their designation', audience({ designations: [70] }), reader(), true],
    ['another designation', audience({ designations: [71] }), reader(), false],
    ['their role', audience({ roles: [ROLE.LEARNER] }), reader(), true],
    ['another role', audience({ roles: [ROLE.TRAINER] }), reader(), false],
    ['the course they learn in', audience({ course: 5 }), reader({ inCourse: true }), true],
    ['a course they do not learn in', audience({ course: 5 }), reader(), false],
    ['the class they are booked in', audience({ class: 6 }), reader({ inClass: true }), true],
    ['a class they are not booked in', audience({ class: 6 }), reader(), false],
    ['any of several (OR)', audience({ departments: [8], roles: [ROLE.LEARNER] }), reader(), true],
    [
      'a course flag without a course named',
      audience({ departments: [8] }),
      reader({ inCourse: true, inClass: true }),
      false,
    ],
  ] as const)('%s', (_n, a, r, expected) => {
    expect(inAudience(a as AnnouncementFacts['audience'], r)).toBe(expected);
  });
});
