import type { TTicketSummary } from '@atrium/contract';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Link } from 'react-router';
import { SlaChip } from './sla-chip.tsx';
import { PriorityChip, StatusChip } from './status-chip.tsx';

/** One ticket in a list: a link to its page with reference, subject, status and (staff) SLA. */
export function TicketRow({
  ticket: t,
  staff,
  showOrganisation,
}: {
  ticket: TTicketSummary;
  staff: boolean;
  showOrganisation?: boolean;
}) {
  return (
    <ListItem disablePadding divider>
      <ListItemButton
        component={Link}
        to={`/support/tickets/${t.id}`}
        sx={{ display: 'block', px: 1 }}
      >
        <Stack
          direction={{ xs: 'column', sm: 'row' }}
          spacing={1}
          sx={{ alignItems: { sm: 'center' } }}
        >
          <Typography
            variant="subtitle1"
            component="span"
            sx={{ flex: 1, overflowWrap: 'anywhere' }}
          >
            <Typography component="span" sx={{ fontFamily: 'monospace', mr: 1 }}>
              {t.reference}
            </Typography>
            {t.subject}
          </Typography>
          <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', rowGap: 1 }}>
            <StatusChip status={t.status} />
            {staff && <PriorityChip priority={t.priority} />}
            {staff && <SlaChip sla={t.sla} />}
          </Stack>
        </Stack>
        <Typography variant="body2" sx={{ color: 'text.secondary', overflowWrap: 'anywhere' }}>
          {staff ? `${t.requester.fullname} · ` : ''}
          {showOrganisation ? `${t.organisation.title} · ` : ''}
          {staff ? (t.assignee ? `Assigned to ${t.assignee.fullname} · ` : 'Unassigned · ') : ''}
          Updated {new Date(t.updated_at).toLocaleString()}
        </Typography>
      </ListItemButton>
    </ListItem>
  );
}
