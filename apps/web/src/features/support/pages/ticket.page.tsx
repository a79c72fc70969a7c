import { TICKET_CATEGORY_LABELS } from '@atrium/contract';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Link, useParams } from 'react-router';
import { LoadError } from '../../../shared/ui/load-error.tsx';
import { PageContainer, PageHeader } from '../../../shared/ui/page-header.tsx';
import { useTicket } from '../api/tickets.api.ts';
import { SlaChip } from '../components/tickets/sla-chip.tsx';
import { PriorityChip, StatusChip } from '../components/tickets/status-chip.tsx';
import { ReplyBox, StaffControls } from '../components/tickets/ticket-actions.tsx';
import { TicketThread } from '../components/tickets/ticket-thread.tsx';

/**
 * `/support/tickets/:id`: one ticket with its conversation and a reply box; staff also see the
 * internal notes, the SLA and the status, priority and assignee controls.
 */
export default function TicketPage() {
  const id = Number(useParams().id);
  const valid = Number.isInteger(id) && id > 0;
  const ticket = useTicket(valid ? id : 0);

  const back = (
    <Button component={Link} to="/support" size="small">
      Back to support
    </Button>
  );
  if (!valid)
    return (
      <PageContainer maxWidth={1000}>
        <PageHeader title="Ticket not found" />
        {back}
      </PageContainer>
    );
  if (ticket.isPending)
    return (
      <PageContainer maxWidth={1000}>
        <LinearProgress aria-label="Loading the ticket" />
      </PageContainer>
    );
  if (ticket.isError)
    return (
      <PageContainer maxWidth={1000}>
        <LoadError
          error={ticket.error}
          fallback="The ticket could not be loaded."
          onRetry={() => ticket.refetch()}
        />
        {back}
      </PageContainer>
    );
  const t = ticket.data;
  const staff = t.abilities.manage;
  return (
    <PageContainer maxWidth={1000}>
      {back}
      <PageHeader
        title={t.subject}
        subtitle={`${t.reference} · ${TICKET_CATEGORY_LABELS[t.category]}`}
      />
      <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1, mb: 2 }}>
        <StatusChip status={t.status} />
        {staff && <PriorityChip priority={t.priority} />}
        {staff && <SlaChip sla={t.sla} />}
      </Stack>
      {staff && (
        <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 }, mb: 2 }}>
          <StaffControls ticket={t} />
          <Typography
            variant="body2"
            sx={{ color: 'text.secondary', mt: 2, overflowWrap: 'anywhere' }}
          >
            {t.requester.fullname}
            {t.organisation ? ` · ${t.organisation.title}` : ''}
            {t.page ? ` · from ${t.page}` : ''}
            {t.browser ? ` · ${t.browser}` : ''}
          </Typography>
        </Paper>
      )}
      <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 }, mb: 2 }}>
        <TicketThread ticket={t} />
      </Paper>
      <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
        <ReplyBox ticket={t} />
      </Paper>
    </PageContainer>
  );
}
