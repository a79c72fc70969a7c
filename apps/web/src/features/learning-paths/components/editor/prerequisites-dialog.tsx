import Autocomplete from '@mui/material/Autocomplete';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { type FormEvent, useState } from 'react';
import { FormDialog } from '../../../../shared/ui/form-dialog.tsx';
import type { DraftItem } from '../../structure/structure-model.ts';

/** Picks the other courses of the path a course waits for. Nothing is saved until Save. */
export function PrerequisitesDialog({
  item,
  items,
  strict,
  onSave,
  onClose,
}: {
  item: DraftItem;
  items: readonly DraftItem[];
  strict: boolean;
  onSave: (requires: number[]) => void;
  onClose: () => void;
}) {
  const others = items.filter((other) => other.id !== item.id);
  const [picked, setPicked] = useState(others.filter((o) => item.requires.includes(o.id)));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSave(picked.map((p) => p.id));
  };
  return (
    <FormDialog open onClose={onClose} title={`Before “${item.title}”`}>
      <Stack component="form" noValidate onSubmit={submit} spacing={2}>
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          Learners can start this course once they have completed the courses chosen here.
          {strict && ' Strict sequence already makes it wait for the course before it.'}
        </Typography>
        <Autocomplete
          multiple
          filterSelectedOptions
          options={others}
          value={picked}
          onChange={(_event, next) => setPicked(next)}
          getOptionLabel={(o) => o.title}
          isOptionEqualToValue={(a, b) => a.id === b.id}
          noOptionsText="No other courses in this path"
          renderInput={(params) => (
            <TextField {...params} label="Complete first" autoFocus placeholder="Courses" />
          )}
        />
        <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end' }}>
          <Button color="inherit" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" variant="contained">
            Apply
          </Button>
        </Stack>
      </Stack>
    </FormDialog>
  );
}
