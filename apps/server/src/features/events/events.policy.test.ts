import { EVENT_STATUSES, ROLE, type TEventStatus } from '@atrium/contract';
import { describe, expect, it } from 'vitest';
import { type Case, rowsOf } from '../../../test/policy-table.ts';
import {
  canCreateEvent,
  canEnrol,
  canManageEvent,
  canManageEventTypes,
  canSeeEvent,
  type EventFacts,
  eventAbilities,
  inAudience,
  type MemberFacts,
} from './events.policy.ts';

const FUTURE = new Date('2030-01-01T00:00:00Z');
const NOW = new Date('2029-01-01T00:00:00Z');

const event = (
  c: Case,
  status: TEventStatus,
  audience: EventFacts['audience'] = null,
): EventFacts => ({
  organisationId: c.organisationId,
  createdBy: c.ownerId,
  status,
  audience,
  enrolment: 'open',
  lastEndsAt: FUTURE,
  cpdValue: null,
});

/** The caller's membership in the event's organisation (none when it is another's). */
const member = (c: Case): MemberFacts | null =>
  c.sameOrg ? { roleId: c.actor.roleId, departmentId: 7, designationId: null } : null;

type ByStatus = [draft: 0 | 1, published: 0 | 1, cancelled: 0 | 1];

function byStatus(
  rule: (c: Case, status: TEventStatus) => boolean,
  table: Record<string, ByStatus>,
) {
  it.each(rowsOf(table).map(([c, row]) => [c.name, c, row] as const))('%s', (_n, c, row) => {
    expect(
      EVENT_STATUSES.map((s) => (rule(c, s) ? 1 : 0)),
      EVENT_STATUSES.join(' '),
    ).toEqual(row);
  });
}

const ALL: ByStatus = [1, 1, 1];
const NONE: ByStatus = [0, 0, 0];
const LIVE: ByStatus = [0, 1, 1];
const PUBLISHED: ByStatus = [0, 1, 0];

