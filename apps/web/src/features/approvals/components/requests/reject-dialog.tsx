import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { type FormEvent, useEffect, useState } from 'react';
import { ApiError, errorMessage } from '../../../../shared/api/api-error.ts';
import { FormDialog } from '../../../../shared/ui/form-dialog.tsx';
import { APPROVAL_MESSAGES } from '../../api/requests.api.ts';

/**
 * Asks for the reason of a rejection. Whether a reason is required is the organisation's setting,
 * known to the server only: it answers 400 with `errors.comment`, shown under the field, which is
 * why the field comes first and is worded as expected rather than optional.
 */
export function RejectDialog({
  open,
  what,
  busy,
  error,
  onSubmit,
  onClose,
}: {
  open: boolean;
  /** One sentence naming what is rejected ("Lee Learner asked for Course enrolment: Safety"). */
  what: string;
  busy: boolean;
  /** The last attempt's failure, if any. */
  error: unknown;
  onSubmit: (comment: string) => void;
  onClose: () => void;
}) {
  const [reason, setReason] = useState('');
  useEffect(() => {
    if (open) setReason('');
  }, [open]);

  const fieldError = error instanceof ApiError ? error.fieldErrors.comment?.join(' ') : undefined;
  const otherError =
    error && !fieldError ? errorMessage(error, APPROVAL_MESSAGES.decideFailed) : null;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSubmit(reason.trim());
  };
  const close = () => {
    if (!busy) onClose();
  };

  return (
    <FormDialog open={open} onClose={close} title="Reject request" maxWidth="xs">
      <Stack component="form" noValidate onSubmit={submit} spacing={2}>
        <Typography variant="body2">{what}</Typography>
        <TextField
          label="Reason for the requester"
          multiline
          minRows={3}
          autoFocus
          value={reason}
          onChange={(event) => setReason(event.target.value)}
          error={Boolean(fieldError)}
          helperText={
            fieldError ??
            'The requester reads it with the decision. Your organisation may require one.'
          }
          slotProps={{ htmlInput: { maxLength: 1000 } }}
        />
        {otherError && <Alert severity="error">{otherError}</Alert>}
        <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end' }}>
          <Button color="inherit" onClick={close} disabled={busy}>
            Cancel
          </Button>
          <Button type="submit" color="error" variant="contained" loading={busy}>
            Reject
          </Button>
        </Stack>
      </Stack>
    </FormDialog>
  );
}
