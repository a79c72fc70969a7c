import { type Actor, isAdminOf, withinOrganisation } from '../../core/auth/actor.ts';
import type { ModerationState } from '../../core/moderation-target.ts';

/**
 * Who may do what with blog posts and comments, as pure predicates over rows already loaded
 * (blogs.policy.test.ts is their table). `permitted` says whether the caller is in the post's
 * organisation's blog_authors (the loader reads it once per request).
 *
 * - Published, visible posts: every member of the organisation (superadmins anywhere).
 * - Drafts, and held or hidden posts: their author and the organisation's admins; for anyone else
 *   they do not exist (404).
 * - Writing: admins and superadmins always, permitted authors of the organisation.
 * - Editing, publishing and deleting a post: its author while still permitted, or an admin.
 * - Comments: on published, visible posts only. Edit: the comment's author. Delete: the comment's
 *   author, the post's author or an admin. A held or hidden comment shows to its author and
 *   admins only.
 */

export interface BlogPostFacts {
  organisationId: number;
  authorId: number | null;
  status: 'draft' | 'published';
  moderationState: ModerationState;
}

export interface BlogCommentFacts {
  authorId: number;
  moderationState: ModerationState;
}

const isAuthor = (actor: Actor, post: Pick<BlogPostFacts, 'authorId'>) =>
  post.authorId !== null && post.authorId === actor.userId;

export const canReadPost = (actor: Actor, post: BlogPostFacts): boolean => {
  if (!withinOrganisation(actor, post.organisationId)) return false;
  if (isAdminOf(actor, post.organisationId) || isAuthor(actor, post)) return true;
  return post.status === 'published' && post.moderationState === 'visible';
};

/** Writing a post in the organisation (the list's `create`). */
export const canCreatePost = (actor: Actor, organisationId: number, permitted: boolean): boolean =>
  withinOrganisation(actor, organisationId) &&
  (isAdminOf(actor, organisationId) || (permitted && actor.organisationId === organisationId));

export const canEditPost = (actor: Actor, post: BlogPostFacts, permitted: boolean): boolean =>
  canReadPost(actor, post) &&
  (isAdminOf(actor, post.organisationId) || (isAuthor(actor, post) && permitted));

export const canDeletePost = canEditPost;
export const canPublishPost = canEditPost;

export const canCommentOn = (actor: Actor, post: BlogPostFacts): boolean =>
  canReadPost(actor, post) && post.status === 'published' && post.moderationState === 'visible';

export const canManageAuthors = (actor: Actor, organisationId: number): boolean =>
  isAdminOf(actor, organisationId) && withinOrganisation(actor, organisationId);

export const canSeeComment = (
  actor: Actor,
  post: BlogPostFacts,
  comment: BlogCommentFacts,
): boolean =>
  canReadPost(actor, post) &&
  (comment.moderationState === 'visible' ||
    comment.authorId === actor.userId ||
    isAdminOf(actor, post.organisationId));

export const canEditComment = (
  actor: Actor,
  post: BlogPostFacts,
  comment: BlogCommentFacts,
): boolean => canSeeComment(actor, post, comment) && comment.authorId === actor.userId;

export const canDeleteComment = (
  actor: Actor,
  post: BlogPostFacts,
  comment: BlogCommentFacts,
): boolean =>
  canSeeComment(actor, post, comment) &&
  (comment.authorId === actor.userId ||
    isAuthor(actor, post) ||
    isAdminOf(actor, post.organisationId));

export const postAbilities = (actor: Actor, post: BlogPostFacts, permitted: boolean) => ({
  edit: canEditPost(actor, post, permitted),
  delete: canDeletePost(actor, post, permitted),
  comment: canCommentOn(actor, post),
  publish: canPublishPost(actor, post, permitted),
});

export const commentAbilities = (actor: Actor, post: BlogPostFacts, comment: BlogCommentFacts) => ({
  edit: canEditComment(actor, post, comment),
  delete: canDeleteComment(actor, post, comment),
});
