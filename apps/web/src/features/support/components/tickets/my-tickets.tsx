import LinearProgress from '@mui/material/LinearProgress';
import List from '@mui/material/List';
import Pagination from '@mui/material/Pagination';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { LoadError } from '../../../../shared/ui/load-error.tsx';
import { TICKET_PAGE_SIZE, useMyTickets } from '../../api/tickets.api.ts';
import { TicketRow } from './ticket-row.tsx';

/** The tickets the person opened, latest activity first. */
export function MyTickets() {
  const [page, setPage] = useState(1);
  const list = useMyTickets(page);
  if (list.isPending) return <LinearProgress aria-label="Loading your tickets" />;
  if (list.isError)
    return (
      <LoadError
        error={list.error}
        fallback="Your tickets could not be loaded."
        onRetry={() => list.refetch()}
      />
    );
  if (list.data.results.length === 0)
    return (
      <Typography sx={{ color: 'text.secondary' }}>
        You have no tickets yet. Use “New ticket” to ask for help.
      </Typography>
    );
  return (
    <Stack spacing={2}>
      <List aria-label="My tickets" disablePadding>
        {list.data.results.map((t) => (
          <TicketRow key={t.id} ticket={t} staff={false} />
        ))}
      </List>
      {list.data.count > TICKET_PAGE_SIZE && (
        <Pagination
          page={page}
          count={Math.ceil(list.data.count / TICKET_PAGE_SIZE)}
          onChange={(_e, value) => setPage(value)}
        />
      )}
    </Stack>
  );
}
