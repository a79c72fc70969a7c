import type { TConversation, TDirectMessage } from '@atrium/contract';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Actor } from '../../core/auth/actor.ts';
import { type DbOrTx, queryRows } from '../../core/db/database.ts';
import { badRequest, notFound } from '../../core/errors/app-error.ts';
import {
  conversationParticipants,
  conversations,
  messageAttachments,
  messages,
} from '../../schema/messages.table.ts';
import { escapeLike, FULLNAME } from './messages.reach.ts';

export type ConversationRow = typeof conversations.$inferSelect;
export type ParticipantRow = typeof conversationParticipants.$inferSelect;
export type MessageRow = typeof messages.$inferSelect;

export const CONVERSATION_NOT_FOUND = 'Conversation not found.';
const PREVIEW_LENGTH = 120;
const BAD_CURSOR = 'This cursor is not valid; start again from the first page.';

const iso = (v: Date | string) => (v instanceof Date ? v : new Date(v)).toISOString();

/** Conversation list cursor: the last row's activity time and id, opaque to clients. */
export function encodeCursor(at: Date | string, id: number): string {
  return Buffer.from(JSON.stringify([iso(at), id])).toString('base64url');
}
export function decodeCursor(cursor: string): { at: Date; id: number } {
  try {
    const [at, id] = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as unknown[];
    const date = new Date(String(at));
    if (Number.isInteger(id) && !Number.isNaN(date.getTime()))
      return { at: date, id: id as number };
  } catch {}
  throw badRequest(BAD_CURSOR, { cursor: [BAD_CURSOR] });
}
/** Thread cursor: the id of the oldest message shown (ids grow with time). */
export function decodeIdCursor(cursor: string): number {
  const id = Number(cursor);
  if (!/^\d{1,10}$/.test(cursor) || id < 1 || id > 2_147_483_647)
    throw badRequest(BAD_CURSOR, { cursor: [BAD_CURSOR] });
  return id;
}

/**
 * The conversation and the caller's place in it. Outside it, or outside the organisation the
 * caller signed in to, it does not exist for them (404).
 */
export async function conversationFor(
  db: DbOrTx,
  actor: Actor,
  id: number,
): Promise<{ conversation: ConversationRow; me: ParticipantRow }> {
  const [row] = await db
    .select({ conversation: conversations, me: conversationParticipants })
    .from(conversations)
    .innerJoin(
      conversationParticipants,
      and(
        eq(conversationParticipants.conversationId, conversations.id),
        eq(conversationParticipants.userId, actor.userId),
      ),
    )
    .where(and(eq(conversations.id, id), eq(conversations.organisationId, actor.organisationId)));
  if (!row) throw notFound(CONVERSATION_NOT_FOUND);
  return row;
}

/** The other person of a one-to-one, and whether a block stands between them. */
export async function directBlock(db: DbOrTx, conversationId: number, me: number) {
  const [row] = await queryRows<{ other: number; blocked: boolean; blocked_by_other: boolean }>(
    db,
    sql`select p.user_id as other,
          exists (select 1 from message_blocks b where b.blocker_id = ${me} and b.blocked_id = p.user_id) as blocked,
          exists (select 1 from message_blocks b where b.blocker_id = p.user_id and b.blocked_id = ${me}) as blocked_by_other
        from conversation_participants p where p.conversation_id = ${conversationId} and p.user_id <> ${me}
        limit 1`,
  );
  return row
    ? { other: Number(row.other), blocked: row.blocked, blockedByOther: row.blocked_by_other }
    : null;
}

