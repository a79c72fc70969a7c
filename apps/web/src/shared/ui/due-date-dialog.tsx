import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { type FormEvent, useState } from 'react';
import { dueDayToIso, isoToDueDay } from '../format/due-day.ts';
import { FormDialog } from './form-dialog.tsx';

/**
 * Sets or clears the day one learner should finish by (a course or a learning path: the caller
 * saves it). `onSave` gets the instant, or null to remove the due date.
 */
export function DueDateDialog({
  learner,
  dueAt,
  pending,
  onSave,
  onClose,
}: {
  learner: string;
  dueAt: string | null;
  pending: boolean;
  onSave: (dueAt: string | null) => void;
  onClose: () => void;
}) {
  const [day, setDay] = useState(isoToDueDay(dueAt));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSave(day ? dueDayToIso(day) : null);
  };
  return (
    <FormDialog open onClose={pending ? () => {} : onClose} title="Due date" maxWidth="xs">
      <Stack component="form" noValidate onSubmit={submit} spacing={2}>
        <TextField
          type="date"
          label={`Due date for ${learner}`}
          value={day}
          onChange={(event) => setDay(event.target.value)}
          slotProps={{ inputLabel: { shrink: true } }}
          autoFocus
        />
        <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end', flexWrap: 'wrap' }}>
          {dueAt && (
            <Button color="inherit" onClick={() => onSave(null)} disabled={pending}>
              Remove due date
            </Button>
          )}
          <Button color="inherit" onClick={onClose} disabled={pending}>
            Cancel
          </Button>
          <Button type="submit" variant="contained" loading={pending}>
            Save
          </Button>
        </Stack>
      </Stack>
    </FormDialog>
  );
}
