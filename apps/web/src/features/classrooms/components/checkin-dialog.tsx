import { CHECKIN_CODE } from '@atrium/contract';
import Alert from '@mui/material/Alert';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useState } from 'react';
import { ApiError, errorMessage } from '../../../shared/api/api-error.ts';
import { FooterButton, FormFooter } from '../../../shared/forms/form-footer.tsx';
import { notifySuccess } from '../../../shared/notify/notify.ts';
import { FormDialog } from '../../../shared/ui/form-dialog.tsx';
import { useCheckin } from '../api/bookings.api.ts';

/** The learner types the six digits the trainer's screen shows. */
export function CheckinDialog({
  open,
  session,
  onClose,
}: {
  open: boolean;
  session: { id: number; title: string };
  onClose: () => void;
}) {
  return (
    <FormDialog open={open} onClose={onClose} title="Check in" maxWidth="xs">
      {open && <CheckinForm session={session} onClose={onClose} />}
    </FormDialog>
  );
}

function CheckinForm({
  session,
  onClose,
}: {
  session: { id: number; title: string };
  onClose: () => void;
}) {
  const [code, setCode] = useState('');
  const [tried, setTried] = useState(false);
  const checkin = useCheckin();
  const valid = CHECKIN_CODE.test(code.trim());
  const serverField =
    checkin.error instanceof ApiError ? checkin.error.fieldErrors.code?.join(' ') : undefined;
  const fieldError = tried && !valid ? 'Enter the six-digit code.' : serverField;
  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        setTried(true);
        if (!valid) return;
        checkin.mutate(
          { session: session.id, code: code.trim() },
          {
            onSuccess: (done) => {
              notifySuccess(
                done.attendance === 'late' ? 'You are checked in (late).' : 'You are checked in.',
              );
              onClose();
            },
          },
        );
      }}
    >
      <Stack spacing={2}>
        {checkin.isError && !serverField && (
          <Alert severity="error">{errorMessage(checkin.error)}</Alert>
        )}
        <TextField
          label="Check-in code"
          value={code}
          autoFocus
          onChange={(event) => {
            setCode(event.target.value.replace(/\D/g, '').slice(0, 6));
            if (checkin.isError) checkin.reset();
          }}
          slotProps={{
            htmlInput: {
              inputMode: 'numeric',
              autoComplete: 'one-time-code',
              maxLength: 6,
              style: { fontSize: '1.6rem', letterSpacing: '0.3em', textAlign: 'center' },
            },
          }}
          error={Boolean(fieldError)}
          helperText={
            fieldError ?? `The six digits on the trainer's screen for “${session.title}”.`
          }
        />
        <FormFooter
          submitLabel="Check in"
          busy={checkin.isPending}
          secondary={<FooterButton onClick={onClose}>Cancel</FooterButton>}
        />
      </Stack>
    </form>
  );
}
