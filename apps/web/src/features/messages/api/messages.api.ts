import {
  MESSAGE_EVENTS,
  messagesOps as ops,
  type TConversation,
  type TDirectMessage,
  ZMessageCreatedMessage,
} from '@atrium/contract';
import {
  type QueryClient,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { call } from '../../../shared/api/call.ts';
import type { UploadProgress } from '../../../shared/api/upload.ts';
import { useRealtime } from '../../../shared/realtime/index.ts';
import { isRetryable, retryDelay, withMessage } from '../compose.ts';

export const messageKeys = {
  all: ['messages'] as const,
  conversations: (search: string) => ['messages', 'conversations', search] as const,
  conversation: (id: number) => ['messages', 'conversation', id] as const,
  thread: (id: number) => ['messages', 'thread', id] as const,
  people: (search: string) => ['messages', 'people', search] as const,
};
// The top bar's counters include unread messages; their query belongs to the notifications
// feature, which this one may not import, so it is named by its key.
const COUNTERS_KEY = ['notifications', 'counters'] as const;

export function useConversations(search: string) {
  return useInfiniteQuery({
    queryKey: messageKeys.conversations(search),
    queryFn: ({ pageParam, signal }) =>
      call(ops.conversations, {
        query: { ...(pageParam ? { cursor: pageParam } : {}), ...(search ? { search } : {}) },
        signal,
      }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.next_cursor,
  });
}

export function useConversation(id: number | null) {
  return useQuery({
    queryKey: messageKeys.conversation(id ?? 0),
    queryFn: ({ signal }) => call(ops.conversation, { params: { id: id! }, signal }),
    enabled: id !== null,
  });
}

export function useThread(id: number | null, limit = 30) {
  return useInfiniteQuery({
    queryKey: messageKeys.thread(id ?? 0),
    queryFn: ({ pageParam, signal }) =>
      call(ops.messages, {
        params: { id: id! },
        query: { limit, ...(pageParam ? { cursor: pageParam } : {}) },
        signal,
      }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.next_cursor,
    enabled: id !== null,
  });
}

export function usePeople(search: string, enabled: boolean) {
  return useInfiniteQuery({
    queryKey: messageKeys.people(search),
    queryFn: ({ pageParam, signal }) =>
      call(ops.people, {
        query: { page: pageParam, page_size: 20, ...(search ? { search } : {}) },
        signal,
      }),
    initialPageParam: 1,
    getNextPageParam: (last, _all, page) => (last.next ? page + 1 : undefined),
    enabled,
  });
}

function refreshLists(client: QueryClient) {
  void client.invalidateQueries({ queryKey: ['messages', 'conversations'] });
  void client.invalidateQueries({ queryKey: COUNTERS_KEY });
}

export function useStartConversation() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: { people: number[]; title?: string }) =>
      input.people.length === 1 && !input.title
        ? call(ops.direct, { body: { user_id: input.people[0]! } })
        : call(ops.createConversation, {
            body: { participant_ids: input.people, ...(input.title ? { title: input.title } : {}) },
          }),
    onSuccess: (conversation) => {
      client.setQueryData(messageKeys.conversation(conversation.id), conversation);
      refreshLists(client);
    },
  });
}

export function useMarkRead() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => call(ops.markRead, { params: { id } }),
    onSuccess: (_unread, id) => {
      client.setQueryData<TConversation>(messageKeys.conversation(id), (c) =>
        c ? { ...c, unread_count: 0 } : c,
      );
      refreshLists(client);
    },
  });
}

export function useConversationSettings(id: number, otherId: number | undefined) {
  const client = useQueryClient();
  const done = (conversation?: TConversation) => {
    if (conversation) client.setQueryData(messageKeys.conversation(id), conversation);
    else void client.invalidateQueries({ queryKey: messageKeys.conversation(id) });
    refreshLists(client);
  };
  const mute = useMutation({
    mutationFn: (muted: boolean) =>
      call(ops.updateConversation, { params: { id }, body: { muted } }),
    onSuccess: done,
  });
  const block = useMutation({
    mutationFn: (blocked: boolean) =>
      blocked
        ? call(ops.block, { params: { id: otherId! } })
        : call(ops.unblock, { params: { id: otherId! } }),
    onSuccess: () => done(),
  });
  return { mute, block };
}

export interface OutgoingMessage {
  body: string;
  files: File[];
  idempotencyKey: string;
}

/**
 * Sends a message, trying again with the same idempotency key while the network fails (the
 * server stores it once however often it arrives); a refusal is thrown at once.
 */
export async function sendMessage(
  conversationId: number,
  message: OutgoingMessage,
  onProgress: (progress: UploadProgress) => void,
  attempts = 4,
  wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms)),
): Promise<TDirectMessage> {
  for (let attempt = 1; ; attempt++) {
    try {
      const fields = { body: message.body, idempotency_key: message.idempotencyKey };
      if (message.files.length === 0) {
        return await call(ops.send, { params: { id: conversationId }, body: fields });
      }
      const form = new FormData();
      form.set('body', fields.body);
      form.set('idempotency_key', fields.idempotency_key);
      for (const file of message.files) form.append('attachments', file);
      return await call(ops.send, { params: { id: conversationId }, body: form, onProgress });
    } catch (error) {
      if (attempt >= attempts || !isRetryable(error)) throw error;
      await wait(retryDelay(attempt));
    }
  }
}

/** Puts a stored message into the cached thread and refreshes the lists around it. */
export function useMessageArrived() {
  const client = useQueryClient();
  return (message: TDirectMessage) => {
    client.setQueryData(messageKeys.thread(message.conversation_id), (thread: never) =>
      withMessage(thread, message),
    );
    refreshLists(client);
  };
}

/** Messages to the caller arrive live over the realtime stream while the page is open. */
export function useLiveMessages(onMessage: (message: TDirectMessage) => void) {
  const arrived = useMessageArrived();
  useRealtime(MESSAGE_EVENTS.created, (data) => {
    const parsed = ZMessageCreatedMessage.safeParse(data);
    if (!parsed.success) return;
    arrived(parsed.data.message);
    onMessage(parsed.data.message);
  });
}

export const MESSAGES_TEXT = {
  listFailed: 'Conversations could not be loaded.',
  threadFailed: 'Messages could not be loaded.',
  notSent: 'Not sent.',
} as const;