/** The screens' view of these conversations, in the order given. */
export async function conversationViews(
  db: DbOrTx,
  actor: Actor,
  ids: readonly number[],
): Promise<TConversation[]> {
  if (ids.length === 0) return [];
  const me = actor.userId;
  const idList = sql.join(
    ids.map((id) => sql`${id}`),
    sql`, `,
  );
  const [people, last, unread, mine, convs] = await Promise.all([
    queryRows<{ conversation_id: number; id: number; fullname: string; role_id: number | null }>(
      db,
      sql`select p.conversation_id, u.id, ${FULLNAME} as fullname, m.role_id
          from conversation_participants p join users u on u.id = p.user_id
          left join memberships m on m.user_id = u.id and m.organisation_id = ${actor.organisationId}
          where p.conversation_id in (${idList}) and p.user_id <> ${me}
          order by p.joined_at, u.id`,
    ),
    queryRows<{
      conversation_id: number;
      id: number;
      sender_id: number | null;
      body_text: string;
      created_at: Date;
    }>(
      db,
      sql`select distinct on (conversation_id) conversation_id, id, sender_id, body_text, created_at
          from messages where conversation_id in (${idList}) order by conversation_id, id desc`,
    ),
    queryRows<{ conversation_id: number; n: number }>(
      db,
      sql`select m.conversation_id, count(*)::int as n from messages m
          join conversation_participants p on p.conversation_id = m.conversation_id and p.user_id = ${me}
          where m.conversation_id in (${idList}) and m.id > p.last_read_message_id
            and m.sender_id is distinct from ${me}
          group by m.conversation_id`,
    ),
    db
      .select()
      .from(conversationParticipants)
      .where(
        and(
          inArray(conversationParticipants.conversationId, [...ids]),
          eq(conversationParticipants.userId, me),
        ),
      ),
    db
      .select()
      .from(conversations)
      .where(inArray(conversations.id, [...ids])),
  ]);
  const blocks = await queryRows<{ blocker_id: number; blocked_id: number }>(
    db,
    sql`select blocker_id, blocked_id from message_blocks
        where (blocker_id = ${me} and blocked_id in (select user_id from conversation_participants where conversation_id in (${idList})))
           or (blocked_id = ${me} and blocker_id in (select user_id from conversation_participants where conversation_id in (${idList})))`,
  );
  const iBlocked = new Set(
    blocks.filter((b) => Number(b.blocker_id) === me).map((b) => Number(b.blocked_id)),
  );
  const blockedMe = new Set(
    blocks.filter((b) => Number(b.blocked_id) === me).map((b) => Number(b.blocker_id)),
  );
  const byId = new Map(convs.map((c) => [c.id, c]));
  const myRows = new Map(mine.map((p) => [p.conversationId, p]));
  return ids.flatMap((id) => {
    const c = byId.get(id);
    if (!c) return [];
    const others = people
      .filter((p) => Number(p.conversation_id) === id)
      .map((p) => ({ id: Number(p.id), fullname: p.fullname, role_id: Number(p.role_id ?? 0) }));
    const l = last.find((m) => Number(m.conversation_id) === id);
    const other = c.kind === 'direct' ? others[0]?.id : undefined;
    return [
      {
        id,
        kind: c.kind,
        title: c.title,
        participants: others,
        last_message: l
          ? {
              id: Number(l.id),
              sender_id: l.sender_id === null ? null : Number(l.sender_id),
              preview: l.body_text.slice(0, PREVIEW_LENGTH),
              created_at: iso(l.created_at),
            }
          : null,
        unread_count: Number(unread.find((u) => Number(u.conversation_id) === id)?.n ?? 0),
        muted: myRows.get(id)?.muted ?? false,
        blocked: other !== undefined && iBlocked.has(other),
        blocked_by_other: other !== undefined && blockedMe.has(other),
        created_at: iso(c.createdAt),
      },
    ];
  });
}

/** The caller's conversations in this organisation, latest activity first. */
export async function listConversations(
  db: DbOrTx,
  actor: Actor,
  q: { cursor?: string; limit: number; search?: string },
): Promise<{ ids: number[]; next: string | null }> {
  const after = q.cursor ? decodeCursor(q.cursor) : null;
  const search = q.search
    ? sql`and (c.title ilike ${`%${escapeLike(q.search)}%`} or exists (
        select 1 from conversation_participants o join users u on u.id = o.user_id
        where o.conversation_id = c.id and o.user_id <> ${actor.userId}
          and ${FULLNAME} ilike ${`%${escapeLike(q.search)}%`}))`
    : sql``;
  const rows = await queryRows<{ conversation_id: number; last_activity_at: Date }>(
    db,
    sql`select p.conversation_id, p.last_activity_at from conversation_participants p
        join conversations c on c.id = p.conversation_id
        where p.user_id = ${actor.userId} and c.organisation_id = ${actor.organisationId}
          ${after ? sql`and (p.last_activity_at, p.conversation_id) < (${after.at.toISOString()}::timestamptz, ${after.id})` : sql``}
          ${search}
        order by p.last_activity_at desc, p.conversation_id desc
        limit ${q.limit + 1}`,
  );
  const page = rows.slice(0, q.limit);
  const lastRow = page.at(-1);
  return {
    ids: page.map((r) => Number(r.conversation_id)),
    next:
      rows.length > q.limit && lastRow
        ? encodeCursor(lastRow.last_activity_at, Number(lastRow.conversation_id))
        : null,
  };
}

