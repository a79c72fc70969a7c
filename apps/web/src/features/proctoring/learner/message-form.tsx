import { ZProctorMessageInput } from '@atrium/contract';
import SendOutlined from '@mui/icons-material/SendOutlined';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { type FormEvent, useState } from 'react';
import { errorMessage } from '../../../shared/api/api-error.ts';
import { useMessageLearner } from '../api/proctoring.api.ts';
import {
  type FieldMessages,
  issuesByField,
  onlyFieldErrors,
  serverFieldErrors,
} from '../components/field-errors.ts';

const MAX = 500;

/** A short message shown on the learner's attempt screen (e.g. "Please face the camera"). */
export function MessageForm({ session, learner }: { session: number; learner: string }) {
  const [text, setText] = useState('');
  const [errors, setErrors] = useState<FieldMessages>({});
  const send = useMessageLearner(session);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = ZProctorMessageInput.safeParse({ session, text });
    if (!parsed.success) {
      setErrors(issuesByField(parsed.error));
      return;
    }
    setErrors({});
    send.mutate(parsed.data.text, {
      onSuccess: () => setText(''),
      onError: (error) => setErrors(serverFieldErrors(error)),
    });
  };

  return (
    <Stack
      component="form"
      noValidate
      onSubmit={submit}
      spacing={1.5}
      aria-label="Message the learner"
    >
      {send.isError && !onlyFieldErrors(send.error, errors) && (
        <Alert severity="error" role="alert">
          {errorMessage(send.error)}
        </Alert>
      )}
      <TextField
        label={`Message to ${learner}`}
        value={text}
        onChange={(event) => setText(event.target.value)}
        multiline
        minRows={2}
        error={Boolean(errors.text)}
        helperText={
          errors.text ?? `Shown on their attempt screen. ${text.length} / ${MAX} characters.`
        }
        slotProps={{ htmlInput: { maxLength: MAX } }}
      />
      <Button
        type="submit"
        variant="outlined"
        startIcon={<SendOutlined />}
        loading={send.isPending}
        sx={{ alignSelf: 'flex-start' }}
      >
        Send message
      </Button>
    </Stack>
  );
}
