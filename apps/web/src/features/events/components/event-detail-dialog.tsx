import type { TEventDetail } from '@atrium/contract';
import CloseOutlined from '@mui/icons-material/CloseOutlined';
import Alert from '@mui/material/Alert';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Divider from '@mui/material/Divider';
import IconButton from '@mui/material/IconButton';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import { useTheme } from '@mui/material/styles';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useId } from 'react';
import { errorMessage } from '../../../shared/api/api-error.ts';
import { useEventDetail } from '../api/events.api.ts';
import { EVENT_MESSAGES } from '../labels.ts';
import { DescriptionHtml } from './description-html.tsx';
import { EventActions } from './event-actions.tsx';
import { EventChips } from './event-chips.tsx';
import { EventFacts } from './event-facts.tsx';
import { OccurrenceList } from './occurrence-list.tsx';

/** One event: its facts, description, occurrences and what the caller may do. Full screen on phones. */
export function EventDetailDialog({
  id,
  staff,
  onClose,
  onEdit,
  onManage,
}: {
  id: number;
  staff: boolean;
  onClose: () => void;
  onEdit: (event: TEventDetail) => void;
  onManage: (event: TEventDetail) => void;
}) {
  const titleId = useId();
  const phone = useMediaQuery(useTheme().breakpoints.down('sm'));
  const detail = useEventDetail(id);
  const event = detail.data;
  return (
    <Dialog
      open
      onClose={onClose}
      aria-labelledby={titleId}
      fullScreen={phone}
      maxWidth="md"
      fullWidth
    >
      <DialogTitle id={titleId} sx={{ pr: 7, overflowWrap: 'anywhere' }}>
        {event?.title ?? (detail.isError ? 'Event' : 'Loading event…')}
      </DialogTitle>
      <IconButton
        aria-label="Close"
        onClick={onClose}
        sx={{ position: 'absolute', right: 8, top: 8 }}
      >
        <CloseOutlined />
      </IconButton>
      <DialogContent dividers>
        {detail.isError ? (
          <Alert severity="error">{errorMessage(detail.error, EVENT_MESSAGES.detailFailed)}</Alert>
        ) : !event ? (
          <Stack spacing={1.5} role="status" aria-busy aria-label="Loading event">
            <Skeleton width="40%" />
            <Skeleton variant="rounded" height={120} />
            <Skeleton variant="rounded" height={80} />
          </Stack>
        ) : (
          <Stack spacing={2.5}>
            <EventChips event={event} staff={staff} />
            <EventActions
              event={event}
              onEdit={() => onEdit(event)}
              onManage={() => onManage(event)}
              onDeleted={onClose}
            />
            <EventFacts event={event} />
            <Divider />
            <section aria-labelledby={`${titleId}-about`}>
              <Typography id={`${titleId}-about`} variant="subtitle1" component="h3" sx={{ mb: 1 }}>
                About
              </Typography>
              <DescriptionHtml html={event.description} />
            </section>
            <Stack component="section" aria-labelledby={`${titleId}-occ`}>
              <Typography id={`${titleId}-occ`} variant="subtitle1" component="h3">
                {event.occurrences.length === 1 ? 'Occurrence' : 'Occurrences'}
              </Typography>
              <OccurrenceList occurrences={event.occurrences} timeZone={event.time_zone} />
            </Stack>
          </Stack>
        )}
      </DialogContent>
    </Dialog>
  );
}
