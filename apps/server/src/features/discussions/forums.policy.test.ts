import { FORUM_EDIT_WINDOW_MINUTES, type TForumSubscriptionMode } from '@atrium/contract';
import { describe, expect, it } from 'vitest';
import { CASES, type Case, rowsOf } from '../../../test/policy-table.ts';
import {
  canEditAnswer,
  canEditTopic,
  type ScopeStanding,
  type TopicFacts,
  topicAbilities,
} from './discussions.policy.ts';
import {
  canChooseSubscription,
  canManageForum,
  canReadForum,
  effectiveSubscription,
  type ForumFacts,
  forumAbilities,
} from './forums.policy.ts';

/**
 * The table of forums' rules: each case (role × same or other organisation; forums have no
 * owner, so "own" changes nothing) against the caller's standing in the forum's place, for an
 * organisation forum and a course forum; then the edit window of forum posts.
 */

const STANDINGS: Record<'member' | 'manager' | 'outside', ScopeStanding> = {
  member: { member: true, manager: false },
  manager: { member: false, manager: true },
  outside: { member: false, manager: false },
};
type Row = [member: 0 | 1, manager: 0 | 1, outside: 0 | 1];
const ORDER = ['member', 'manager', 'outside'] as const;
const ALL: Row = [1, 1, 1];
const NONE: Row = [0, 0, 0];
const INSIDE: Row = [1, 1, 0];
const MANAGES: Row = [0, 1, 0];

const forum = (c: Case, over: Partial<ForumFacts> = {}): ForumFacts => ({
  organisationId: c.organisationId,
  scope: 'course',
  mode: 'optional',
  ...over,
});

function table(rule: (c: Case, s: ScopeStanding) => boolean, rows: Record<string, Row>) {
  it.each(rowsOf(rows).map(([c, row]) => [c.name, c, row] as const))('%s', (_n, c, row) => {
    expect(
      ORDER.map((k) => (rule(c, STANDINGS[k]) ? 1 : 0)),
      ORDER.join(' '),
    ).toEqual(row);
  });
}

/** Admins (and a superadmin at home) `admin`, the others `other`; nothing in another organisation. */
function byRole(admin: Row, other: Row) {
  const rows: Record<string, Row> = {};
  for (const c of CASES) {
    const isAdmin = c.role === 'admin' || c.role === 'superadmin';
    rows[c.name] = c.sameOrg ? (isAdmin ? admin : other) : NONE;
  }
  return rows;
}

describe('canReadForum: its place’s people and the admins, never another organisation', () => {
  table((c, s) => canReadForum(c.actor, forum(c), s), byRole(ALL, INSIDE));
});

describe('canManageForum, a course forum: admins and the course’s managers', () => {
  table((c, s) => canManageForum(c.actor, forum(c), s), byRole(ALL, MANAGES));
});

describe('canManageForum, an organisation forum: admins only', () => {
  table(
    (c, s) => canManageForum(c.actor, forum(c, { scope: 'organisation' }), s),
    byRole(ALL, NONE),
  );
});

describe('canChooseSubscription: its readers, in the optional and auto modes only', () => {
  for (const mode of ['optional', 'auto'] as const) {
    describe(mode, () =>
      table((c, s) => canChooseSubscription(c.actor, forum(c, { mode }), s), byRole(ALL, INSIDE)),
    );
  }
  for (const mode of ['forced', 'off'] as const) {
    describe(mode, () =>
      table((c, s) => canChooseSubscription(c.actor, forum(c, { mode }), s), byRole(NONE, NONE)),
    );
  }
});

describe('effectiveSubscription: the mode, then the person’s own choice', () => {
  const cases: [TForumSubscriptionMode, boolean | null, boolean][] = [
    ['optional', null, false],
    ['optional', true, true],
    ['optional', false, false],
    ['auto', null, true],
    ['auto', true, true],
    ['auto', false, false],
    ['forced', null, true],
    ['forced', false, true],
    ['off', null, false],
    ['off', true, false],
  ];
  it.each(cases)('%s with choice %s → %s', (mode, choice, expected) => {
    expect(effectiveSubscription(mode, choice)).toBe(expected);
  });
});

