import { type AccountActor, mayAdminister, type ProfileTarget } from '../profiles/index.ts';

/**
 * Whose side-menu permissions (get_permission/) the caller may read or change, as pure
 * predicates: the one rule of who administers whom (profiles' mayAdminister), and everyone
 * reads their own. permissions.policy.test.ts is their table.
 */

export const mayReadMenuOf = (actor: AccountActor, target: ProfileTarget): boolean =>
  target.userId === actor.userId || mayAdminister(actor, target);

export const mayChangeMenuOf = (actor: AccountActor, target: ProfileTarget): boolean =>
  mayAdminister(actor, target);
