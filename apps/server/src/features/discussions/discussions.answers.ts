import type {
  TDiscussionAnswer,
  TDiscussionAnswerCreate,
  TDiscussionAnswerThread,
  TPageQuery,
} from '@atrium/contract';
import { and, asc, count, eq, inArray, isNull, sql } from 'drizzle-orm';
import { recordAudit } from '../../core/audit/audit-log.ts';
import type { Actor } from '../../core/auth/actor.ts';
import type { AppContext } from '../../core/context.ts';
import type { Tx } from '../../core/db/database.ts';
import type { UnitOfWork } from '../../core/db/transaction.ts';
import { runInTransaction } from '../../core/db/transaction.ts';
import { badRequest, conflict, forbidden } from '../../core/errors/app-error.ts';
import { pageBounds } from '../../core/http/pagination.ts';
import {
  discussionAnswers,
  discussionFollows,
  discussions,
} from '../../schema/discussions.table.ts';
import {
  answerFor,
  assertMayAnswer,
  EDIT_WINDOW_PASSED,
  forumMailDueAt,
  LOCKED,
  type TopicContext,
  topicFor,
} from './discussions.access.ts';
import { canDeleteAnswer, canEditAnswer } from './discussions.policy.ts';
import { presentAnswer, selectAnswers, toAnswer } from './discussions.present.ts';
import { publishUpdated } from './discussions.realtime.ts';
import { recountAnswers, screenWrite, visibleFilter } from './discussions.screen.ts';
import { cleanRichText, htmlToText } from './discussions.text.ts';
import './discussions.events.ts';

/** Answers: a topic's page of them with their replies; post, edit and delete one. */

const INVALID = 'Invalid input. Please correct the fields listed.';

/**
 * GET /api/discussions/:id/answers/: top-level answers oldest first, each with all its replies
 * (oldest first): three queries whatever the page size (count, page, replies of the page).
 */
export async function answerPage(
  ctx: AppContext,
  actor: Actor,
  topicId: number,
  q: TPageQuery,
): Promise<{ count: number; rows: TDiscussionAnswerThread[] }> {
  const c = await topicFor(ctx.db, actor, topicId);
  const topLevel = and(
    eq(discussionAnswers.discussionId, topicId),
    isNull(discussionAnswers.parentId),
    visibleFilter(actor, discussionAnswers),
  );
  const { limit, offset } = pageBounds(q);
  const [[counted], page] = await Promise.all([
    ctx.db.select({ n: count() }).from(discussionAnswers).where(topLevel),
    selectAnswers(ctx.db, actor, topLevel)
      .orderBy(asc(discussionAnswers.createdAt), asc(discussionAnswers.id))
      .limit(limit)
      .offset(offset),
  ]);
  const ids = page.map((r) => r.answer.id);
  const replies =
    ids.length === 0
      ? []
      : await selectAnswers(
          ctx.db,
          actor,
          and(inArray(discussionAnswers.parentId, ids), visibleFilter(actor, discussionAnswers)),
        ).orderBy(asc(discussionAnswers.createdAt), asc(discussionAnswers.id));
  const byParent = new Map<number, TDiscussionAnswer[]>();
  for (const r of replies) {
    const list = byParent.get(r.answer.parentId!) ?? [];
    list.push(toAnswer(actor, c, r));
    byParent.set(r.answer.parentId!, list);
  }
  return {
    count: Number(counted?.n ?? 0),
    rows: page.map((r) => ({ ...toAnswer(actor, c, r), replies: byParent.get(r.answer.id) ?? [] })),
  };
}

/**
 * Inserts an answer in the caller's transaction (the topic locked by topicFor): the topic's
 * counters and activity move, its author follows it, `discussion.answered` is raised.
 */
export async function insertAnswer(
  tx: Tx,
  emit: UnitOfWork['emit'],
  actor: Actor,
  c: TopicContext,
  values: { parentId: number | null; body: string; bodyText: string },
  now = new Date(),
): Promise<number> {
  const [row] = await tx
    .insert(discussionAnswers)
    .values({
      discussionId: c.topic.id,
      parentId: values.parentId,
      userId: actor.userId,
      body: values.body,
      bodyText: values.bodyText,
      createdAt: now,
      // In a forum thread, subscribers are told once the author's edit window has passed.
      mailDueAt: c.topic.forumId === null ? null : forumMailDueAt(now),
    })
    .returning({ id: discussionAnswers.id });
  const state = await screenWrite(
    { tx, emit },
    {
      kind: 'discussion_answer',
      id: row!.id,
      topicId: c.topic.id,
      organisationId: c.topic.organisationId,
      authorId: actor.userId,
      text: values.bodyText,
      state: 'visible',
    },
  );
  // Held: not counted, not searchable and nobody told until a moderator releases it
  // (discussions.moderation.ts).
  if (state !== 'visible') return row!.id;
  // The topic's search document holds its visible answers' text.
  emit('search.changed', { kind: 'discussion', ids: [c.topic.id] });
  await tx
    .update(discussions)
    .set({ answerCount: sql`${discussions.answerCount} + 1`, lastActivityAt: now })
    .where(eq(discussions.id, c.topic.id));
  await tx
    .insert(discussionFollows)
    .values({ discussionId: c.topic.id, userId: actor.userId })
    .onConflictDoNothing();
  emit('discussion.answered', {
    discussionId: c.topic.id,
    answerId: row!.id,
    organisationId: c.topic.organisationId,
    answeredBy: actor.userId,
  });
  return row!.id;
}

