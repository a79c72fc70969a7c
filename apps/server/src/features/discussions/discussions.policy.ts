import {
  ROLE,
  type TDiscussionAbilities,
  type TDiscussionAnswer,
  type TDiscussionKind,
} from '@atrium/contract';
import type { Actor } from '../../core/auth/actor.ts';

/**
 * Who may do what with discussions, as pure predicates over facts already loaded: no query, no
 * throw. discussions.access.ts turns them into 404/403/409 and discussions.scopes.ts into SQL;
 * discussions.policy.test.ts is their table.
 *
 * A topic belongs to its organisation; nobody reaches another organisation's topics (a
 * superadmin acts as an admin of the organisation they signed in to, and only there). Inside it,
 * a topic is read by its scope's people (the `ScopeStanding` the loader works out): every member
 * for the organisation, a course's or path's enrolled learners and managers, a class's booked
 * learners and trainers, and always the organisation's admins. Moderators (admins and the
 * scope's managers) pin, lock, close and delete anything, and answer and react even when it is
 * closed or locked; authors edit, close and delete their own within the rules below.
 */

export interface TopicFacts {
  organisationId: number;
  /** Its author. */
  userId: number;
  locked: boolean;
  closed: boolean;
  kind: TDiscussionKind;
}

/** The caller's place in a topic's scope (worked out by the loader; both false outside it). */
export interface ScopeStanding {
  /** Takes part: any member for the organisation, enrolled or booked learners for the others. */
  member: boolean;
  /** Manages the scope: the course's or path's managers, the class's trainers and managers. */
  manager: boolean;
}

export interface AnswerFacts {
  userId: number;
  parentId: number | null;
}

/** An admin of this organisation, or a superadmin signed in to it. */
export const isOrganisationAdmin = (actor: Actor, organisationId: number): boolean =>
  actor.organisationId === organisationId && (actor.isSuperadmin || actor.roleId === ROLE.ADMIN);

/** Types are the organisation's: its admins keep them. */
export const canManageTypes = isOrganisationAdmin;

/** Reads a scope's topics (and starts one there): its people and the organisation's admins. */
export function canUseScope(actor: Actor, organisationId: number, s: ScopeStanding): boolean {
  if (actor.organisationId !== organisationId) return false;
  return isOrganisationAdmin(actor, organisationId) || s.member || s.manager;
}

export const canReadTopic = (actor: Actor, t: TopicFacts, s: ScopeStanding) =>
  canUseScope(actor, t.organisationId, s);

/** Admins and the scope's managers: pin, lock, close, delete anything, answer whatever its state. */
export function isModerator(actor: Actor, t: TopicFacts, s: ScopeStanding): boolean {
  if (actor.organisationId !== t.organisationId) return false;
  return isOrganisationAdmin(actor, t.organisationId) || s.manager;
}

const isAuthor = (actor: Actor, owner: { userId: number }) => owner.userId === actor.userId;

/** Its author changes its type, title and text; not while it is locked, unless a moderator. */
export function canEditTopic(actor: Actor, t: TopicFacts, s: ScopeStanding): boolean {
  return canReadTopic(actor, t, s) && isAuthor(actor, t) && (!t.locked || isModerator(actor, t, s));
}

/** Closes and reopens it: moderators, and its author while it is not locked. */
export function canCloseTopic(actor: Actor, t: TopicFacts, s: ScopeStanding): boolean {
  return isModerator(actor, t, s) || (canReadTopic(actor, t, s) && isAuthor(actor, t) && !t.locked);
}

/** Moderators delete any; its author only while nobody else has answered. */
export function canDeleteTopic(
  actor: Actor,
  t: TopicFacts,
  s: ScopeStanding,
  answeredByOthers: boolean,
): boolean {
  return (
    isModerator(actor, t, s) ||
    (canReadTopic(actor, t, s) && isAuthor(actor, t) && !answeredByOthers)
  );
}

/** Answers and replies: its readers while it is open and not locked; moderators always. */
export function canAnswer(actor: Actor, t: TopicFacts, s: ScopeStanding): boolean {
  return isModerator(actor, t, s) || (canReadTopic(actor, t, s) && !t.closed && !t.locked);
}

/** Likes and dislikes: its readers unless it is locked; moderators always. */
export function canReact(actor: Actor, t: TopicFacts, s: ScopeStanding): boolean {
  return isModerator(actor, t, s) || (canReadTopic(actor, t, s) && !t.locked);
}

/** Accepts an answer of a question: its author (not while locked) and moderators. */
export function canAccept(actor: Actor, t: TopicFacts, s: ScopeStanding): boolean {
  if (t.kind !== 'question') return false;
  return isModerator(actor, t, s) || (canReadTopic(actor, t, s) && isAuthor(actor, t) && !t.locked);
}

/** An answer's author edits it, not while the topic is locked (unless a moderator). */
export function canEditAnswer(
  actor: Actor,
  t: TopicFacts,
  s: ScopeStanding,
  a: AnswerFacts,
): boolean {
  return canReadTopic(actor, t, s) && isAuthor(actor, a) && (!t.locked || isModerator(actor, t, s));
}

/** An answer's author deletes it (its replies go with it); moderators delete any. */
export function canDeleteAnswer(
  actor: Actor,
  t: TopicFacts,
  s: ScopeStanding,
  a: AnswerFacts,
): boolean {
  return isModerator(actor, t, s) || (canReadTopic(actor, t, s) && isAuthor(actor, a));
}

export function topicAbilities(
  actor: Actor,
  t: TopicFacts,
  s: ScopeStanding,
  answeredByOthers: boolean,
): TDiscussionAbilities {
  return {
    edit: canEditTopic(actor, t, s),
    delete: canDeleteTopic(actor, t, s, answeredByOthers),
    answer: canAnswer(actor, t, s),
    react: canReact(actor, t, s),
    follow: canReadTopic(actor, t, s),
    moderate: isModerator(actor, t, s),
    close: canCloseTopic(actor, t, s),
    accept: canAccept(actor, t, s),
  };
}

export function answerAbilities(
  actor: Actor,
  t: TopicFacts,
  s: ScopeStanding,
  a: AnswerFacts,
): TDiscussionAnswer['abilities'] {
  return {
    edit: canEditAnswer(actor, t, s, a),
    delete: canDeleteAnswer(actor, t, s, a),
    reply: a.parentId === null && canAnswer(actor, t, s),
    accept: canAccept(actor, t, s),
    react: canReact(actor, t, s),
  };
}
