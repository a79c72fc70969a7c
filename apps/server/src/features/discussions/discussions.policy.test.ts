import type { TDiscussionKind } from '@atrium/contract';
import { describe, expect, it } from 'vitest';
import { actor, CASES, type Case, HOME_ORG, rowsOf } from '../../../test/policy-table.ts';
import {
  answerAbilities,
  canAccept,
  canAnswer,
  canCloseTopic,
  canDeleteAnswer,
  canDeleteTopic,
  canEditAnswer,
  canEditTopic,
  canManageTypes,
  canReact,
  canReadTopic,
  isModerator,
  type ScopeStanding,
  type TopicFacts,
  topicAbilities,
} from './discussions.policy.ts';

/**
 * The table of discussions' rules: each case (role × own or someone else's topic × same or other
 * organisation) against the caller's standing in the topic's scope: a member (any member of the
 * organisation for an organisation topic; an enrolled or booked learner for a course, path or
 * class), its manager (the course's or path's managers, the class's trainers), or outside it.
 */

const STANDINGS: Record<'member' | 'manager' | 'outside', ScopeStanding> = {
  member: { member: true, manager: false },
  manager: { member: false, manager: true },
  outside: { member: false, manager: false },
};
type Row = [member: 0 | 1, manager: 0 | 1, outside: 0 | 1];
const ORDER = ['member', 'manager', 'outside'] as const;

const topic = (c: Case, state: Partial<TopicFacts> = {}): TopicFacts => ({
  organisationId: c.organisationId,
  userId: c.ownerId,
  locked: false,
  closed: false,
  kind: 'question',
  ...state,
});

function table(rule: (c: Case, s: ScopeStanding) => boolean, rows: Record<string, Row>) {
  it.each(rowsOf(rows).map(([c, row]) => [c.name, c, row] as const))('%s', (_n, c, row) => {
    expect(
      ORDER.map((k) => (rule(c, STANDINGS[k]) ? 1 : 0)),
      ORDER.join(' '),
    ).toEqual(row);
  });
}

const ALL: Row = [1, 1, 1];
const NONE: Row = [0, 0, 0];
const INSIDE: Row = [1, 1, 0];
const MANAGES: Row = [0, 1, 0];

/** Everyone's row the same way: admins (and a superadmin at home) all, the others `others`. */
function byRole(own: { admin: Row; other: Row }, others: { admin: Row; other: Row }) {
  const rows: Record<string, Row> = {};
  for (const c of CASES) {
    const admin = c.role === 'admin' || c.role === 'superadmin';
    const pick = c.own ? own : others;
    rows[c.name] = c.sameOrg ? (admin ? pick.admin : pick.other) : NONE;
  }
  return rows;
}

describe('canReadTopic: its scope’s people and the organisation’s admins, never another organisation', () => {
  table(
    (c, s) => canReadTopic(c.actor, topic(c), s),
    byRole({ admin: ALL, other: INSIDE }, { admin: ALL, other: INSIDE }),
  );
});

describe('isModerator: admins and the scope’s managers', () => {
  table(
    (c, s) => isModerator(c.actor, topic(c), s),
    byRole({ admin: ALL, other: MANAGES }, { admin: ALL, other: MANAGES }),
  );
});

describe('canEditTopic: its author, who still reads it', () => {
  table(
    (c, s) => canEditTopic(c.actor, topic(c), s),
    byRole({ admin: ALL, other: INSIDE }, { admin: NONE, other: NONE }),
  );
});

describe('canEditTopic while locked: only an author who moderates', () => {
  table(
    (c, s) => canEditTopic(c.actor, topic(c, { locked: true }), s),
    byRole({ admin: ALL, other: MANAGES }, { admin: NONE, other: NONE }),
  );
});

describe('canCloseTopic: moderators, and its author while not locked', () => {
  table(
    (c, s) => canCloseTopic(c.actor, topic(c), s),
    byRole({ admin: ALL, other: INSIDE }, { admin: ALL, other: MANAGES }),
  );
  it('a locked topic: its author who does not moderate may not reopen it', () => {
    const c = CASES.find((x) => x.name === 'learner own same org')!;
    expect(canCloseTopic(c.actor, topic(c, { locked: true }), STANDINGS.member)).toBe(false);
    expect(canCloseTopic(c.actor, topic(c, { locked: true }), STANDINGS.manager)).toBe(true);
  });
});

describe('canDeleteTopic: moderators; its author while nobody else answered', () => {
  table(
    (c, s) => canDeleteTopic(c.actor, topic(c), s, false),
    byRole({ admin: ALL, other: INSIDE }, { admin: ALL, other: MANAGES }),
  );
  describe('once someone else answered', () => {
    table(
      (c, s) => canDeleteTopic(c.actor, topic(c), s, true),
      byRole({ admin: ALL, other: MANAGES }, { admin: ALL, other: MANAGES }),
    );
  });
});

