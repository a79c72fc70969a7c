import type { TLearningPathEnrolment } from '@atrium/contract';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { type FormEvent, useState } from 'react';
import { FormDialog } from '../../../../shared/ui/form-dialog.tsx';
import { useUpdatePathEnrolment } from '../../api/enrolments.api.ts';
import { dayToIso, isoToDay } from '../../path-labels.ts';

/** Sets or clears the day one learner should finish the path by. */
export function DueDateDialog({
  enrolment,
  onClose,
}: {
  enrolment: TLearningPathEnrolment;
  onClose: () => void;
}) {
  const [day, setDay] = useState(isoToDay(enrolment.due_at));
  const update = useUpdatePathEnrolment();
  const save = (value: string | null) =>
    update.mutate(
      { id: enrolment.id, dueAt: value ? dayToIso(value) : null },
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
