import ChatOutlined from '@mui/icons-material/ChatOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import { useTheme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { errorMessage } from '../../../shared/api/api-error.ts';
import { useSession } from '../../../shared/session/session-context.ts';
import { EmptyState } from '../../../shared/ui/section-card.tsx';
import { visuallyHiddenSx } from '../../../shared/ui/visually-hidden.tsx';
import { useConversation, useLiveMessages, useMarkRead } from '../api/messages.api.ts';
import { ConversationList } from '../components/conversation-list.tsx';
import { NewConversationDialog } from '../components/new-conversation-dialog.tsx';
import { Thread } from '../components/thread.tsx';

/** `?c=<id>` names the open conversation, so a link (or the back button) opens it. */
export function selectedFrom(params: URLSearchParams): number | null {
  const id = Number(params.get('c'));
  return Number.isInteger(id) && id > 0 ? id : null;
}

/** Direct messages: the conversations beside the open one; on phones one pane at a time. */
export default function MessagesPage() {
  const phone = useMediaQuery(useTheme().breakpoints.down('md'));
  const { user } = useSession();
  const [params, setParams] = useSearchParams();
  const selected = selectedFrom(params);
  const [search, setSearch] = useState('');
  const [creating, setCreating] = useState(false);
  const conversation = useConversation(selected);
  const markRead = useMarkRead();
  const { mutate: read } = markRead;

  const open = (id: number | null) => setParams(id === null ? {} : { c: String(id) });
  useEffect(() => {
    if (selected !== null) read(selected);
  }, [selected, read]);
  useLiveMessages((message) => {
    if (message.conversation_id === selected) read(selected);
  });

  const list = (
    <ConversationList
      search={search}
      onSearch={setSearch}
      selected={selected}
      onSelect={open}
      onNew={() => setCreating(true)}
    />
  );
  const thread =
    selected === null ? (
      <EmptyState icon={<ChatOutlined />}>Choose a conversation, or start one with New.</EmptyState>
    ) : conversation.isPending ? (
      <Skeleton variant="rounded" sx={{ m: 2 }} height={200} aria-label="Loading conversation" />
    ) : conversation.isError ? (
      <Alert severity="error" sx={{ m: 2 }}>
        {errorMessage(conversation.error)}
      </Alert>
    ) : (
      <Thread
        key={conversation.data.id}
        conversation={conversation.data}
        me={user?.id ?? 0}
        onBack={phone ? () => open(null) : undefined}
      />
    );

  return (
    <Box
      sx={{
        p: { xs: 0, sm: 2, lg: 3 },
        height: { xs: 'calc(100dvh - 56px)', sm: 'calc(100dvh - 64px)' },
      }}
    >
      <Box component="h1" sx={visuallyHiddenSx}>
        Messages
      </Box>
      <Paper
        variant="outlined"
        sx={{
          height: '100%',
          display: 'grid',
          gridTemplateColumns: phone ? '1fr' : 'minmax(260px, 340px) 1fr',
          overflow: 'hidden',
          borderRadius: { xs: 0, sm: 2 },
        }}
      >
        {(!phone || selected === null) && (
          <Box
            component="nav"
            aria-label="Conversations"
            sx={{ borderRight: phone ? 0 : 1, borderColor: 'divider', minHeight: 0 }}
          >
            {list}
          </Box>
        )}
        {(!phone || selected !== null) && <Box sx={{ minHeight: 0, minWidth: 0 }}>{thread}</Box>}
      </Paper>
      <NewConversationDialog open={creating} onClose={() => setCreating(false)} onStarted={open} />
    </Box>
  );
}
