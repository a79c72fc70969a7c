import type { TDiscussion, TDiscussionCreate, TDiscussionUpdate } from '@atrium/contract';
import { and, eq } from 'drizzle-orm';
import { recordAudit } from '../../core/audit/audit-log.ts';
import type { Actor } from '../../core/auth/actor.ts';
import type { AppContext } from '../../core/context.ts';
import type { DbOrTx } from '../../core/db/database.ts';
import { runInTransaction, type UnitOfWork } from '../../core/db/transaction.ts';
import { badRequest, conflict, forbidden } from '../../core/errors/app-error.ts';
import {
  discussionAnswers,
  discussionAttachments,
  discussionFollows,
  discussions,
  discussionTypes,
} from '../../schema/discussions.table.ts';
import {
  answeredByOthers,
  assertNotLocked,
  assertWithinEditWindow,
  forumMailDueAt,
  LOCKED,
  type TopicContext,
  topicFor,
} from './discussions.access.ts';
import {
  attachmentKeys,
  attachmentsOf,
  discardFiles,
  type StoredAttachment,
} from './discussions.attachments.ts';
import {
  canAccept,
  canCloseTopic,
  canDeleteTopic,
  canUseScope,
  isModerator,
  topicAbilities,
} from './discussions.policy.ts';
import { presentAnswer, selectTopics, toSummary } from './discussions.present.ts';
import { publishUpdated, watchersOf } from './discussions.realtime.ts';
import { type ScopeRef, standingIn } from './discussions.scopes.ts';
import { screenTopic } from './discussions.screen.ts';
import { cleanRichText, htmlToText } from './discussions.text.ts';
import { forumFor, forumRef } from './forums.access.ts';
import { canPostInForum } from './forums.policy.ts';
import './discussions.events.ts';

/** Topics: start, read, edit, moderate, delete, and accept a question's answer. */

const INVALID = 'Invalid input. Please correct the fields listed.';

/** A type of the caller's organisation (400 on the field otherwise), with its kind. */
async function typeOf(db: DbOrTx, actor: Actor, id: number) {
  const [type] = await db
    .select()
    .from(discussionTypes)
    .where(
      and(eq(discussionTypes.id, id), eq(discussionTypes.organisationId, actor.organisationId)),
    );
  if (!type) throw badRequest(INVALID, { type: ['Choose a type of the organisation.'] });
  return type;
}

/** The scope the caller names, if they take part in it (400 otherwise: nothing is told of it). */
async function scopeFor(db: DbOrTx, actor: Actor, input: TDiscussionCreate): Promise<ScopeRef> {
  const id = input.scope_id ?? null;
  const ref: ScopeRef = {
    organisationId: actor.organisationId,
    scope: input.scope,
    courseId: input.scope === 'course' ? id : null,
    pathId: input.scope === 'path' ? id : null,
    classId: input.scope === 'class' ? id : null,
  };
  const standing = await standingIn(db, actor, ref);
  if (!standing || !canUseScope(actor, actor.organisationId, standing)) {
    throw badRequest(INVALID, {
      scope_id: [`Choose a ${input.scope} you take part in.`],
    });
  }
  return ref;
}

/** The forum a new thread names, if the caller may post in it (400 on the field otherwise). */
async function forumToPostIn(db: DbOrTx, actor: Actor, slug: string) {
  try {
    const c = await forumFor(db, actor, slug);
    if (canPostInForum(actor, c.facts, c.standing)) return c.forum;
  } catch (err) {
    if ((err as { statusCode?: number }).statusCode !== 404) throw err;
  }
  throw badRequest(INVALID, { forum: ['Choose a forum you may post in.'] });
}

/** Inserts a topic its author follows (and its files' rows), in the caller's transaction. */
export async function insertTopic(
  uow: UnitOfWork,
  actor: Actor,
  values: {
    ref: ScopeRef;
    typeId: number;
    title: string;
    body: string;
    bodyText: string;
    /** A thread of this forum (the ref is the forum's place). */
    forumId?: number | null;
  },
  files: readonly StoredAttachment[] = [],
  now = new Date(),
): Promise<number> {
  const { tx } = uow;
  const [row] = await tx
    .insert(discussions)
    .values({
      organisationId: values.ref.organisationId,
      typeId: values.typeId,
      scope: values.ref.scope,
      courseId: values.ref.courseId,
      pathId: values.ref.pathId,
      classId: values.ref.classId,
      forumId: values.forumId ?? null,
      // A forum's subscribers are told once the author's edit window has passed.
      mailDueAt: values.forumId ? forumMailDueAt(now) : null,
      userId: actor.userId,
      title: values.title,
      body: values.body,
      bodyText: values.bodyText,
      attachmentCount: files.length,
      createdAt: now,
      updatedAt: now,
      lastActivityAt: now,
    })
    .returning({ id: discussions.id });
  const id = row!.id;
  uow.emit('search.changed', { kind: 'discussion', ids: [id] });
  if (files.length > 0) {
    await tx.insert(discussionAttachments).values(
      files.map((f) => ({
        discussionId: id,
        storageKey: f.key,
        name: f.name,
        size: f.size,
        contentType: f.contentType,
      })),
    );
  }
  await tx.insert(discussionFollows).values({ discussionId: id, userId: actor.userId });
  await screenTopic(uow, {
    id,
    organisationId: values.ref.organisationId,
    userId: actor.userId,
    ...values,
  });
  return id;
}

