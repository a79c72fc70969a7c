import { LEARNING_PATH_PROGRESS, type TLearningPathProgress } from '@atrium/contract';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormLabel from '@mui/material/FormLabel';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { type FormEvent, useState } from 'react';
import { ApiError, errorMessage } from '../../../../shared/api/api-error.ts';
import { FormDialog } from '../../../../shared/ui/form-dialog.tsx';
import { useNotifyLearners } from '../../api/enrolments.api.ts';
import { PATH_MESSAGES, PROGRESS_STATE, plural } from '../../path-labels.ts';

/** A message to the path's learners through the notification centre, optionally by state. */
export function NotifyDialog({ pathId, onClose }: { pathId: number; onClose: () => void }) {
  const [subject, setSubject] = useState('');
  const [message, setMessage] = useState('');
  const [states, setStates] = useState<TLearningPathProgress[]>([]);
  const [sent, setSent] = useState<number | null>(null);
  const notify = useNotifyLearners();
  const fieldError = (name: string) =>
    notify.error instanceof ApiError ? notify.error.fieldErrors[name]?.join(' ') : undefined;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (subject.trim() === '' || message.trim() === '') return;
    notify.mutate(
      {
        learning_path: pathId,
        subject: subject.trim(),
        message: message.trim(),
        ...(states.length > 0 ? { states } : {}),
      },
      { onSuccess: (result) => setSent(result.sent) },
    );
  };
  return (
    <FormDialog open onClose={notify.isPending ? () => {} : onClose} title="Message learners">
      <Stack component="form" noValidate onSubmit={submit} spacing={2}>
        {sent !== null && (
          <Alert severity="success" role="status">
            Sent to {plural(sent, 'learner')}.
          </Alert>
        )}
        {notify.isError && (
          <Alert severity="error" role="alert">
            {errorMessage(notify.error, PATH_MESSAGES.postFailed)}
          </Alert>
        )}
        <TextField
          label="Subject"
          required
          value={subject}
          onChange={(event) => setSubject(event.target.value)}
          slotProps={{ htmlInput: { maxLength: 200 } }}
          error={Boolean(fieldError('subject'))}
          helperText={fieldError('subject')}
        />
        <TextField
          label="Message"
          required
          multiline
          minRows={4}
          value={message}
          onChange={(event) => setMessage(event.target.value)}
          slotProps={{ htmlInput: { maxLength: 5000 } }}
          error={Boolean(fieldError('message'))}
          helperText={fieldError('message')}
        />
        <FormGroup>
          <FormLabel component="legend">Only learners who are (none ticked: everyone)</FormLabel>
          <Stack direction="row" useFlexGap sx={{ flexWrap: 'wrap' }}>
            {LEARNING_PATH_PROGRESS.map((s) => (
              <FormControlLabel
                key={s}
                label={PROGRESS_STATE[s].label}
                control={
                  <Checkbox
                    checked={states.includes(s)}
                    onChange={(event) =>
                      setStates((current) =>
                        event.target.checked ? [...current, s] : current.filter((x) => x !== s),
                      )
                    }
                  />
                }
              />
            ))}
          </Stack>
        </FormGroup>
        <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end' }}>
          <Button color="inherit" onClick={onClose} disabled={notify.isPending}>
            {sent !== null ? 'Done' : 'Cancel'}
          </Button>
          <Button
            type="submit"
            variant="contained"
            loading={notify.isPending}
            disabled={subject.trim() === '' || message.trim() === ''}
          >
            Send
          </Button>
        </Stack>
      </Stack>
    </FormDialog>
  );
}
