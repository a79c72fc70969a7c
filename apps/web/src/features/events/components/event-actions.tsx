import type { TEventDetail } from '@atrium/contract';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { notifySuccess } from '../../../shared/notify/notify.ts';
import { ConfirmDialog } from '../../../shared/ui/confirm-dialog.tsx';
import { useCancelEnrolment, useCpdEnrol, useEnrol, useRemoveEvent } from '../api/events.api.ts';

/**
 * What the caller may do with the event, as the server's abilities say: enrol (or ask), enrol for
 * CPD credit, cancel their enrolment, and for its managers edit, delete or cancel, enrolments.
 */
export function EventActions({
  event,
  onEdit,
  onManage,
  onDeleted,
}: {
  event: TEventDetail;
  onEdit: () => void;
  onManage: () => void;
  onDeleted: () => void;
}) {
  const enrol = useEnrol();
  const cpdEnrol = useCpdEnrol();
  const cancelEnrolment = useCancelEnrolment();
  const remove = useRemoveEvent();
  const [confirm, setConfirm] = useState<'leave' | 'remove' | null>(null);
  const { abilities, my_enrolment: mine } = event;
  const live = event.status !== 'cancelled' && Date.parse(event.last_ends_at) > Date.now();
  const requested = mine?.status === 'requested';
  // The server decides who may enrol for credit or leave; the enrolment is what is cancelled.
  const canLeave = abilities.cancel_enrolment && mine !== null;
  const hasPeople = event.enrolled_count > 0;
  const full = event.capacity !== null && event.enrolled_count >= event.capacity;
  /** Why a member who is not enrolled cannot enrol, when the event says so itself. */
  const why =
    mine || abilities.enrol || !live || event.status !== 'published'
      ? null
      : event.enrolment === 'closed'
        ? 'This event does not take enrolments.'
        : full
          ? 'This event is full.'
          : null;

  const enrolled = (status: string) =>
    notifySuccess(status === 'requested' ? 'Your request to enrol was sent.' : 'You are enrolled.');

  return (
    <>
      <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
        {abilities.enrol && (
          <Button
            variant="contained"
            loading={enrol.isPending}
            onClick={() => enrol.mutate(event.id, { onSuccess: (e) => enrolled(e.status) })}
          >
            {event.enrolment === 'approval' ? 'Ask to enrol' : 'Enrol'}
          </Button>
        )}
        {abilities.enrol_for_cpd && (
          <Button
            variant={abilities.enrol ? 'outlined' : 'contained'}
            loading={cpdEnrol.isPending}
            onClick={() => cpdEnrol.mutate(event.id, { onSuccess: (e) => enrolled(e.status) })}
          >
            Enrol for CPD credit
          </Button>
        )}
        {canLeave && (
          <Button color="inherit" variant="outlined" onClick={() => setConfirm('leave')}>
            {requested ? 'Withdraw request' : 'Cancel my enrolment'}
          </Button>
        )}
        {abilities.manage_enrolments && (
          <Button variant="outlined" onClick={onManage}>
            Enrolments
          </Button>
        )}
        {abilities.edit && (
          <Button variant="outlined" onClick={onEdit}>
            Edit
          </Button>
        )}
        {abilities.delete && (
          <Button color="error" variant="outlined" onClick={() => setConfirm('remove')}>
            {hasPeople ? 'Cancel event' : 'Delete event'}
          </Button>
        )}
      </Stack>
      {why && (
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          {why}
        </Typography>
      )}
      <ConfirmDialog
        open={confirm === 'leave'}
        title={requested ? 'Withdraw your request?' : 'Cancel your enrolment?'}
        confirmLabel={requested ? 'Withdraw request' : 'Cancel enrolment'}
        destructive
        busy={cancelEnrolment.isPending}
        onClose={() => setConfirm(null)}
        onConfirm={() =>
          mine &&
          cancelEnrolment.mutate(mine.id, {
            onSuccess: () => {
              setConfirm(null);
              notifySuccess(
                requested ? 'Your request was withdrawn.' : 'Your enrolment was cancelled.',
              );
            },
          })
        }
      >
        {requested
          ? `Your request to enrol in “${event.title}” will be withdrawn.`
          : `You will no longer be enrolled in “${event.title}”.`}
      </ConfirmDialog>
      <ConfirmDialog
        open={confirm === 'remove'}
        title={hasPeople ? 'Cancel this event?' : 'Delete this event?'}
        confirmLabel={hasPeople ? 'Cancel event' : 'Delete event'}
        destructive
        busy={remove.isPending}
        onClose={() => setConfirm(null)}
        onConfirm={() =>
          remove.mutate(event.id, {
            onSuccess: ({ outcome }) => {
              setConfirm(null);
              if (outcome === 'deleted') {
                notifySuccess('Event deleted.');
                onDeleted();
              } else {
                notifySuccess('Event cancelled. The people enrolled have been told.');
              }
            },
          })
        }
      >
        An event without enrolments is deleted. One with enrolments is cancelled instead, and the
        people enrolled are told.
      </ConfirmDialog>
    </>
  );
}
