import type { TConversation } from '@atrium/contract';
import ChatOutlined from '@mui/icons-material/ChatOutlined';
import EditOutlined from '@mui/icons-material/EditOutlined';
import NotificationsOffOutlined from '@mui/icons-material/NotificationsOffOutlined';
import SearchOutlined from '@mui/icons-material/SearchOutlined';
import Alert from '@mui/material/Alert';
import Avatar from '@mui/material/Avatar';
import Badge from '@mui/material/Badge';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import InputAdornment from '@mui/material/InputAdornment';
import List from '@mui/material/List';
import ListItemAvatar from '@mui/material/ListItemAvatar';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { errorMessage } from '../../../shared/api/api-error.ts';
import { EmptyState } from '../../../shared/ui/section-card.tsx';
import { MESSAGES_TEXT, useConversations } from '../api/messages.api.ts';
import { badge } from '../compose.ts';

/** A conversation's name: its title, else the people in it. */
export const conversationName = (c: TConversation) =>
  c.title ?? (c.participants.map((p) => p.fullname).join(', ') || 'Only you');

export function initials(name: string): string {
  const parts = name.trim().split(/\s+/);
  return (
    (parts[0]?.[0] ?? '') + (parts.length > 1 ? (parts.at(-1)?.[0] ?? '') : '')
  ).toUpperCase();
}

export function ConversationList({
  search,
  onSearch,
  selected,
  onSelect,
  onNew,
}: {
  search: string;
  onSearch: (search: string) => void;
  selected: number | null;
  onSelect: (id: number) => void;
  onNew: () => void;
}) {
  const list = useConversations(search);
  const conversations = list.data?.pages.flatMap((p) => p.results) ?? [];
  return (
    <Stack sx={{ height: '100%', minHeight: 0 }}>
      <Stack direction="row" spacing={1} sx={{ p: 1.5, alignItems: 'center' }}>
        <TextField
          size="small"
          fullWidth
          placeholder="Search"
          value={search}
          onChange={(e) => onSearch(e.target.value)}
          slotProps={{
            htmlInput: { 'aria-label': 'Search conversations', maxLength: 100 },
            input: {
              startAdornment: (
                <InputAdornment position="start">
                  <SearchOutlined fontSize="small" />
                </InputAdornment>
              ),
            },
          }}
        />
        <Button
          variant="contained"
          onClick={onNew}
          startIcon={<EditOutlined />}
          sx={{ flexShrink: 0 }}
        >
          New
        </Button>
      </Stack>
      <Box sx={{ flex: 1, overflowY: 'auto', minHeight: 0 }}>
        {list.isPending ? (
          <Stack spacing={1} sx={{ p: 2 }} aria-label="Loading conversations">
            {[0, 1, 2, 3].map((i) => (
              <Skeleton key={i} variant="rounded" height={56} />
            ))}
          </Stack>
        ) : list.isError ? (
          <Alert severity="error" sx={{ m: 2 }}>
            {errorMessage(list.error, MESSAGES_TEXT.listFailed)}
          </Alert>
        ) : conversations.length === 0 ? (
          <EmptyState icon={<ChatOutlined />}>
            {search ? 'No conversation matches.' : 'No conversations yet. Start one with New.'}
          </EmptyState>
        ) : (
          <List aria-label="Conversations" disablePadding>
            {conversations.map((c) => {
              const name = conversationName(c);
              return (
                <ListItemButton
                  key={c.id}
                  selected={c.id === selected}
                  onClick={() => onSelect(c.id)}
                  aria-current={c.id === selected ? 'true' : undefined}
                  data-conversation={c.id}
                >
                  <ListItemAvatar>
                    <Badge
                      color="primary"
                      badgeContent={c.unread_count > 0 ? badge(c.unread_count) : null}
                      aria-label={c.unread_count > 0 ? `${c.unread_count} unread` : undefined}
                      invisible={c.unread_count === 0}
                    >
                      <Avatar>{initials(name)}</Avatar>
                    </Badge>
                  </ListItemAvatar>
                  <ListItemText
                    primary={
                      <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center' }}>
                        <Box
                          component="span"
                          sx={{
                            fontWeight: c.unread_count > 0 ? 700 : 500,
                            overflow: 'hidden',
                            textOverflow: 'ellipsis',
                            whiteSpace: 'nowrap',
                          }}
                        >
                          {name}
                        </Box>
                        {c.muted && (
                          <NotificationsOffOutlined fontSize="inherit" aria-label="Muted" />
                        )}
                      </Stack>
                    }
                    secondary={
                      c.last_message?.preview || (c.last_message ? 'Attachment' : 'No messages yet')
                    }
                    slotProps={{ secondary: { noWrap: true } }}
                  />
                </ListItemButton>
              );
            })}
          </List>
        )}
        {list.hasNextPage && (
          <Box sx={{ p: 1, textAlign: 'center' }}>
            <Button onClick={() => list.fetchNextPage()} disabled={list.isFetchingNextPage}>
              {list.isFetchingNextPage ? 'Loading…' : 'More conversations'}
            </Button>
          </Box>
        )}
      </Box>
    </Stack>
  );
}
