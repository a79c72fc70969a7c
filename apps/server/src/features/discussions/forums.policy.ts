import type { TForumAbilities, TForumScope, TForumSubscriptionMode } from '@atrium/contract';
import type { Actor } from '../../core/auth/actor.ts';
import { canUseScope, isOrganisationAdmin, type ScopeStanding } from './discussions.policy.ts';

/**
 * Who may do what with forums, as pure predicates (forums.policy.test.ts is their table). A forum
 * lives where a discussion may: the organisation, or one course; so it is read by the same people
 * (canUseScope: every member, or the course's learners and managers, and always the admins).
 * Admins manage every forum of theirs, a course's managers the course's forums. Its threads are
 * discussions, under discussions.policy.ts.
 */

export interface ForumFacts {
  organisationId: number;
  scope: TForumScope;
  mode: TForumSubscriptionMode;
}

export const canReadForum = (actor: Actor, f: ForumFacts, s: ScopeStanding): boolean =>
  canUseScope(actor, f.organisationId, s);

/** Rename, describe, change the mode, delete: admins; for a course forum its managers too. */
export function canManageForum(actor: Actor, f: ForumFacts, s: ScopeStanding): boolean {
  if (actor.organisationId !== f.organisationId) return false;
  return isOrganisationAdmin(actor, f.organisationId) || (f.scope === 'course' && s.manager);
}

/** Start a thread: anyone who reads it. */
export const canPostInForum = canReadForum;

/** A person's own choice counts only in the optional and auto modes. */
export const modeLetsChoose = (mode: TForumSubscriptionMode) =>
  mode === 'optional' || mode === 'auto';

export function canChooseSubscription(actor: Actor, f: ForumFacts, s: ScopeStanding): boolean {
  return canReadForum(actor, f, s) && modeLetsChoose(f.mode);
}

/**
 * Whether new posts reach someone who reads the forum: forced always, off never, auto unless
 * they left, optional once they joined (`choice` is their stored row, null without one).
 */
export function effectiveSubscription(
  mode: TForumSubscriptionMode,
  choice: boolean | null,
): boolean {
  if (mode === 'forced') return true;
  if (mode === 'off') return false;
  if (mode === 'auto') return choice ?? true;
  return choice ?? false;
}

export function forumAbilities(actor: Actor, f: ForumFacts, s: ScopeStanding): TForumAbilities {
  const manage = canManageForum(actor, f, s);
  return {
    edit: manage,
    delete: manage,
    post: canPostInForum(actor, f, s),
    subscribe: canChooseSubscription(actor, f, s),
  };
}
