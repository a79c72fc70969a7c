import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { type FormEvent, useEffect, useState } from 'react';
import { errorMessage } from '../../../shared/api/api-error.ts';
import { FormDialog } from '../../../shared/ui/form-dialog.tsx';

/** The title and text of a hotspot, new or existing. */
export function HotspotDialog({
  open,
  heading,
  initial,
  busy,
  error,
  onSave,
  onClose,
}: {
  open: boolean;
  heading: string;
  initial: { title: string; text: string };
  busy: boolean;
  error: unknown;
  onSave: (value: { title: string; text: string }) => void;
  onClose: () => void;
}) {
  const [title, setTitle] = useState(initial.title);
  const [text, setText] = useState(initial.text);
  const [missing, setMissing] = useState(false);
  useEffect(() => {
    if (open) {
      setTitle(initial.title);
      setText(initial.text);
      setMissing(false);
    }
  }, [open, initial.title, initial.text]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!title.trim()) return setMissing(true);
    onSave({ title: title.trim(), text: text.trim() });
  };

  return (
    <FormDialog open={open} title={heading} onClose={busy ? () => {} : onClose}>
      <Stack component="form" spacing={2} onSubmit={submit} noValidate>
        <TextField
          label="Hotspot title"
          value={title}
          required
          autoFocus
          onChange={(event) => {
            setTitle(event.target.value);
            setMissing(false);
          }}
          error={missing}
          helperText={missing ? 'Enter the hotspot title.' : undefined}
          slotProps={{ htmlInput: { maxLength: 120 } }}
        />
        <TextField
          label="Text shown to learners"
          value={text}
          onChange={(event) => setText(event.target.value)}
          multiline
          minRows={3}
          slotProps={{ htmlInput: { maxLength: 2000 } }}
        />
        {Boolean(error) && (
          <Alert severity="error">{errorMessage(error, 'The hotspot could not be saved.')}</Alert>
        )}
        <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end' }}>
          <Button color="inherit" onClick={onClose} disabled={busy}>
            Cancel
          </Button>
          <Button type="submit" variant="contained" loading={busy}>
            Save hotspot
          </Button>
        </Stack>
      </Stack>
    </FormDialog>
  );
}
