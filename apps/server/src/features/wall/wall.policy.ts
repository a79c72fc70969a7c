import { type Actor, isAdminOf } from '../../core/auth/actor.ts';
import type { ModerationState } from '../../core/moderation-target.ts';

/**
 * Who may do what on the wall, as pure predicates over rows already loaded (wall.policy.test.ts
 * is their table). The wall is the organisation's: its members read, post, comment and react;
 * another organisation's post does not exist for them (404), superadmins included (they act in
 * the organisation they signed in to, as in discussions). Authors edit their own words; authors
 * and the organisation's admins delete.
 */

export interface PostFacts {
  organisationId: number;
  userId: number;
  kind: 'post' | 'achievement';
}

export interface CommentFacts {
  userId: number;
}

export const canReadPost = (actor: Actor, post: Pick<PostFacts, 'organisationId'>): boolean =>
  actor.organisationId === post.organisationId;

/**
 * Held and hidden words (features/moderation) show to their author and the organisation's
 * admins only; for everyone else they do not exist (404, left out of lists and counts).
 */
export const canSeeModerated = (
  actor: Actor,
  item: { userId: number; moderationState: ModerationState },
  organisationId: number,
): boolean =>
  item.moderationState === 'visible' ||
  item.userId === actor.userId ||
  isAdminOf(actor, organisationId);

/** Whether the caller sees every post and comment whatever its state (the feed's filter). */
export const seesAllModerated = (actor: Actor, organisationId: number): boolean =>
  isAdminOf(actor, organisationId);

/** The author, and only their own words: Atrium's achievement sentence is not editable. */
export const canEditPost = (actor: Actor, post: PostFacts): boolean =>
  canReadPost(actor, post) && post.userId === actor.userId && post.kind === 'post';

export const canDeletePost = (actor: Actor, post: PostFacts): boolean =>
  canReadPost(actor, post) &&
  (post.userId === actor.userId || isAdminOf(actor, post.organisationId));

export const canComment = (actor: Actor, post: PostFacts): boolean => canReadPost(actor, post);
export const canReact = (actor: Actor, post: PostFacts): boolean => canReadPost(actor, post);

export const canEditComment = (actor: Actor, post: PostFacts, comment: CommentFacts): boolean =>
  canReadPost(actor, post) && comment.userId === actor.userId;

/** The comment's author, the post's author (their thread) and the organisation's admins. */
export const canDeleteComment = (actor: Actor, post: PostFacts, comment: CommentFacts): boolean =>
  canReadPost(actor, post) &&
  (comment.userId === actor.userId ||
    post.userId === actor.userId ||
    isAdminOf(actor, post.organisationId));

export const postAbilities = (actor: Actor, post: PostFacts) => ({
  edit: canEditPost(actor, post),
  delete: canDeletePost(actor, post),
  comment: canComment(actor, post),
  react: canReact(actor, post),
});

export const commentAbilities = (actor: Actor, post: PostFacts, comment: CommentFacts) => ({
  edit: canEditComment(actor, post, comment),
  delete: canDeleteComment(actor, post, comment),
});
