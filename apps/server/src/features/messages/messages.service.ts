import {
  MESSAGE_EVENTS,
  NOTIFICATION_EVENTS,
  type TConversation,
  type TConversationCreate,
  type TCounters,
  type TDirectMessage,
  type TMessageCreatedMessage,
} from '@atrium/contract';
import { and, eq, sql } from 'drizzle-orm';
import sanitizeHtml from 'sanitize-html';
import type { Actor } from '../../core/auth/actor.ts';
import type { AppContext } from '../../core/context.ts';
import type { DbOrTx } from '../../core/db/database.ts';
import { runInTransaction } from '../../core/db/transaction.ts';
import { badRequest, conflict, forbidden, notFound } from '../../core/errors/app-error.ts';
import { sanitiseRichText } from '../../core/text/sanitise.ts';
import {
  conversationParticipants,
  conversations,
  messageAttachments,
  messageBlocks,
  messages,
} from '../../schema/messages.table.ts';
import { memberships } from '../../schema/users.table.ts';
import type { StoredAttachment } from './messages.attachments.ts';
import { maySend } from './messages.policy.ts';
import { unreachable } from './messages.reach.ts';
import {
  conversationFor,
  conversationViews,
  directBlock,
  messageViews,
  unreadMessageCount,
} from './messages.repository.ts';

export const OUT_OF_REACH = 'You cannot message some of these people.';
export const BLOCKED =
  'Messages cannot be sent in this conversation: one of you blocked the other.';
const EMPTY = 'Write a message or attach a file.';

const ENTITIES: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  '#39': "'",
  nbsp: ' ',
};