/** A reply's parent: a top-level answer of the same topic (400 otherwise). */
async function checkParent(tx: Tx, topicId: number, parentId: number) {
  const [parent] = await tx
    .select({ parentId: discussionAnswers.parentId })
    .from(discussionAnswers)
    .where(and(eq(discussionAnswers.id, parentId), eq(discussionAnswers.discussionId, topicId)));
  if (!parent || parent.parentId !== null) {
    throw badRequest(INVALID, {
      parent: ['Reply to an answer of this discussion (replies have no replies).'],
    });
  }
}

/** POST /api/discussions/answear/: answer or reply (409 closed or locked); followers are told. */
export async function createAnswer(
  ctx: AppContext,
  actor: Actor,
  input: TDiscussionAnswerCreate,
): Promise<TDiscussionAnswer> {
  const { id, c } = await runInTransaction(ctx.db, ctx.bus, async ({ tx, emit }) => {
    const c = await topicFor(tx, actor, input.discussion, { lock: true });
    assertMayAnswer(actor, c);
    if (input.parent !== null) await checkParent(tx, c.topic.id, input.parent);
    const body = cleanRichText('body', input.body);
    const id = await insertAnswer(tx, emit, actor, c, {
      parentId: input.parent,
      body,
      bodyText: htmlToText(body),
    });
    return { id, c };
  });
  await publishUpdated(ctx, c.topic.id);
  return presentAnswer(ctx.db, actor, c, id);
}

/**
 * PATCH /api/discussions/answear/:id/: its author, not while the topic is locked (409), nor in a
 * forum thread after the edit window (409).
 */
export async function updateAnswer(
  ctx: AppContext,
  actor: Actor,
  id: number,
  input: { body: string },
): Promise<TDiscussionAnswer> {
  const c = await runInTransaction(ctx.db, ctx.bus, async ({ tx, emit }) => {
    const found = await answerFor(tx, actor, id);
    if (!canEditAnswer(actor, found.facts, found.standing, found.answer)) {
      if (found.answer.userId === actor.userId && found.topic.locked) throw conflict(LOCKED);
      if (found.answer.userId === actor.userId) throw conflict(EDIT_WINDOW_PASSED);
      throw forbidden('Only its author can edit an answer.');
    }
    const body = cleanRichText('body', input.body);
    await tx
      .update(discussionAnswers)
      .set({ body, bodyText: htmlToText(body), editedAt: new Date() })
      .where(eq(discussionAnswers.id, id));
    const state = await screenWrite(
      { tx, emit },
      {
        kind: 'discussion_answer',
        id,
        topicId: found.topic.id,
        organisationId: found.topic.organisationId,
        authorId: found.answer.userId,
        text: htmlToText(body),
        state: found.answer.moderationState,
      },
    );
    if (state !== found.answer.moderationState) await recountAnswers(tx, found.topic.id);
    emit('search.changed', { kind: 'discussion', ids: [found.topic.id] });
    return found;
  });
  await publishUpdated(ctx, c.topic.id);
  return presentAnswer(ctx.db, actor, c, id);
}

/**
 * DELETE /api/discussions/answear/:id/: its author or a moderator; its replies go with it (and
 * the acceptance, when it was accepted). Deleting another's answer is audited.
 */
export async function removeAnswer(ctx: AppContext, actor: Actor, id: number): Promise<void> {
  const topicId = await runInTransaction(ctx.db, ctx.bus, async ({ tx, emit }) => {
    const { answer, topic, facts, standing } = await answerFor(tx, actor, id, { lock: true });
    if (!canDeleteAnswer(actor, facts, standing, answer)) {
      throw forbidden('Only its author and moderators can delete an answer.');
    }
    const removed = await tx
      .delete(discussionAnswers)
      .where(sql`${discussionAnswers.id} = ${id} or ${discussionAnswers.parentId} = ${id}`)
      .returning({ id: discussionAnswers.id });
    // Held and hidden answers were not counted: the count is read again from the rows.
    await recountAnswers(tx, topic.id);
    emit('search.changed', { kind: 'discussion', ids: [topic.id] });
    if (answer.userId !== actor.userId) {
      await recordAudit(tx, {
        action: 'discussion.answer_deleted',
        actorId: actor.userId,
        targetUserId: answer.userId,
        organisationId: topic.organisationId,
        details: { discussionId: topic.id, answerId: id, replies: removed.length - 1 },
      });
    }
    return topic.id;
  });
  await publishUpdated(ctx, topicId);
}
