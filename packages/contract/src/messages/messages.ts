import { z } from 'zod';
import { zId } from '../core/ids.ts';
import { ZPageQuery } from '../core/pagination.ts';
import { plainText } from '../core/plain-text.ts';

/** Direct messages (issue 13): conversations of people of one organisation. */

/** What a message may carry; the same content checks as every other upload apply. */
export const MESSAGE_ATTACHMENT_EXTENSIONS = [
  'pdf',
  'docx',
  'xlsx',
  'pptx',
  'odt',
  'txt',
  'csv',
  'png',
  'jpg',
  'jpeg',
  'gif',
  'webp',
  'zip',
] as const;
export const MESSAGE_ATTACHMENT_MAX_BYTES = 10 * 1024 * 1024;
export const MESSAGE_MAX_ATTACHMENTS = 5;
/** Rich text as sent; the server sanitises it and refuses a message that is empty after that. */
export const MESSAGE_BODY_MAX = 20_000;
/** Everyone in a group, the caller included. */
export const CONVERSATION_MAX_PARTICIPANTS = 50;

/** A page of a list read by cursor: `next_cursor` is null on the last page. */
export function zCursorPage<T extends z.ZodType>(item: T) {
  return z.object({ results: z.array(item), next_cursor: z.string().nullable() });
}
export type TCursorPage<T> = { results: T[]; next_cursor: string | null };

export const ZCursorQuery = z.object({
  /** Opaque: the `next_cursor` of the previous page. */
  cursor: z.string().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(20),
});

export const ZConversationQuery = ZCursorQuery.extend({
  /** Part of a participant's name or of the conversation's title. */
  search: z.string().trim().max(100).optional(),
});
export type TConversationQuery = z.input<typeof ZConversationQuery>;

/** Newest first; `search` finds messages of this conversation containing the words. */
export const ZMessageQuery = ZCursorQuery.extend({
  search: z.string().trim().max(100).optional(),
});
export type TMessageQuery = z.input<typeof ZMessageQuery>;

export const ZMessagePerson = z.object({
  id: z.number().int(),
  fullname: z.string(),
  role_id: z.number().int(),
});
export type TMessagePerson = z.infer<typeof ZMessagePerson>;

export const ZMessageAttachment = z.object({
  id: z.number().int(),
  name: z.string(),
  size: z.number().int(),
  content_type: z.string(),
});
export type TMessageAttachment = z.infer<typeof ZMessageAttachment>;

export const ZDirectMessage = z.object({
  id: z.number().int(),
  conversation_id: z.number().int(),
  /** Null once the sender's account is gone. */
  sender: ZMessagePerson.nullable(),
  /** Sanitised rich text (core/text/sanitise.ts): safe to render as HTML. */
  body: z.string(),
  attachments: z.array(ZMessageAttachment),
  /** The sender's key; the sender's client matches its pending message with it. */
  idempotency_key: z.string(),
  created_at: z.string(),
});
export type TDirectMessage = z.infer<typeof ZDirectMessage>;

export const ZConversation = z.object({
  id: z.number().int(),
  kind: z.enum(['direct', 'group']),
  /** A group's name; null for one-to-one conversations (shown as the other person's name). */
  title: z.string().nullable(),
  /** Everyone but the caller. */
  participants: z.array(ZMessagePerson),
  last_message: z
    .object({
      id: z.number().int(),
      sender_id: z.number().int().nullable(),
      /** Plain text, shortened. */
      preview: z.string(),
      created_at: z.string(),
    })
    .nullable(),
  unread_count: z.number().int(),
  muted: z.boolean(),
  /** One-to-one only: the caller blocked the other person. */
  blocked: z.boolean(),
  /** One-to-one only: the other person blocked the caller (sending is refused). */
  blocked_by_other: z.boolean(),
  created_at: z.string(),
});
export type TConversation = z.infer<typeof ZConversation>;

export const ZConversationCreate = z.strictObject({
  /** The others; the caller is added. */
  participant_ids: z
    .array(zId)
    .min(1, 'Choose at least one person.')
    .max(CONVERSATION_MAX_PARTICIPANTS - 1),
  title: plainText(z.string().trim().min(1).max(100)).optional(),
});
export type TConversationCreate = z.infer<typeof ZConversationCreate>;

export const ZDirectConversation = z.strictObject({ user_id: zId });

export const ZConversationUpdate = z.strictObject({ muted: z.boolean() });

/**
 * The fields of a send (JSON, or multipart with `attachments` files). A retry with the same
 * `idempotency_key` answers the message stored the first time and stores nothing more.
 */
export const ZMessageSend = z.strictObject({
  body: z.string().max(MESSAGE_BODY_MAX),
  idempotency_key: z
    .string()
    .min(8)
    .max(64)
    .regex(/^[A-Za-z0-9_-]+$/, 'Letters, digits, - and _ only.'),
});
export type TMessageSend = z.infer<typeof ZMessageSend>;

export const ZUnreadMessages = z.object({ count: z.number().int() });

export const ZBlockState = z.object({ user_id: z.number().int(), blocked: z.boolean() });

/** People the caller may start a conversation with. */
export const ZMessageablePeopleQuery = ZPageQuery.extend({
  search: z.string().trim().max(100).optional(),
});

/** The realtime message a participant's stream gets when a message is stored. */
export const MESSAGE_EVENTS = { created: 'message.created' } as const;
export const ZMessageCreatedMessage = z.object({ message: ZDirectMessage });
export type TMessageCreatedMessage = z.infer<typeof ZMessageCreatedMessage>;
