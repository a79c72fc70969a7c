import type { TContactMessage } from '@atrium/contract';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import LinearProgress from '@mui/material/LinearProgress';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import MenuItem from '@mui/material/MenuItem';
import Pagination from '@mui/material/Pagination';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { errorMessage } from '../../../shared/api/api-error.ts';
import { LoadError } from '../../../shared/ui/load-error.tsx';
import { SearchField } from '../../../shared/ui/search-field.tsx';
import { SUPPORT_PAGE_SIZE, useContactMessages, useMarkContact } from '../api/support.api.ts';

/** The admins' list of contact messages: newest first, searched, marked handled or reopened. */
export function ContactInbox() {
  const [page, setPage] = useState(1);
  const [search, setSearch] = useState('');
  const [handled, setHandled] = useState<'' | 'true' | 'false'>('false');
  const list = useContactMessages(page, search, handled);
  const mark = useMarkContact();

  return (
    <Stack spacing={2}>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <SearchField
          value={search}
          onChange={(value) => {
            setSearch(value);
            setPage(1);
          }}
          label="Search messages"
        />
        <TextField
          select
          label="Show"
          size="small"
          value={handled}
          onChange={(e) => {
            setHandled(e.target.value as '' | 'true' | 'false');
            setPage(1);
          }}
          sx={{ minWidth: 160 }}
        >
          <MenuItem value="false">To handle</MenuItem>
          <MenuItem value="true">Handled</MenuItem>
          <MenuItem value="">All</MenuItem>
        </TextField>
      </Stack>
      {mark.isError && <Alert severity="error">{errorMessage(mark.error)}</Alert>}
      {list.isPending ? (
        <LinearProgress aria-label="Loading messages" />
      ) : list.isError ? (
        <LoadError
          error={list.error}
          fallback="The messages could not be loaded."
          onRetry={() => list.refetch()}
        />
      ) : list.data.results.length === 0 ? (
        <Typography color="text.secondary">No messages.</Typography>
      ) : (
        <>
          <List aria-label="Contact messages" disablePadding>
            {list.data.results.map((m) => (
              <ContactRow
                key={m.id}
                message={m}
                busy={mark.isPending}
                onMark={(value) => mark.mutate({ id: m.id, handled: value })}
              />
            ))}
          </List>
          {list.data.count > SUPPORT_PAGE_SIZE && (
            <Pagination
              page={page}
              count={Math.ceil(list.data.count / SUPPORT_PAGE_SIZE)}
              onChange={(_e, value) => setPage(value)}
            />
          )}
        </>
      )}
    </Stack>
  );
}

function ContactRow({
  message: m,
  busy,
  onMark,
}: {
  message: TContactMessage;
  busy: boolean;
  onMark: (handled: boolean) => void;
}) {
  return (
    <ListItem divider sx={{ display: 'block', px: 0 }}>
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={1}
        sx={{ alignItems: { sm: 'center' } }}
      >
        <Typography variant="subtitle1" component="h3" sx={{ flex: 1, overflowWrap: 'anywhere' }}>
          {m.subject}
        </Typography>
        {m.handled && <Chip size="small" color="success" label="Handled" />}
        <Button size="small" disabled={busy} onClick={() => onMark(!m.handled)}>
          {m.handled ? 'Reopen' : 'Mark handled'}
        </Button>
      </Stack>
      <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
        {m.name} · <a href={`mailto:${m.email}`}>{m.email}</a> ·{' '}
        {new Date(m.created_at).toLocaleString()}
      </Typography>
      <Typography variant="body2" sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere', mt: 1 }}>
        {m.message}
      </Typography>
    </ListItem>
  );
}