describe('forumAbilities', () => {
  it('a learner of the course: post and subscribe, not manage', () => {
    const c = CASES.find((x) => x.name === 'learner own same org')!;
    expect(forumAbilities(c.actor, forum(c), STANDINGS.member)).toEqual({
      edit: false,
      delete: false,
      post: true,
      subscribe: true,
    });
    expect(forumAbilities(c.actor, forum(c, { mode: 'forced' }), STANDINGS.member).subscribe).toBe(
      false,
    );
  });
});

describe(`the ${FORUM_EDIT_WINDOW_MINUTES}-minute edit window of forum posts`, () => {
  const POSTED = new Date('2026-03-01T10:00:00Z');
  const at = (minutes: number) => new Date(POSTED.getTime() + minutes * 60_000);
  const topic = (c: Case, over: Partial<TopicFacts> = {}): TopicFacts => ({
    organisationId: c.organisationId,
    userId: c.ownerId,
    locked: false,
    closed: false,
    kind: 'general',
    forum: true,
    createdAt: POSTED,
    ...over,
  });
  /** Rows: [within the window, after it, after it outside forums], each for member/manager/outside. */
  type Window = [Row, Row, Row];
  const windowRows = (own: { admin: Window; other: Window }) => {
    const rows: Record<string, Window> = {};
    for (const c of CASES) {
      const isAdmin = c.role === 'admin' || c.role === 'superadmin';
      rows[c.name] = c.sameOrg && c.own ? (isAdmin ? own.admin : own.other) : [NONE, NONE, NONE];
    }
    return rows;
  };
  const expected = windowRows({ admin: [ALL, ALL, ALL], other: [INSIDE, MANAGES, INSIDE] });

  it.each(rowsOf(expected).map(([c, row]) => [c.name, c, row] as const))(
    'topic: %s',
    (_n, c, row) => {
      const pick = (t: TopicFacts, now: Date) =>
        ORDER.map((k) => (canEditTopic(c.actor, t, STANDINGS[k], now) ? 1 : 0));
      expect([
        pick(topic(c), at(FORUM_EDIT_WINDOW_MINUTES - 1)),
        pick(topic(c), at(FORUM_EDIT_WINDOW_MINUTES)),
        pick(topic(c, { forum: false }), at(600)),
      ]).toEqual(row);
    },
  );

  it.each(rowsOf(expected).map(([c, row]) => [c.name, c, row] as const))(
    'answer: %s',
    (_n, c, row) => {
      // The thread is someone else's: the answer's own time is what counts.
      const t = (forum: boolean): TopicFacts => ({ ...topic(c, { forum }), userId: 99 });
      const a = { userId: c.ownerId, parentId: null, createdAt: POSTED };
      const pick = (forumThread: boolean, now: Date) =>
        ORDER.map((k) => (canEditAnswer(c.actor, t(forumThread), STANDINGS[k], a, now) ? 1 : 0));
      expect([
        pick(true, at(FORUM_EDIT_WINDOW_MINUTES - 1)),
        pick(true, at(FORUM_EDIT_WINDOW_MINUTES)),
        pick(false, at(600)),
      ]).toEqual(row);
    },
  );

  it('abilities.edit follows the window; the rest does not', () => {
    const c = CASES.find((x) => x.name === 'learner own same org')!;
    const before = topicAbilities(c.actor, topic(c), STANDINGS.member, false, at(5));
    const after = topicAbilities(c.actor, topic(c), STANDINGS.member, false, at(31));
    expect(before.edit).toBe(true);
    expect(after).toEqual({ ...before, edit: false });
  });
});
