import type { TEnrolment } from '@atrium/contract';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { type FormEvent, useState } from 'react';
import { FormDialog } from '../../../../shared/ui/form-dialog.tsx';
import { useUpdateEnrolment } from '../../api/enrolment.api.ts';
import { dueDateToIso, isoToDueDate } from './enrolment-logic.ts';

/** Sets or clears the day a learner should finish the course by. */
export function DueDateDialog({
  enrolment,
  onClose,
}: {
  enrolment: TEnrolment;
  onClose: () => void;
}) {
  const [day, setDay] = useState(isoToDueDate(enrolment.due_at));
  const update = useUpdateEnrolment();
  const save = (value: string | null) =>
    update.mutate(
      { id: enrolment.id, change: { due_at: value ? dueDateToIso(value) : null } },
      { onSuccess: onClose },
    );
  const submit = (event: FormEvent) => {
    event.preventDefault();
    save(day || null);
  };
  return (
    <FormDialog open onClose={update.isPending ? () => {} : onClose} title="Due date" maxWidth="xs">
      <Stack component="form" noValidate onSubmit={submit} spacing={2}>
        <TextField
          type="date"
          label={`Due date for ${enrolment.user.fullname}`}
          value={day}
          onChange={(event) => setDay(event.target.value)}
          slotProps={{ inputLabel: { shrink: true } }}
          autoFocus
        />
        <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end', flexWrap: 'wrap' }}>
          {enrolment.due_at && (
            <Button color="inherit" onClick={() => save(null)} disabled={update.isPending}>
              Remove due date
            </Button>
          )}
          <Button color="inherit" onClick={onClose} disabled={update.isPending}>
            Cancel
          </Button>
          <Button type="submit" variant="contained" loading={update.isPending}>
            Save
          </Button>
        </Stack>
      </Stack>
    </FormDialog>
  );
}
