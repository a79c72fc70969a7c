import type { TCalendarFeedUrl } from '@atrium/contract';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useId, useState } from 'react';
import { errorMessage } from '../../../shared/api/api-error.ts';
import { ConfirmDialog } from '../../../shared/ui/confirm-dialog.tsx';
import { useCreateFeedToken, useFeedToken, useRevokeFeedToken } from '../api/calendar.api.ts';
import { CALENDAR_MESSAGES } from '../labels.ts';
import { FeedUrlField } from './feed-url-field.tsx';

const since = (iso: string) =>
  new Date(iso).toLocaleString(undefined, { dateStyle: 'long', timeStyle: 'short' });

/**
 * "Subscribe": the private iCalendar feed URL. Whether one exists and since when; create it
 * (shown once), replace it (the old one stops working) or revoke it, each change confirmed.
 */
export function FeedDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const titleId = useId();
  const state = useFeedToken(open);
  const create = useCreateFeedToken();
  const revoke = useRevokeFeedToken();
  const [created, setCreated] = useState<TCalendarFeedUrl | null>(null);
  const [confirm, setConfirm] = useState<'replace' | 'revoke' | null>(null);

  const makeUrl = () =>
    create.mutate(undefined, {
      onSuccess: (answer) => {
        setCreated(answer);
        setConfirm(null);
      },
    });
  const revokeUrl = () =>
    revoke.mutate(undefined, {
      onSuccess: () => {
        setCreated(null);
        setConfirm(null);
      },
    });
  const close = () => {
    // The URL is shown once: closing the dialog forgets it.
    setCreated(null);
    onClose();
  };
  const exists = state.data?.exists ?? false;

  return (
    <Dialog open={open} onClose={close} aria-labelledby={titleId} maxWidth="sm" fullWidth>
      <DialogTitle id={titleId}>Subscribe to your calendar</DialogTitle>
      <DialogContent>
        <Stack spacing={2}>
          <Typography variant="body2" sx={{ color: 'text.secondary' }}>
            A private address for Outlook, Google Calendar or any calendar app: your due dates,
            sessions and events from 30 days ago to a year ahead, kept up to date.
          </Typography>
          {state.isPending ? (
            <Skeleton height={40} />
          ) : state.isError ? (
            <Alert
              severity="error"
              action={
                <Button color="inherit" size="small" onClick={() => state.refetch()}>
                  Retry
                </Button>
              }
            >
              {errorMessage(state.error, CALENDAR_MESSAGES.feedTokenFailed)}
            </Alert>
          ) : created ? (
            <FeedUrlField url={created.url} />
          ) : exists && state.data.created_at ? (
            <Typography>
              You have a feed URL, created {since(state.data.created_at)}. It is not shown again:
              replace it to get a new address.
            </Typography>
          ) : (
            <Typography>You have no feed URL yet.</Typography>
          )}
        </Stack>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2, flexWrap: 'wrap', gap: 1 }}>
        {state.isSuccess && exists && (
          <>
            <Button color="error" onClick={() => setConfirm('revoke')}>
              Revoke
            </Button>
            {!created && <Button onClick={() => setConfirm('replace')}>Replace</Button>}
          </>
        )}
        {state.isSuccess && !exists && (
          <Button variant="contained" onClick={makeUrl} loading={create.isPending}>
            Create feed URL
          </Button>
        )}
        <Button color="inherit" onClick={close} sx={{ ml: 'auto' }}>
          Close
        </Button>
      </DialogActions>
      <ConfirmDialog
        open={confirm === 'replace'}
        title="Replace the feed URL?"
        confirmLabel="Replace"
        busy={create.isPending}
        onConfirm={makeUrl}
        onClose={() => setConfirm(null)}
      >
        A new address is made and the current one stops working: calendars subscribed to it stop
        updating until you subscribe them to the new one.
      </ConfirmDialog>
      <ConfirmDialog
        open={confirm === 'revoke'}
        title="Revoke the feed URL?"
        confirmLabel="Revoke"
        destructive
        busy={revoke.isPending}
        onConfirm={revokeUrl}
        onClose={() => setConfirm(null)}
      >
        The address stops working: calendars subscribed to it stop updating. You can create a new
        one later.
      </ConfirmDialog>
    </Dialog>
  );
}