/**
 * POST /api/discussions/: a topic in a scope the caller takes part in, with the files already
 * stored (the route deletes them when this fails: nothing is left half-written).
 */
export async function createTopic(
  ctx: AppContext,
  actor: Actor,
  input: TDiscussionCreate,
  files: readonly StoredAttachment[],
): Promise<TDiscussion> {
  const id = await runInTransaction(ctx.db, ctx.bus, async ({ tx, emit }) => {
    const type = await typeOf(tx, actor, input.type);
    // A thread lives where its forum does: the sent scope is ignored.
    const forum = input.forum === undefined ? null : await forumToPostIn(tx, actor, input.forum);
    const ref = forum ? forumRef(forum) : await scopeFor(tx, actor, input);
    const body = cleanRichText('body', input.body);
    return insertTopic(
      { tx, emit },
      actor,
      {
        ref,
        typeId: type.id,
        title: input.title,
        body,
        bodyText: htmlToText(body),
        forumId: forum?.id ?? null,
      },
      files,
    );
  });
  return topicDetail(ctx, actor, id);
}

/** GET /api/discussions/:id/: the topic, its files, its accepted answer, what the caller may do. */
export async function topicDetail(ctx: AppContext, actor: Actor, id: number): Promise<TDiscussion> {
  const c = await topicFor(ctx.db, actor, id);
  return present(ctx.db, actor, c);
}

async function present(db: DbOrTx, actor: Actor, c: TopicContext): Promise<TDiscussion> {
  const [rows, attachments, others] = await Promise.all([
    selectTopics(db, actor).where(eq(discussions.id, c.topic.id)),
    attachmentsOf(db, c.topic.id),
    answeredByOthers(db, c.topic),
  ]);
  const row = rows[0];
  if (!row) throw new Error(`discussion ${c.topic.id} vanished`);
  const summary = toSummary(row);
  const accepted =
    summary.accepted_answer === null
      ? null
      : await presentAnswer(db, actor, c, summary.accepted_answer);
  return {
    ...summary,
    body: row.topic.body,
    edited_at: row.topic.editedAt?.toISOString() ?? null,
    attachments,
    accepted,
    abilities: topicAbilities(actor, c.facts, c.standing, others),
  };
}

/**
 * PATCH /api/discussions/:id/: its author edits the type, title and text (409 while locked);
 * moderators pin and lock; the author and moderators close and reopen. Moderation is audited.
 */
export async function updateTopic(
  ctx: AppContext,
  actor: Actor,
  id: number,
  input: TDiscussionUpdate,
  now = new Date(),
): Promise<TDiscussion> {
  await runInTransaction(ctx.db, ctx.bus, async ({ tx, emit }) => {
    const c = await topicFor(tx, actor, id, { lock: true });
    const t = c.topic;
    const moderator = isModerator(actor, c.facts, c.standing);
    const content =
      input.type !== undefined || input.title !== undefined || input.body !== undefined;
    if (content) {
      if (t.userId !== actor.userId) throw forbidden('Only its author can edit it.');
      assertNotLocked(actor, c);
      assertWithinEditWindow(actor, c, t.createdAt, now);
    }
    if ((input.pinned !== undefined || input.locked !== undefined) && !moderator) {
      throw forbidden('Only moderators can pin or lock it.');
    }
    if (input.closed !== undefined && !canCloseTopic(actor, c.facts, c.standing)) {
      if (t.userId === actor.userId && t.locked) throw conflict(LOCKED);
      throw forbidden('Only its author and moderators can close it.');
    }
    const type = input.type === undefined ? undefined : await typeOf(tx, actor, input.type);
    const body = input.body === undefined ? undefined : cleanRichText('body', input.body);
    await tx
      .update(discussions)
      .set({
        ...(type ? { typeId: type.id } : {}),
        // Only questions have an accepted answer: another kind takes it back.
        ...(type && type.kind !== 'question' ? { acceptedAnswerId: null } : {}),
        ...(input.title === undefined ? {} : { title: input.title }),
        ...(body === undefined ? {} : { body, bodyText: htmlToText(body) }),
        ...(input.pinned === undefined ? {} : { pinned: input.pinned }),
        ...(input.locked === undefined ? {} : { locked: input.locked }),
        ...(input.closed === undefined ? {} : { closed: input.closed }),
        ...(content ? { editedAt: now } : {}),
        updatedAt: now,
      })
      .where(eq(discussions.id, t.id));
    if (content) {
      const bodyText = body === undefined ? t.bodyText : htmlToText(body);
      await screenTopic({ tx, emit }, { ...t, title: input.title ?? t.title, bodyText });
      emit('search.changed', { kind: 'discussion', ids: [t.id] });
    }
    const changed = (['pinned', 'locked', 'closed'] as const).filter(
      (k) => input[k] !== undefined && input[k] !== t[k],
    );
    if (moderator && changed.length > 0) {
      await recordAudit(tx, {
        action: 'discussion.moderated',
        actorId: actor.userId,
        targetUserId: t.userId,
        organisationId: t.organisationId,
        details: {
          discussionId: t.id,
          title: t.title,
          ...Object.fromEntries(changed.map((k) => [k, input[k]])),
        },
      });
    }
  });
  await publishUpdated(ctx, id);
  return topicDetail(ctx, actor, id);
}

