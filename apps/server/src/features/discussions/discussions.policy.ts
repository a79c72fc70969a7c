import {
  FORUM_EDIT_WINDOW_MINUTES,
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
  /** A forum thread: its posts are editable by their authors only within the edit window. */
  forum?: boolean;
  /** When it was posted (the edit window of a forum thread runs from it). */
  createdAt?: Date;
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
  /** When it was posted (the edit window of an answer in a forum thread runs from it). */
  createdAt?: Date;
}

const EDIT_WINDOW_MS = FORUM_EDIT_WINDOW_MINUTES * 60_000;

/**
 * Whether a post may still be edited by its author: always outside forums; in a forum thread for
 * FORUM_EDIT_WINDOW_MINUTES after posting, as Moodle's maxeditingtime: subscribers are mailed
 * once it ends, so what they read is what stays (moderators may still correct it).
 */
export function withinEditWindow(t: TopicFacts, postedAt: Date | undefined, now: Date): boolean {
  if (!t.forum || postedAt === undefined) return true;
  return now.getTime() - postedAt.getTime() < EDIT_WINDOW_MS;
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

/**
 * Its author changes its type, title and text; not while it is locked, nor after a forum's edit
 * window, unless a moderator.
 */
export function canEditTopic(
  actor: Actor,
  t: TopicFacts,
  s: ScopeStanding,
  now = new Date(),
): boolean {
  if (!canReadTopic(actor, t, s) || !isAuthor(actor, t)) return false;
  if (isModerator(actor, t, s)) return true;
  return !t.locked && withinEditWindow(t, t.createdAt, now);
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

/**
 * An answer's author edits it, not while the topic is locked nor after a forum's edit window
 * (unless a moderator).
 */
export function canEditAnswer(
  actor: Actor,
  t: TopicFacts,
  s: ScopeStanding,
  a: AnswerFacts,
  now = new Date(),
): boolean {
  if (!canReadTopic(actor, t, s) || !isAuthor(actor, a)) return false;
  if (isModerator(actor, t, s)) return true;
  return !t.locked && withinEditWindow(t, a.createdAt, now);
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
  now = new Date(),
): TDiscussionAbilities {
  return {
    edit: canEditTopic(actor, t, s, now),
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
  now = new Date(),
): TDiscussionAnswer['abilities'] {
  return {
    edit: canEditAnswer(actor, t, s, a, now),
    delete: canDeleteAnswer(actor, t, s, a),
    reply: a.parentId === null && canAnswer(actor, t, s),
    accept: canAccept(actor, t, s),
    react: canReact(actor, t, s),
  };
}
