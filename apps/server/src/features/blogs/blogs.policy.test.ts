import { describe, expect, it } from 'vitest';
import {
  actor,
  HOME_ORG,
  ME,
  OTHER_ORG,
  rowsOf,
  SOMEONE_ELSE,
} from '../../../test/policy-table.ts';
import {
  type BlogPostFacts,
  canCommentOn,
  canCreatePost,
  canDeleteComment,
  canDeletePost,
  canEditComment,
  canEditPost,
  canManageAuthors,
  canReadPost,
  canSeeComment,
  postAbilities,
} from './blogs.policy.ts';

/*
 * The blog rules over role × ownership × organisation, for a published post, a draft, a held
 * post, and editing as a permitted author or as someone whose grant was taken back.
 * Columns: read published · read draft · read held · edit while permitted · edit not permitted.
 */
type Row = [boolean, boolean, boolean, boolean, boolean];
const T = true;
const F = false;

const POSTS: Record<string, Row> = {
  'superadmin own same org': [T, T, T, T, T],
  "superadmin other's same org": [T, T, T, T, T],
  'superadmin own other org': [T, T, T, T, T],
  "superadmin other's other org": [T, T, T, T, T],
  'admin own same org': [T, T, T, T, T],
  "admin other's same org": [T, T, T, T, T],
  'admin own other org': [F, F, F, F, F],
  "admin other's other org": [F, F, F, F, F],
  'trainer own same org': [T, T, T, T, F],
  "trainer other's same org": [T, F, F, F, F],
  'trainer own other org': [F, F, F, F, F],
  "trainer other's other org": [F, F, F, F, F],
  'learner own same org': [T, T, T, T, F],
  "learner other's same org": [T, F, F, F, F],
  'learner own other org': [F, F, F, F, F],
  "learner other's other org": [F, F, F, F, F],
};

const post = (
  c: { ownerId: number; organisationId: number },
  over: Partial<BlogPostFacts> = {},
): BlogPostFacts => ({
  organisationId: c.organisationId,
  authorId: c.ownerId,
  status: 'published',
  moderationState: 'visible',
  ...over,
});

describe('posts', () => {
  it.each(rowsOf(POSTS).map(([c, row]) => [c.name, c, row] as const))('%s', (_n, c, row) => {
    const [published, draft, held, editPermitted, editNotPermitted] = row;
    expect(canReadPost(c.actor, post(c))).toBe(published);
    expect(canReadPost(c.actor, post(c, { status: 'draft' }))).toBe(draft);
    expect(canReadPost(c.actor, post(c, { moderationState: 'held' }))).toBe(held);
    expect(canReadPost(c.actor, post(c, { moderationState: 'hidden' }))).toBe(held);
    expect(canEditPost(c.actor, post(c), true)).toBe(editPermitted);
    expect(canEditPost(c.actor, post(c), false)).toBe(editNotPermitted);
    expect(canDeletePost(c.actor, post(c), true)).toBe(editPermitted);
    expect(postAbilities(c.actor, post(c), true).publish).toBe(editPermitted);
    // Comments: on what the caller reads, published and visible only.
    expect(canCommentOn(c.actor, post(c))).toBe(published);
    expect(canCommentOn(c.actor, post(c, { status: 'draft' }))).toBe(false);
    expect(canCommentOn(c.actor, post(c, { moderationState: 'held' }))).toBe(false);
  });

  it('a post whose author is gone is the admins’ alone', () => {
    const orphan = { organisationId: HOME_ORG, authorId: null, status: 'draft' as const };
    const facts = { ...orphan, moderationState: 'visible' as const };
    expect(canReadPost(actor('learner'), facts)).toBe(false);
    expect(canEditPost(actor('admin'), facts, false)).toBe(true);
    expect(canEditPost(actor('trainer'), { ...facts, status: 'published' }, true)).toBe(false);
  });
});

describe('writing and the authors list', () => {
  it.each([
    ['superadmin', false, HOME_ORG, true],
    ['superadmin', false, OTHER_ORG, true],
    ['admin', false, HOME_ORG, true],
    ['admin', true, OTHER_ORG, false],
    ['trainer', false, HOME_ORG, false],
    ['trainer', true, HOME_ORG, true],
    ['learner', true, HOME_ORG, true],
    ['learner', true, OTHER_ORG, false],
  ] as const)('%s (permitted %s) in org %s: create %s', (role, permitted, org, expected) => {
    expect(canCreatePost(actor(role), org, permitted)).toBe(expected);
  });

  it.each([
    ['superadmin', true],
    ['admin', true],
    ['trainer', false],
    ['learner', false],
  ] as const)('%s manages authors: %s', (role, expected) => {
    expect(canManageAuthors(actor(role), HOME_ORG)).toBe(expected);
    expect(canManageAuthors(actor('admin'), OTHER_ORG)).toBe(false);
  });
});

describe('comments on someone else’s published post', () => {
  const someonesPost = post({ ownerId: 999, organisationId: HOME_ORG });
  const mine = { authorId: ME, moderationState: 'visible' as const };
  const theirs = { authorId: SOMEONE_ELSE, moderationState: 'visible' as const };

  it.each([
    // role, comment, edit, delete
    ['learner', mine, true, true],
    ['learner', theirs, false, false],
    ['admin', theirs, false, true],
    ['superadmin', theirs, false, true],
    ['trainer', theirs, false, false],
  ] as const)('%s: edit %s, delete %s', (role, comment, edit, del) => {
    expect(canEditComment(actor(role), someonesPost, comment)).toBe(edit);
    expect(canDeleteComment(actor(role), someonesPost, comment)).toBe(del);
  });

  it('the post’s author deletes any comment on it but edits none', () => {
    const myPost = post({ ownerId: ME, organisationId: HOME_ORG });
    expect(canDeleteComment(actor('learner'), myPost, theirs)).toBe(true);
    expect(canEditComment(actor('learner'), myPost, theirs)).toBe(false);
  });

  it('a held or hidden comment shows to its author and admins only', () => {
    for (const state of ['held', 'hidden'] as const) {
      expect(
        canSeeComment(actor('learner'), someonesPost, { ...mine, moderationState: state }),
      ).toBe(true);
      expect(
        canSeeComment(actor('learner'), someonesPost, { ...theirs, moderationState: state }),
      ).toBe(false);
      expect(
        canSeeComment(actor('admin'), someonesPost, { ...theirs, moderationState: state }),
      ).toBe(true);
      expect(
        canDeleteComment(actor('trainer'), someonesPost, { ...theirs, moderationState: state }),
      ).toBe(false);
    }
  });

  it('another organisation’s comments do not exist for a member', () => {
    const elsewhere = post({ ownerId: 999, organisationId: OTHER_ORG });
    expect(canSeeComment(actor('admin'), elsewhere, theirs)).toBe(false);
    expect(canDeleteComment(actor('admin'), elsewhere, theirs)).toBe(false);
  });
});