/** Messages of a conversation, newest first, from below the cursor. */
export async function listMessages(
  db: DbOrTx,
  conversationId: number,
  q: { cursor?: string; limit: number; search?: string },
): Promise<{ rows: MessageRow[]; next: string | null }> {
  const before = q.cursor ? decodeIdCursor(q.cursor) : null;
  const conditions = [eq(messages.conversationId, conversationId)];
  if (before) conditions.push(sql`${messages.id} < ${before}`);
  if (q.search) conditions.push(sql`${messages.bodyText} ilike ${`%${escapeLike(q.search)}%`}`);
  const rows = await db
    .select()
    .from(messages)
    .where(and(...conditions))
    .orderBy(sql`${messages.id} desc`)
    .limit(q.limit + 1);
  const page = rows.slice(0, q.limit);
  return { rows: page, next: rows.length > q.limit ? String(page.at(-1)!.id) : null };
}

/** Messages as the API shows them: with their sender and attachments. */
export async function messageViews(
  db: DbOrTx,
  actor: Actor,
  rows: readonly MessageRow[],
): Promise<TDirectMessage[]> {
  if (rows.length === 0) return [];
  const senderIds = [...new Set(rows.flatMap((r) => (r.senderId === null ? [] : [r.senderId])))];
  const [senders, files] = await Promise.all([
    senderIds.length === 0
      ? []
      : queryRows<{ id: number; fullname: string; role_id: number | null }>(
          db,
          sql`select u.id, ${FULLNAME} as fullname, m.role_id from users u
              left join memberships m on m.user_id = u.id and m.organisation_id = ${actor.organisationId}
              where u.id in (${sql.join(
                senderIds.map((id) => sql`${id}`),
                sql`, `,
              )})`,
        ),
    db
      .select()
      .from(messageAttachments)
      .where(
        inArray(
          messageAttachments.messageId,
          rows.map((r) => r.id),
        ),
      )
      .orderBy(messageAttachments.id),
  ]);
  const people = new Map(
    senders.map((s) => [
      Number(s.id),
      { id: Number(s.id), fullname: s.fullname, role_id: Number(s.role_id ?? 0) },
    ]),
  );
  return rows.map((r) => ({
    id: r.id,
    conversation_id: r.conversationId,
    sender: r.senderId === null ? null : (people.get(r.senderId) ?? null),
    body: r.body,
    attachments: files
      .filter((f) => f.messageId === r.id)
      .map((f) => ({ id: f.id, name: f.name, size: f.size, content_type: f.contentType })),
    idempotency_key: r.idempotencyKey,
    created_at: iso(r.createdAt),
  }));
}

/**
 * Unread messages of a user's conversations that are not muted (theirs never count); within one
 * organisation when given, as the signed-in screens show it.
 */
export async function unreadMessageCount(
  db: DbOrTx,
  userId: number,
  organisationId?: number,
): Promise<number> {
  const [row] = await queryRows<{ n: number }>(
    db,
    sql`select count(*)::int as n from conversation_participants p
        join messages m on m.conversation_id = p.conversation_id and m.id > p.last_read_message_id
        ${organisationId === undefined ? sql`` : sql`join conversations c on c.id = p.conversation_id and c.organisation_id = ${organisationId}`}
        where p.user_id = ${userId} and not p.muted and m.sender_id is distinct from ${userId}`,
  );
  return Number(row?.n ?? 0);
}
