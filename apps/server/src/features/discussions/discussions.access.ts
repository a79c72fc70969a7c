import { FORUM_EDIT_WINDOW_MINUTES } from '@atrium/contract';
import { and, eq, ne, sql } from 'drizzle-orm';
import type { Actor } from '../../core/auth/actor.ts';
import type { DbOrTx } from '../../core/db/database.ts';
import { conflict, forbidden, notFound } from '../../core/errors/app-error.ts';
import { discussionAnswers, discussions, discussionTypes } from '../../schema/discussions.table.ts';
import {
  canAnswer,
  canReact,
  canReadTopic,
  isModerator,
  type ScopeStanding,
  type TopicFacts,
  withinEditWindow,
} from './discussions.policy.ts';
import { standingIn } from './discussions.scopes.ts';
import { canSeeModerated } from './discussions.screen.ts';

/**
 * The loaders that turn the policy's "no" into answers: 404 when the caller may not read the topic
 * (another organisation's, or a scope they are not part of: its existence is not told), 403 when
 * they read it but may not act, 409 when its state (closed, locked) is what refuses.
 */

export type TopicRow = typeof discussions.$inferSelect;
export type AnswerRow = typeof discussionAnswers.$inferSelect;

export const TOPIC_NOT_FOUND = 'Discussion not found.';
export const ANSWER_NOT_FOUND = 'Answer not found.';
export const LOCKED = 'This discussion is locked.';
export const CLOSED = 'This discussion is closed.';
export const EDIT_WINDOW_PASSED = `The ${FORUM_EDIT_WINDOW_MINUTES}-minute edit window has passed.`;

const NOWHERE: ScopeStanding = { member: false, manager: false };

export interface TopicContext {
  topic: TopicRow;
  /** What the policy reads of it (its type's kind included). */
  facts: TopicFacts;
  standing: ScopeStanding;
}

export const factsOf = (topic: TopicRow, kind: TopicFacts['kind']): TopicFacts => ({
  organisationId: topic.organisationId,
  userId: topic.userId,
  locked: topic.locked,
  closed: topic.closed,
  kind,
  forum: topic.forumId !== null,
  createdAt: topic.createdAt,
});

/** The topic if the caller may read it (404 otherwise); `lock` holds its row until the commit. */
export async function topicFor(
  db: DbOrTx,
  actor: Actor,
  id: number,
  options: { lock?: boolean } = {},
): Promise<TopicContext> {
  const query = db
    .select({ topic: discussions, kind: discussionTypes.kind })
    .from(discussions)
    .innerJoin(discussionTypes, eq(discussionTypes.id, discussions.typeId))
    .where(and(eq(discussions.id, id), eq(discussions.organisationId, actor.organisationId)));
  const [row] = options.lock ? await query.for('update', { of: discussions }) : await query;
  if (!row) throw notFound(TOPIC_NOT_FOUND);
  const facts = factsOf(row.topic, row.kind);
  const standing = (await standingIn(db, actor, row.topic)) ?? NOWHERE;
  if (
    !canReadTopic(actor, facts, standing) ||
    !canSeeModerated(actor, row.topic, row.topic.organisationId)
  ) {
    throw notFound(TOPIC_NOT_FOUND);
  }
  return { topic: row.topic, facts, standing };
}

/** An answer of a topic the caller may read (404 otherwise), with that topic. */
export async function answerFor(
  db: DbOrTx,
  actor: Actor,
  answerId: number,
  options: { lock?: boolean } = {},
): Promise<TopicContext & { answer: AnswerRow }> {
  const [answer] = await db
    .select()
    .from(discussionAnswers)
    .where(eq(discussionAnswers.id, answerId));
  if (!answer) throw notFound(ANSWER_NOT_FOUND);
  const ctx = await topicFor(db, actor, answer.discussionId, options).catch((err) => {
    throw err.statusCode === 404 ? notFound(ANSWER_NOT_FOUND) : err;
  });
  if (!canSeeModerated(actor, answer, ctx.topic.organisationId)) throw notFound(ANSWER_NOT_FOUND);
  return { ...ctx, answer };
}

/** Answering: 409 when closed or locked (for non-moderators), 403 should it be anything else. */
export function assertMayAnswer(actor: Actor, c: TopicContext): void {
  if (canAnswer(actor, c.facts, c.standing)) return;
  if (c.topic.locked) throw conflict(LOCKED);
  if (c.topic.closed) throw conflict(CLOSED);
  throw forbidden();
}

/** Reacting: 409 while locked (for non-moderators). */
export function assertMayReact(actor: Actor, c: TopicContext): void {
  if (canReact(actor, c.facts, c.standing)) return;
  if (c.topic.locked) throw conflict(LOCKED);
  throw forbidden();
}

/** A change the author may make but for the lock: 409 while locked, unless a moderator. */
export function assertNotLocked(actor: Actor, c: TopicContext): void {
  if (c.topic.locked && !isModerator(actor, c.facts, c.standing)) throw conflict(LOCKED);
}

/** A forum post's mailing time: when its author's edit window ends. */
export const forumMailDueAt = (postedAt: Date) =>
  new Date(postedAt.getTime() + FORUM_EDIT_WINDOW_MINUTES * 60_000);

/** A content edit by its author: 409 once a forum post's edit window has passed (moderators aside). */
export function assertWithinEditWindow(
  actor: Actor,
  c: TopicContext,
  postedAt: Date,
  now = new Date(),
): void {
  if (isModerator(actor, c.facts, c.standing)) return;
  if (!withinEditWindow(c.facts, postedAt, now)) throw conflict(EDIT_WINDOW_PASSED);
}

/** Whether someone besides its author has answered it (the author may delete it until then). */
export async function answeredByOthers(db: DbOrTx, topic: TopicRow): Promise<boolean> {
  const [row] = await db
    .select({ one: sql<number>`1` })
    .from(discussionAnswers)
    .where(
      and(eq(discussionAnswers.discussionId, topic.id), ne(discussionAnswers.userId, topic.userId)),
    )
    .limit(1);
  return row !== undefined;
}