/** The words of sanitised HTML, for search and previews. */
export function toPlainText(html: string): string {
  const spaced = html.replace(/<br\s*\/?>|<\/(p|li|h2|h3|blockquote|pre)>/gi, ' $&');
  return sanitizeHtml(spaced, { allowedTags: [], allowedAttributes: {} })
    .replace(/&(amp|lt|gt|quot|#39|nbsp);/g, (_m, e: string) => ENTITIES[e] ?? '')
    .replace(/\s+/g, ' ')
    .trim();
}

/**
 * Tells these users' streams their new unread total (the top bar's `messages` counter; a
 * counters message carries only what changed). Best-effort, after the commit.
 */
async function pushUnread(ctx: AppContext, userIds: readonly number[], organisationId: number) {
  await Promise.all(
    userIds.map(async (userId) => {
      const data: Partial<TCounters> = {
        messages: await unreadMessageCount(ctx.db, userId, organisationId),
      };
      await ctx.realtime.publish([userId], { type: NOTIFICATION_EVENTS.counters, data });
    }),
  ).catch((err) => ctx.log.warn({ err }, 'unread message counts were not pushed'));
}

async function view(db: DbOrTx, actor: Actor, id: number): Promise<TConversation> {
  const [conversation] = await conversationViews(db, actor, [id]);
  if (!conversation) throw notFound();
  return conversation;
}

/** Refuses (403) before anything is written when a recipient is out of reach or blocked the caller. */
async function assertReachable(db: DbOrTx, actor: Actor, ids: readonly number[]) {
  if (ids.includes(actor.userId)) {
    throw badRequest('Choose other people; you take part anyway.', {
      participant_ids: ['You cannot add yourself.'],
    });
  }
  if ((await unreachable(db, actor, ids)).length > 0) throw forbidden(OUT_OF_REACH);
  const blockedBy = await db
    .select({ id: messageBlocks.blockerId })
    .from(messageBlocks)
    .where(
      and(
        eq(messageBlocks.blockedId, actor.userId),
        sql`${messageBlocks.blockerId} in (${sql.join(
          ids.map((id) => sql`${id}`),
          sql`, `,
        )})`,
      ),
    );
  if (blockedBy.length > 0) throw forbidden(OUT_OF_REACH);
}

export const messagesService = {
  view,

  /** A group (or, for one person without a title, their one-to-one). */
  async create(ctx: AppContext, actor: Actor, input: TConversationCreate): Promise<TConversation> {
    const ids = [...new Set(input.participant_ids)];
    if (ids.length === 1 && !input.title) return messagesService.direct(ctx, actor, ids[0]!);
    await assertReachable(ctx.db, actor, ids);
    const id = await runInTransaction(ctx.db, ctx.bus, async ({ tx }) => {
      const now = new Date();
      const [row] = await tx
        .insert(conversations)
        .values({
          organisationId: actor.organisationId,
          kind: 'group',
          title: input.title ?? null,
          createdBy: actor.userId,
          createdAt: now,
        })
        .returning({ id: conversations.id });
      await tx.insert(conversationParticipants).values(
        [actor.userId, ...ids].map((userId) => ({
          conversationId: row!.id,
          userId,
          lastActivityAt: now,
          joinedAt: now,
        })),
      );
      return row!.id;
    });
    return view(ctx.db, actor, id);
  },

  /** The one-to-one with this person, made the first time (one per pair, even when raced). */
  async direct(ctx: AppContext, actor: Actor, userId: number): Promise<TConversation> {
    await assertReachable(ctx.db, actor, [userId]);
    const key = [actor.userId, userId].sort((a, b) => a - b).join(':');
    const id = await runInTransaction(ctx.db, ctx.bus, async ({ tx }) => {
      const now = new Date();
      const [made] = await tx
        .insert(conversations)
        .values({
          organisationId: actor.organisationId,
          kind: 'direct',
          directKey: key,
          createdBy: actor.userId,
          createdAt: now,
        })
        .onConflictDoNothing({
          target: [conversations.organisationId, conversations.directKey],
          where: sql`${conversations.directKey} is not null`,
        })
        .returning({ id: conversations.id });
      if (made) {
        await tx.insert(conversationParticipants).values(
          [actor.userId, userId].map((u) => ({
            conversationId: made.id,
            userId: u,
            lastActivityAt: now,
            joinedAt: now,
          })),
        );
        return made.id;
      }
      const [found] = await tx
        .select({ id: conversations.id })
        .from(conversations)
        .where(
          and(
            eq(conversations.organisationId, actor.organisationId),
            eq(conversations.directKey, key),
          ),
        );
      return found!.id;
    });
    return view(ctx.db, actor, id);
  },

  /** Checked before an upload is read: nothing is stored for a send that would be refused. */
  async assertMaySend(db: DbOrTx, actor: Actor, conversationId: number) {
    const { conversation } = await conversationFor(db, actor, conversationId);
    const block =
      conversation.kind === 'direct' ? await directBlock(db, conversation.id, actor.userId) : null;
    const blocked = Boolean(block && (block.blocked || block.blockedByOther));
    if (!maySend(actor, { ...conversation, blocked }, true)) throw forbidden(BLOCKED);
    return conversation;
  },

  /**
   * Stores the message, then answers it; a retry with the same key answers the first one and its
   * new uploads are deleted. The other participants' streams hear of it after the commit.
   */
  async send(
    ctx: AppContext,
    actor: Actor,
    conversationId: number,
    input: { body: string; idempotencyKey: string; files: StoredAttachment[] },
  ): Promise<TDirectMessage> {
    const body = sanitiseRichText(input.body);
    const text = toPlainText(body);
    if (!text && input.files.length === 0) throw badRequest(EMPTY, { body: [EMPTY] }, [EMPTY]);
    const { row, created, recipients } = await runInTransaction(ctx.db, ctx.bus, async ({ tx }) => {
      await messagesService.assertMaySend(tx, actor, conversationId);
      const now = new Date();
      const [inserted] = await tx
        .insert(messages)
        .values({
          conversationId,
          senderId: actor.userId,
          body,
          bodyText: text,
          idempotencyKey: input.idempotencyKey,
          createdAt: now,
        })
        .onConflictDoNothing({ target: [messages.senderId, messages.idempotencyKey] })
        .returning();
      if (!inserted) {
        const [first] = await tx
          .select()
          .from(messages)
          .where(
            and(
              eq(messages.senderId, actor.userId),
              eq(messages.idempotencyKey, input.idempotencyKey),
            ),
          );
        if (first?.conversationId !== conversationId)
          throw conflict('This idempotency key was already used for another conversation.');
        return { row: first, created: false, recipients: [] as number[] };
      }
      if (input.files.length > 0) {
        await tx.insert(messageAttachments).values(
          input.files.map((f) => ({
            messageId: inserted.id,
            storageKey: f.key,
            name: f.name.slice(0, 255),
            size: f.size,
            contentType: f.contentType.slice(0, 100),
          })),
        );
      }
      const people = await tx
        .update(conversationParticipants)
        .set({
          lastActivityAt: now,
          // Own messages are read by their sender.
          lastReadMessageId: sql`case when ${conversationParticipants.userId} = ${actor.userId}
            then ${inserted.id} else ${conversationParticipants.lastReadMessageId} end`,
        })
        .where(eq(conversationParticipants.conversationId, conversationId))
        .returning({ userId: conversationParticipants.userId });
      return {
        row: inserted,
        created: true,
        recipients: people.map((p) => p.userId).filter((u) => u !== actor.userId),
      };
    });
    if (!created)
      await Promise.all(input.files.map((f) => ctx.files.delete(f.key).catch(() => {})));
    const [message] = await messageViews(ctx.db, actor, [row]);
    if (created && recipients.length > 0) {
      const data: TMessageCreatedMessage = { message: message! };
      await ctx.realtime
        .publish(recipients, { type: MESSAGE_EVENTS.created, data })
        .catch((err) => ctx.log.warn({ err }, 'message.created was not pushed'));
      await pushUnread(ctx, recipients, actor.organisationId);
    }
    return message!;
  },

  /** Everything up to the latest message is read; answers the caller's unread total. */
  async markRead(ctx: AppContext, actor: Actor, conversationId: number) {
    await conversationFor(ctx.db, actor, conversationId);
    await ctx.db
      .update(conversationParticipants)
      .set({
        lastReadMessageId: sql`greatest(${conversationParticipants.lastReadMessageId}, coalesce(
          (select max(id) from messages where conversation_id = ${conversationId}), 0))`,
      })
      .where(
        and(
          eq(conversationParticipants.conversationId, conversationId),
          eq(conversationParticipants.userId, actor.userId),
        ),
      );
    const count = await unreadMessageCount(ctx.db, actor.userId, actor.organisationId);
    // The caller's other tabs and top bar follow.
    await ctx.realtime
      .publish([actor.userId], { type: NOTIFICATION_EVENTS.counters, data: { messages: count } })
      .catch((err) => ctx.log.warn({ err }, 'unread message count was not pushed'));
    return { count };
  },

  async mute(ctx: AppContext, actor: Actor, conversationId: number, muted: boolean) {
    await conversationFor(ctx.db, actor, conversationId);
    await ctx.db
      .update(conversationParticipants)
      .set({ muted })
      .where(
        and(
          eq(conversationParticipants.conversationId, conversationId),
          eq(conversationParticipants.userId, actor.userId),
        ),
      );
    return view(ctx.db, actor, conversationId);
  },

  /** Blocks or unblocks someone of the caller's organisation (others are not found). */
  async setBlock(ctx: AppContext, actor: Actor, userId: number, blocked: boolean) {
    if (userId === actor.userId) throw badRequest('You cannot block yourself.');
    const [member] = await ctx.db
      .select({ id: memberships.id })
      .from(memberships)
      .where(
        and(eq(memberships.userId, userId), eq(memberships.organisationId, actor.organisationId)),
      );
    if (!member) throw notFound('User not found.');
    if (blocked) {
      await ctx.db
        .insert(messageBlocks)
        .values({ blockerId: actor.userId, blockedId: userId })
        .onConflictDoNothing();
    } else {
      await ctx.db
        .delete(messageBlocks)
        .where(and(eq(messageBlocks.blockerId, actor.userId), eq(messageBlocks.blockedId, userId)));
    }
    return { user_id: userId, blocked };
  },
};
