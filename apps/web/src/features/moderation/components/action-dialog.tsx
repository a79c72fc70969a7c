import { REPORT_NOTE_MAX, type TModerationAction } from '@atrium/contract';
import Alert from '@mui/material/Alert';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { type FormEvent, useState } from 'react';
import { errorMessage } from '../../../shared/api/api-error.ts';
import { FooterButton, FormFooter } from '../../../shared/forms/form-footer.tsx';
import { notifySuccess } from '../../../shared/notify/notify.ts';
import { FormDialog } from '../../../shared/ui/form-dialog.tsx';
import { useModerationAction } from '../api/moderation.api.ts';

const TEXT: Record<TModerationAction, { title: string; body: string; done: string }> = {
  hide: {
    title: 'Hide it',
    body: 'Only its author and the admins will see it, labelled as hidden.',
    done: 'Hidden.',
  },
  restore: {
    title: 'Restore it',
    body: 'Everyone it was meant for sees it again.',
    done: 'Restored.',
  },
  delete: {
    title: 'Delete it',
    body: 'It is deleted for good, as its author deleting it would. This cannot be undone.',
    done: 'Deleted.',
  },
  dismiss: {
    title: 'Dismiss the reports',
    body: 'It stays as it is; the item moves to Resolved.',
    done: 'Dismissed.',
  },
};

/** Confirms one decision on an item, with an optional note kept in the audit trail. */
export function ActionDialog({
  itemId,
  action,
  released,
  onClose,
}: {
  itemId: number;
  action: TModerationAction;
  /** Restoring a held item releases it. */
  released: boolean;
  onClose: () => void;
}) {
  const [note, setNote] = useState('');
  const act = useModerationAction();
  const text = TEXT[action];
  const title = action === 'restore' && released ? 'Release it' : text.title;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    act.mutate(
      { id: itemId, body: { action, ...(note.trim() ? { note: note.trim() } : {}) } },
      {
        onSuccess: () => {
          notifySuccess(action === 'restore' && released ? 'Released.' : text.done);
          onClose();
        },
      },
    );
  };
  return (
    <FormDialog open title={title} onClose={onClose}>
      <Stack component="form" spacing={2} noValidate onSubmit={submit}>
        <Typography>
          {released && action === 'restore'
            ? 'It becomes visible and the people it mentions are told now.'
            : text.body}
        </Typography>
        {act.isError && <Alert severity="error">{errorMessage(act.error)}</Alert>}
        <TextField
          label="Note (optional)"
          value={note}
          onChange={(event) => setNote(event.target.value)}
          multiline
          minRows={2}
          slotProps={{ htmlInput: { maxLength: REPORT_NOTE_MAX } }}
        />
        <FormFooter
          submitLabel={title}
          busy={act.isPending}
          secondary={<FooterButton onClick={onClose}>Cancel</FooterButton>}
        />
      </Stack>
    </FormDialog>
  );
}
