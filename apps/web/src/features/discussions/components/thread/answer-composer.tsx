import { DISCUSSION_BODY_MAX } from '@atrium/contract';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { type FormEvent, useState } from 'react';
import { ApiError, errorMessage } from '../../../../shared/api/api-error.ts';
import { RichTextField } from '../../../../shared/ui/rich-text/rich-text-field.tsx';
import { storedImages } from '../../../../shared/ui/rich-text/stored-images.ts';
import { BLANK_MESSAGE, isBlankHtml } from '../../discussion-format.ts';

/** The rich-text box for an answer, a reply or an edit; the server's refusals show here. */
export function AnswerForm({
  label,
  submitLabel,
  initial = '',
  onSubmit,
  onCancel,
}: {
  label: string;
  submitLabel: string;
  initial?: string;
  /** Sends the text; the form empties once it resolves. */
  onSubmit: (body: string) => Promise<unknown>;
  onCancel?: () => void;
}) {
  const [body, setBody] = useState(initial);
  const [error, setError] = useState<string>();
  const [alert, setAlert] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  // A new editor per post: the field keeps no text of the last answer.
  const [round, setRound] = useState(0);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setAlert(null);
    if (isBlankHtml(body)) return setError(BLANK_MESSAGE);
    if (body.length > DISCUSSION_BODY_MAX) return setError('The text is too long.');
    setBusy(true);
    try {
      await onSubmit(body);
      setBody('');
      setRound((r) => r + 1);
    } catch (failure) {
      const onField = failure instanceof ApiError ? failure.fieldErrors.body : undefined;
      if (onField) setError(onField.join(' '));
      else setAlert(errorMessage(failure));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Stack component="form" noValidate onSubmit={submit} spacing={1.5} aria-label={label}>
      {alert && (
        <Alert severity="error" role="alert">
          {alert}
        </Alert>
      )}
      <RichTextField
        key={round}
        label={label}
        value={body}
        onChange={(html) => {
          setBody(html);
          setError(undefined);
        }}
        error={error}
        images={storedImages}
        disabled={busy}
      />
      <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end' }}>
        {onCancel && (
          <Button color="inherit" onClick={onCancel} disabled={busy}>
            Cancel
          </Button>
        )}
        <Button type="submit" variant="contained" loading={busy}>
          {submitLabel}
        </Button>
      </Stack>
    </Stack>
  );
}
