import { describe, expect, it } from 'vitest';
import { rowsOf } from '../../../test/policy-table.ts';
import {
  canComment,
  canDeleteComment,
  canDeletePost,
  canEditComment,
  canEditPost,
  canReadPost,
  canSeeModerated,
} from './wall.policy.ts';

/*
 * The wall's rules over role × ownership × organisation. The wall is the organisation's alone:
 * nobody outside it (not a superadmin signed in elsewhere) reads or acts on a post. Authors edit;
 * authors and admins (superadmins signed in to the organisation) delete.
 */

/** Members of the organisation, every role. */
const MEMBERS: Record<string, boolean> = {
  'superadmin own same org': true,
  "superadmin other's same org": true,
  'superadmin own other org': false,
  "superadmin other's other org": false,
  'admin own same org': true,
  "admin other's same org": true,
  'admin own other org': false,
  "admin other's other org": false,
  'trainer own same org': true,
  "trainer other's same org": true,
  'trainer own other org': false,
  "trainer other's other org": false,
  'learner own same org': true,
  "learner other's same org": true,
  'learner own other org': false,
  "learner other's other org": false,
};

/** The author, in the organisation. */
const AUTHOR: Record<string, boolean> = Object.fromEntries(
  Object.keys(MEMBERS).map((k) => [k, k.includes(' own same org')]),
);

/** The author or an admin (or a superadmin) of the organisation. */
const AUTHOR_OR_ADMIN: Record<string, boolean> = Object.fromEntries(
  Object.keys(MEMBERS).map((k) => [
    k,
    k.endsWith('same org') && (k.includes(' own ') || /^(superadmin|admin) /.test(k)),
  ]),
);

const post = (c: { ownerId: number; organisationId: number }, kind: 'post' | 'achievement') => ({
  userId: c.ownerId,
  organisationId: c.organisationId,
  kind,
});

describe('posts', () => {
  it.each(rowsOf(MEMBERS).map(([c, row]) => [c.name, c, row] as const))(
    'read, comment, react: %s',
    (_n, c, row) => {
      expect(canReadPost(c.actor, post(c, 'post'))).toBe(row);
      expect(canComment(c.actor, post(c, 'post'))).toBe(row);
    },
  );
  it.each(rowsOf(AUTHOR).map(([c, row]) => [c.name, c, row] as const))('edit: %s', (_n, c, row) => {
    expect(canEditPost(c.actor, post(c, 'post'))).toBe(row);
    // Atrium's words: not even their subject edits an achievement.
    expect(canEditPost(c.actor, post(c, 'achievement'))).toBe(false);
  });
  it.each(rowsOf(AUTHOR_OR_ADMIN).map(([c, row]) => [c.name, c, row] as const))(
    'delete: %s',
    (_n, c, row) => {
      expect(canDeletePost(c.actor, post(c, 'post'))).toBe(row);
      expect(canDeletePost(c.actor, post(c, 'achievement'))).toBe(row);
    },
  );
});

describe('comments (the comment is owned as the case says, on someone else’s post)', () => {
  const SOMEONE = 999;
  it.each(rowsOf(AUTHOR).map(([c, row]) => [c.name, c, row] as const))('edit: %s', (_n, c, row) => {
    const p = { userId: SOMEONE, organisationId: c.organisationId, kind: 'post' as const };
    expect(canEditComment(c.actor, p, { userId: c.ownerId })).toBe(row);
  });
  it.each(rowsOf(AUTHOR_OR_ADMIN).map(([c, row]) => [c.name, c, row] as const))(
    'delete: %s',
    (_n, c, row) => {
      const p = { userId: SOMEONE, organisationId: c.organisationId, kind: 'post' as const };
      expect(canDeleteComment(c.actor, p, { userId: c.ownerId })).toBe(row);
    },
  );
  it('the post’s author deletes any comment on it, in their organisation only', () => {
    const own = rowsOf(MEMBERS).find(([c]) => c.name === 'learner own same org')?.[0];
    const mine = {
      userId: own!.ownerId,
      organisationId: own!.organisationId,
      kind: 'post' as const,
    };
    expect(canDeleteComment(own!.actor, mine, { userId: SOMEONE })).toBe(true);
    expect(canEditComment(own!.actor, mine, { userId: SOMEONE })).toBe(false);
    expect(canDeleteComment(own!.actor, { ...mine, organisationId: 2 }, { userId: SOMEONE })).toBe(
      false,
    );
  });
});

describe('held and hidden posts and comments (features/moderation)', () => {
  const seen = (
    c: Parameters<typeof canReadPost>[0],
    owner: number,
    org: number,
    state: 'visible' | 'held' | 'hidden',
  ) =>
    canReadPost(c, { organisationId: org }) &&
    canSeeModerated(c, { userId: owner, moderationState: state }, org);
  it.each(rowsOf(MEMBERS).map(([c, row]) => [c.name, c, row] as const))(
    'visible: %s',
    (_n, c, row) => {
      expect(seen(c.actor, c.ownerId, c.organisationId, 'visible')).toBe(row);
    },
  );
  for (const state of ['held', 'hidden'] as const) {
    it.each(rowsOf(AUTHOR_OR_ADMIN).map(([c, row]) => [c.name, c, row] as const))(
      `${state}: %s`,
      (_n, c, row) => {
        expect(seen(c.actor, c.ownerId, c.organisationId, state)).toBe(row);
      },
    );
  }
});
