import type { TConversation, TDirectMessage } from '@atrium/contract';
import ArrowBackOutlined from '@mui/icons-material/ArrowBackOutlined';
import ForumOutlined from '@mui/icons-material/ForumOutlined';
import MoreVertOutlined from '@mui/icons-material/MoreVertOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useLayoutEffect, useRef, useState } from 'react';
import { errorMessage } from '../../../shared/api/api-error.ts';
import type { UploadProgress } from '../../../shared/api/upload.ts';
import { EmptyState } from '../../../shared/ui/section-card.tsx';
import { UploadProgressBar } from '../../../shared/ui/upload-progress.tsx';
import {
  MESSAGES_TEXT,
  type OutgoingMessage,
  sendMessage,
  useConversationSettings,
  useMessageArrived,
  useThread,
} from '../api/messages.api.ts';
import { chronological, newIdempotencyKey } from '../compose.ts';
import { Composer } from './composer.tsx';
import { conversationName } from './conversation-list.tsx';
import { MessageBubble } from './message-bubble.tsx';

interface Pending extends OutgoingMessage {
  status: 'sending' | 'failed';
  progress: UploadProgress | null;
  error?: string;
}

export function Thread({
  conversation,
  me,
  onBack,
}: {
  conversation: TConversation;
  me: number;
  onBack?: () => void;
}) {
  const thread = useThread(conversation.id);
  const arrived = useMessageArrived();
  const other = conversation.kind === 'direct' ? conversation.participants[0] : undefined;
  const { mute, block } = useConversationSettings(conversation.id, other?.id);
  const [pending, setPending] = useState<Pending[]>([]);
  const [menu, setMenu] = useState<HTMLElement | null>(null);
  const scroller = useRef<HTMLDivElement>(null);
  const heightBeforeOlder = useRef<number | null>(null);
  const messages = chronological(thread.data);
  const newestId = messages.at(-1)?.id;

  // Older pages go on top: keep the reader where they were; anything new scrolls to the end.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the content changes, which the body reads from the DOM
  useLayoutEffect(() => {
    const el = scroller.current;
    if (!el) return;
    if (heightBeforeOlder.current !== null) {
      el.scrollTop += el.scrollHeight - heightBeforeOlder.current;
      heightBeforeOlder.current = null;
    } else {
      el.scrollTop = el.scrollHeight;
    }
  }, [thread.data?.pages.length, newestId, pending.length]);

  const loadOlder = () => {
    if (!thread.hasNextPage || thread.isFetchingNextPage) return;
    heightBeforeOlder.current = scroller.current?.scrollHeight ?? null;
    void thread.fetchNextPage();
  };

  const update = (key: string, patch: Partial<Pending>) =>
    setPending((list) => list.map((p) => (p.idempotencyKey === key ? { ...p, ...patch } : p)));
  const deliver = (message: OutgoingMessage) => {
    update(message.idempotencyKey, { status: 'sending', error: undefined });
    sendMessage(conversation.id, message, (progress) =>
      update(message.idempotencyKey, { progress }),
    )
      .then((stored: TDirectMessage) => {
        arrived(stored);
        setPending((list) => list.filter((p) => p.idempotencyKey !== message.idempotencyKey));
      })
      .catch((error: unknown) =>
        update(message.idempotencyKey, { status: 'failed', error: errorMessage(error) }),
      );
  };
  const onSend = ({ body, files }: { body: string; files: File[] }) => {
    const message = { body, files, idempotencyKey: newIdempotencyKey() };
    setPending((list) => [...list, { ...message, status: 'sending', progress: null }]);
    deliver(message);
  };

  const blockedReason = conversation.blocked
    ? 'You blocked this person. Unblock them to write again.'
    : conversation.blocked_by_other
      ? 'This person does not take messages from you.'
      : undefined;

  return (
    <Stack
      sx={{ height: '100%', minHeight: 0 }}
      aria-label={`Conversation with ${conversationName(conversation)}`}
      component="section"
    >
      <Stack
        direction="row"
        spacing={1}
        sx={{ p: 1, alignItems: 'center', borderBottom: 1, borderColor: 'divider' }}
      >
        {onBack && (
          <IconButton onClick={onBack} aria-label="Back to conversations">
            <ArrowBackOutlined />
          </IconButton>
        )}
        <Typography component="h2" variant="h6" sx={{ flex: 1, minWidth: 0 }} noWrap>
          {conversationName(conversation)}
        </Typography>
        <IconButton
          aria-label="Conversation options"
          aria-haspopup="menu"
          onClick={(e) => setMenu(e.currentTarget)}
        >
          <MoreVertOutlined />
        </IconButton>
        <Menu anchorEl={menu} open={menu !== null} onClose={() => setMenu(null)}>
          <MenuItem
            onClick={() => {
              setMenu(null);
              mute.mutate(!conversation.muted);
            }}
          >
            {conversation.muted ? 'Unmute' : 'Mute'}
          </MenuItem>
          {other && (
            <MenuItem
              onClick={() => {
                setMenu(null);
                block.mutate(!conversation.blocked);
              }}
            >
              {conversation.blocked ? `Unblock ${other.fullname}` : `Block ${other.fullname}`}
            </MenuItem>
          )}
        </Menu>
      </Stack>
      {(mute.isError || block.isError) && (
        <Alert severity="error" sx={{ m: 1 }}>
          {errorMessage(mute.error ?? block.error)}
        </Alert>
      )}
      <Box
        ref={scroller}
        onScroll={(e) => {
          if (e.currentTarget.scrollTop < 80) loadOlder();
        }}
        sx={{ flex: 1, overflowY: 'auto', minHeight: 0, p: 2 }}
        role="log"
        aria-live="polite"
        aria-label="Messages"
        tabIndex={0}
      >
        {thread.hasNextPage && (
          <Box sx={{ textAlign: 'center', mb: 1 }}>
            <Button size="small" onClick={loadOlder} disabled={thread.isFetchingNextPage}>
              {thread.isFetchingNextPage ? 'Loading…' : 'Older messages'}
            </Button>
          </Box>
        )}
        {thread.isPending ? (
          <Stack spacing={1} aria-label="Loading messages">
            {[0, 1, 2].map((i) => (
              <Skeleton
                key={i}
                variant="rounded"
                height={48}
                width={`${60 - i * 10}%`}
                sx={{ alignSelf: i % 2 ? 'flex-end' : 'flex-start' }}
              />
            ))}
          </Stack>
        ) : thread.isError ? (
          <Alert severity="error">{errorMessage(thread.error, MESSAGES_TEXT.threadFailed)}</Alert>
        ) : messages.length === 0 && pending.length === 0 ? (
          <EmptyState icon={<ForumOutlined />}>No messages yet. Say hello.</EmptyState>
        ) : (
          <Stack spacing={1.5}>
            {messages.map((m) => (
              <MessageBubble
                key={m.id}
                mine={m.sender?.id === me}
                sender={m.sender?.fullname ?? 'Former user'}
                body={m.body}
                attachments={m.attachments}
                createdAt={m.created_at}
              />
            ))}
            {pending.map((p) => (
              <Stack key={p.idempotencyKey} spacing={0.5}>
                <MessageBubble
                  mine
                  sender={null}
                  body={p.body}
                  attachments={p.files.map((f, i) => ({ name: f.name, key: `${i}-${f.name}` }))}
                  createdAt={null}
                  footer={
                    p.status === 'sending' ? (
                      'Sending…'
                    ) : (
                      <Box component="span" sx={{ color: 'error.main' }}>
                        {MESSAGES_TEXT.notSent} {p.error}{' '}
                        <Button size="small" onClick={() => deliver(p)}>
                          Retry
                        </Button>
                      </Box>
                    )
                  }
                />
                {p.status === 'sending' && p.files.length > 0 && (
                  <Box sx={{ alignSelf: 'flex-end', width: 200 }}>
                    <UploadProgressBar progress={p.progress} />
                  </Box>
                )}
              </Stack>
            ))}
          </Stack>
        )}
      </Box>
      <Composer disabled={Boolean(blockedReason)} disabledReason={blockedReason} onSend={onSend} />
    </Stack>
  );
}