describe('canManageEvent: admins of its organisation, superadmins, its creating trainer', () => {
  byStatus((c, s) => canManageEvent(c.actor, event(c, s)), {
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

describe('canSeeEvent: staff all of their organisation; learners what is not a draft, for them', () => {
  byStatus((c, s) => canSeeEvent(c.actor, event(c, s), member(c), false), {
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

describe('canEnrol: members of its organisation (not a visiting superadmin), published, in the audience', () => {
  byStatus((c, s) => canEnrol(c.actor, event(c, s), member(c), NOW), {
    'superadmin own same org': NONE,
    'superadmin own other org': NONE,
    "superadmin other's same org": NONE,
    "superadmin other's other org": NONE,
    'admin own same org': PUBLISHED,
    'admin own other org': NONE,
    "admin other's same org": PUBLISHED,
    "admin other's other org": NONE,
    'trainer own same org': PUBLISHED,
    'trainer own other org': NONE,
    "trainer other's same org": PUBLISHED,
    "trainer other's other org": NONE,
    'learner own same org': PUBLISHED,
    'learner own other org': NONE,
    "learner other's same org": PUBLISHED,
    "learner other's other org": NONE,
  });
});

describe('the audience', () => {
  const learner: MemberFacts = { roleId: ROLE.LEARNER, departmentId: 7, designationId: 3 };
  it.each([
    ['no audience: the whole organisation', null, learner, true],
    ['their department', { departments: [7], designations: [], roles: [] }, learner, true],
    ['their designation', { departments: [8], designations: [3], roles: [] }, learner, true],
    ['their role', { departments: [], designations: [], roles: [ROLE.LEARNER] }, learner, true],
    [
      'none of theirs',
      { departments: [8], designations: [4], roles: [ROLE.TRAINER] },
      learner,
      false,
    ],
    ['not a member', null, null, false],
  ] as const)('%s', (_name, audience, who, expected) => {
    expect(
      inAudience(audience ? ({ ...audience, roles: [...audience.roles] } as never) : null, who),
    ).toBe(expected);
  });

  it('a learner outside the audience neither sees nor enrols; enrolled, they still see it', () => {
    const actor = { userId: 5, organisationId: 1, roleId: ROLE.LEARNER, isSuperadmin: false };
    const facts: EventFacts = {
      organisationId: 1,
      createdBy: 9,
      status: 'published',
      audience: { departments: [8], designations: [], roles: [] },
      enrolment: 'open',
      lastEndsAt: FUTURE,
      cpdValue: null,
    };
    expect(canSeeEvent(actor, facts, learner, false)).toBe(false);
    expect(canEnrol(actor, facts, learner, NOW)).toBe(false);
    expect(canSeeEvent(actor, facts, learner, true)).toBe(true);
    expect(canSeeEvent(actor, { ...facts, audience: null }, learner, false)).toBe(true);
  });
});

describe('other rules', () => {
  it('admins and trainers create events; admins keep the types', () => {
    const roles = [ROLE.SUPERADMIN, ROLE.ADMIN, ROLE.TRAINER, ROLE.LEARNER] as const;
    const actor = (roleId: (typeof roles)[number]) => ({
      userId: 1,
      organisationId: 1,
      roleId,
      isSuperadmin: roleId === ROLE.SUPERADMIN,
    });
    expect(roles.map((r) => canCreateEvent(actor(r)))).toEqual([true, true, true, false]);
    expect(roles.map((r) => canManageEventTypes(actor(r), 1))).toEqual([true, true, false, false]);
    expect(roles.map((r) => canManageEventTypes(actor(r), 2))).toEqual([true, false, false, false]);
  });

  it('abilities: enrol only without a live enrolment and while seats are left; no edits once cancelled', () => {
    const actor = { userId: 5, organisationId: 1, roleId: ROLE.TRAINER, isSuperadmin: false };
    const facts: EventFacts = {
      organisationId: 1,
      createdBy: 5,
      status: 'published',
      audience: null,
      enrolment: 'open',
      lastEndsAt: FUTURE,
      cpdValue: null,
    };
    const me: MemberFacts = { roleId: ROLE.TRAINER, departmentId: null, designationId: null };
    const base = { member: me, hasLiveEnrolment: false, forCpd: false, full: false, now: NOW };
    expect(eventAbilities(actor, facts, base)).toEqual({
      edit: true,
      delete: true,
      enrol: true,
      enrol_for_cpd: false,
      cancel_enrolment: false,
      manage_enrolments: true,
    });
    expect(eventAbilities(actor, facts, { ...base, full: true }).enrol).toBe(false);
    expect(eventAbilities(actor, facts, { ...base, hasLiveEnrolment: true }).enrol).toBe(false);
    expect(eventAbilities(actor, { ...facts, enrolment: 'closed' }, base).enrol).toBe(false);
    expect(eventAbilities(actor, { ...facts, lastEndsAt: NOW }, base).enrol).toBe(false);
    expect(eventAbilities(actor, { ...facts, status: 'cancelled' }, base)).toMatchObject({
      edit: false,
      delete: false,
      enrol: false,
    });
  });

  it('abilities: CPD enrolment with a CPD value, anew or over a plain enrolment; cancel until it is over', () => {
    const actor = { userId: 9, organisationId: 1, roleId: ROLE.LEARNER, isSuperadmin: false };
    const cpd: EventFacts = {
      organisationId: 1,
      createdBy: 5,
      status: 'published',
      audience: null,
      enrolment: 'open',
      lastEndsAt: FUTURE,
      cpdValue: '2.00',
    };
    const me: MemberFacts = { roleId: ROLE.LEARNER, departmentId: null, designationId: null };
    const none = { member: me, hasLiveEnrolment: false, forCpd: false, full: false, now: NOW };
    const plain = { ...none, hasLiveEnrolment: true };
    const credited = { ...plain, forCpd: true };
    const pick = (a: ReturnType<typeof eventAbilities>) => [a.enrol_for_cpd, a.cancel_enrolment];
    expect(pick(eventAbilities(actor, cpd, none))).toEqual([true, false]);
    expect(pick(eventAbilities(actor, cpd, plain))).toEqual([true, true]);
    expect(pick(eventAbilities(actor, cpd, credited))).toEqual([false, true]);
    expect(pick(eventAbilities(actor, { ...cpd, cpdValue: null }, none))).toEqual([false, false]);
    expect(pick(eventAbilities(actor, cpd, { ...none, full: true }))).toEqual([false, false]);
    expect(pick(eventAbilities(actor, { ...cpd, lastEndsAt: NOW }, plain))).toEqual([false, false]);
    expect(pick(eventAbilities(actor, { ...cpd, status: 'cancelled' }, plain))).toEqual([
      false,
      false,
    ]);
  });
});
