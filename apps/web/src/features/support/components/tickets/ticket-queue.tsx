import { TICKET_PRIORITIES, TICKET_STATUS_LABELS, TICKET_STATUSES } from '@atrium/contract';
import LinearProgress from '@mui/material/LinearProgress';
import List from '@mui/material/List';
import MenuItem from '@mui/material/MenuItem';
import Pagination from '@mui/material/Pagination';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { LoadError } from '../../../../shared/ui/load-error.tsx';
import { SearchField } from '../../../../shared/ui/search-field.tsx';
import {
  NO_FILTERS,
  type QueueFilters,
  TICKET_PAGE_SIZE,
  useTicketQueue,
} from '../../api/tickets.api.ts';
import { OrganisationFilter } from './organisation-filter.tsx';
import { PRIORITY_LABELS } from './status-chip.tsx';
import { TicketRow } from './ticket-row.tsx';

/**
 * The staff's queue: the organisation's tickets (a superadmin's: every organisation's, with the
 * organisation on each row), soonest SLA due first, filtered by status, priority, assignee, SLA
 * and a search over reference and subject.
 */
export function TicketQueue({ superadmin }: { superadmin: boolean }) {
  const [page, setPage] = useState(1);
  const [filters, setFilters] = useState<QueueFilters>(NO_FILTERS);
  const list = useTicketQueue(page, filters);
  const set = (key: keyof QueueFilters) => (value: string) => {
    setFilters((f) => ({ ...f, [key]: value }));
    setPage(1);
  };
  const select = (key: keyof QueueFilters, label: string, options: [string, string][]) => (
    <TextField
      select
      size="small"
      label={label}
      value={filters[key]}
      onChange={(e) => set(key)(e.target.value)}
      sx={{ minWidth: 150 }}
    >
      {options.map(([value, text]) => (
        <MenuItem key={value} value={value}>
          {text}
        </MenuItem>
      ))}
    </TextField>
  );

  return (
    <Stack spacing={2}>
      <SearchField
        value={filters.search}
        onChange={set('search')}
        label="Search reference or subject"
      />
      <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 2 }}>
        {select('status', 'Status', [
          ['', 'Open, waiting, on hold'],
          ...TICKET_STATUSES.map((s): [string, string] => [s, TICKET_STATUS_LABELS[s]]),
          ['all', 'All'],
        ])}
        {select('priority', 'Priority', [
          ['', 'Any'],
          ...TICKET_PRIORITIES.map((p): [string, string] => [p, PRIORITY_LABELS[p]]),
        ])}
        {select('assignee', 'Assignee', [
          ['', 'Anyone'],
          ['me', 'Me'],
          ['none', 'Unassigned'],
        ])}
        {select('sla', 'SLA', [
          ['', 'Any'],
          ['breaching_soon', 'Breaching soon'],
          ['breached', 'Breached'],
        ])}
        {superadmin && <OrganisationFilter onChange={set('organisation')} />}
      </Stack>
      {list.isPending ? (
        <LinearProgress aria-label="Loading the queue" />
      ) : list.isError ? (
        <LoadError
          error={list.error}
          fallback="The queue could not be loaded."
          onRetry={() => list.refetch()}
        />
      ) : list.data.results.length === 0 ? (
        <Typography sx={{ color: 'text.secondary' }}>No tickets match.</Typography>
      ) : (
        <>
          <List aria-label="Support queue" disablePadding>
            {list.data.results.map((t) => (
              <TicketRow key={t.id} ticket={t} staff showOrganisation={superadmin} />
            ))}
          </List>
          {list.data.count > TICKET_PAGE_SIZE && (
            <Pagination
              page={page}
              count={Math.ceil(list.data.count / TICKET_PAGE_SIZE)}
              onChange={(_e, value) => setPage(value)}
            />
          )}
        </>
      )}
    </Stack>
  );
}