/**
 * DELETE /api/discussions/:id/: moderators, or its author while nobody else has answered (409
 * after). Its answers, reactions, views, follows and files go with it; deleting another's topic
 * is audited.
 */
export async function removeTopic(ctx: AppContext, actor: Actor, id: number): Promise<void> {
  const { keys, watchers } = await runInTransaction(ctx.db, ctx.bus, async ({ tx, emit }) => {
    const c = await topicFor(tx, actor, id, { lock: true });
    const t = c.topic;
    const others = await answeredByOthers(tx, t);
    if (!canDeleteTopic(actor, c.facts, c.standing, others)) {
      if (t.userId === actor.userId) {
        throw conflict('Someone else has answered it: only a moderator can delete it now.');
      }
      throw forbidden('Only its author and moderators can delete it.');
    }
    const found = { keys: await attachmentKeys(tx, t.id), watchers: await watchersOf(tx, t.id) };
    // The accepted answer points back at the topic's answers: cleared first, then all goes.
    await tx.update(discussions).set({ acceptedAnswerId: null }).where(eq(discussions.id, t.id));
    await tx.delete(discussionAnswers).where(eq(discussionAnswers.discussionId, t.id));
    await tx.delete(discussions).where(eq(discussions.id, t.id));
    emit('search.changed', { kind: 'discussion', ids: [t.id] });
    if (t.userId !== actor.userId) {
      await recordAudit(tx, {
        action: 'discussion.deleted',
        actorId: actor.userId,
        targetUserId: t.userId,
        organisationId: t.organisationId,
        details: { discussionId: t.id, title: t.title, answers: t.answerCount },
      });
    }
    return found;
  });
  await discardFiles(ctx, keys);
  await publishUpdated(ctx, id, watchers);
}

/**
 * POST /api/discussions/:id/accept/: a question's author (not while locked) or a moderator marks
 * one of its answers (a reply will do) as accepted, or takes it back with null. A new acceptance
 * raises `discussion.answer_accepted` (its author is told).
 */
export async function acceptAnswer(
  ctx: AppContext,
  actor: Actor,
  id: number,
  answerId: number | null,
): Promise<TDiscussion> {
  await runInTransaction(ctx.db, ctx.bus, async ({ tx, emit }) => {
    const c = await topicFor(tx, actor, id, { lock: true });
    const t = c.topic;
    if (c.facts.kind !== 'question') throw conflict('Only questions have an accepted answer.');
    if (!canAccept(actor, c.facts, c.standing)) {
      if (t.userId === actor.userId && t.locked) throw conflict(LOCKED);
      throw forbidden("Only the question's author and moderators can accept an answer.");
    }
    let authorId: number | null = null;
    if (answerId !== null) {
      const [answer] = await tx
        .select({ userId: discussionAnswers.userId })
        .from(discussionAnswers)
        .where(and(eq(discussionAnswers.id, answerId), eq(discussionAnswers.discussionId, t.id)));
      if (!answer) throw badRequest(INVALID, { answer: ['Choose an answer of this discussion.'] });
      authorId = answer.userId;
    }
    if (t.acceptedAnswerId === answerId) return;
    await tx
      .update(discussions)
      .set({ acceptedAnswerId: answerId, updatedAt: new Date() })
      .where(eq(discussions.id, t.id));
    if (answerId !== null && authorId !== null) {
      emit('discussion.answer_accepted', {
        discussionId: t.id,
        answerId,
        organisationId: t.organisationId,
        acceptedBy: actor.userId,
        answerAuthorId: authorId,
      });
    }
  });
  await publishUpdated(ctx, id);
  return topicDetail(ctx, actor, id);
}