describe('canAnswer and canReact: its readers while open; moderators always', () => {
  const readers = byRole({ admin: ALL, other: INSIDE }, { admin: ALL, other: INSIDE });
  const moderators = byRole({ admin: ALL, other: MANAGES }, { admin: ALL, other: MANAGES });
  describe('open', () => table((c, s) => canAnswer(c.actor, topic(c), s), readers));
  describe('closed', () =>
    table((c, s) => canAnswer(c.actor, topic(c, { closed: true }), s), moderators));
  describe('locked', () =>
    table((c, s) => canAnswer(c.actor, topic(c, { locked: true }), s), moderators));
  describe('react, open', () => table((c, s) => canReact(c.actor, topic(c), s), readers));
  describe('react, closed (reactions stay open)', () =>
    table((c, s) => canReact(c.actor, topic(c, { closed: true }), s), readers));
  describe('react, locked', () =>
    table((c, s) => canReact(c.actor, topic(c, { locked: true }), s), moderators));
});

describe('canAccept: a question’s author and moderators', () => {
  table(
    (c, s) => canAccept(c.actor, topic(c), s),
    byRole({ admin: ALL, other: INSIDE }, { admin: ALL, other: MANAGES }),
  );
  it.each(['idea', 'general'] as TDiscussionKind[])('never for a topic of kind %s', (kind) => {
    for (const c of CASES) {
      for (const s of Object.values(STANDINGS)) {
        expect(canAccept(c.actor, topic(c, { kind }), s)).toBe(false);
      }
    }
  });
  it('while locked, only moderators', () => {
    const c = CASES.find((x) => x.name === 'learner own same org')!;
    expect(canAccept(c.actor, topic(c, { locked: true }), STANDINGS.member)).toBe(false);
    expect(canAccept(c.actor, topic(c, { locked: true }), STANDINGS.manager)).toBe(true);
  });
});

/** The answer's owner is the case's owner; the topic is someone else's (the table's subject is the answer). */
const answerCase = (c: Case) => ({
  t: { ...topic(c), userId: 99 },
  a: { userId: c.ownerId, parentId: null },
});

describe('canEditAnswer: its author, not while the topic is locked (unless moderating)', () => {
  table(
    (c, s) => {
      const { t, a } = answerCase(c);
      return canEditAnswer(c.actor, t, s, a);
    },
    byRole({ admin: ALL, other: INSIDE }, { admin: NONE, other: NONE }),
  );
  describe('locked', () =>
    table(
      (c, s) => {
        const { t, a } = answerCase(c);
        return canEditAnswer(c.actor, { ...t, locked: true }, s, a);
      },
      byRole({ admin: ALL, other: MANAGES }, { admin: NONE, other: NONE }),
    ));
});

describe('canDeleteAnswer: its author and moderators', () => {
  table(
    (c, s) => {
      const { t, a } = answerCase(c);
      return canDeleteAnswer(c.actor, t, s, a);
    },
    byRole({ admin: ALL, other: INSIDE }, { admin: ALL, other: MANAGES }),
  );
});

describe('canManageTypes: the organisation’s admins (a superadmin in theirs)', () => {
  it.each([
    ['superadmin', HOME_ORG, true],
    ['admin', HOME_ORG, true],
    ['trainer', HOME_ORG, false],
    ['learner', HOME_ORG, false],
    ['superadmin', 2, false],
    ['admin', 2, false],
  ] as const)('%s of organisation %s', (role, org, allowed) => {
    expect(canManageTypes(actor(role), org)).toBe(allowed);
  });
});

describe('abilities', () => {
  it('a learner’s own open question', () => {
    const c = CASES.find((x) => x.name === 'learner own same org')!;
    expect(topicAbilities(c.actor, topic(c), STANDINGS.member, false)).toEqual({
      edit: true,
      delete: true,
      answer: true,
      react: true,
      follow: true,
      moderate: false,
      close: true,
      accept: true,
    });
    expect(topicAbilities(c.actor, topic(c), STANDINGS.member, true).delete).toBe(false);
  });
  it('a reply has no replies; an answer of theirs in someone’s locked topic', () => {
    const c = CASES.find((x) => x.name === 'learner own same org')!;
    const locked = { ...topic(c, { locked: true }), userId: 99 };
    expect(
      answerAbilities(c.actor, locked, STANDINGS.member, { userId: c.ownerId, parentId: null }),
    ).toEqual({ edit: false, delete: true, reply: false, accept: false, react: false });
    expect(
      answerAbilities(c.actor, topic(c), STANDINGS.member, { userId: 99, parentId: 5 }).reply,
    ).toBe(false);
  });
});
