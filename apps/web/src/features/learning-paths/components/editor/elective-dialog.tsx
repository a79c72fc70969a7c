import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormLabel from '@mui/material/FormLabel';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { type FormEvent, useState } from 'react';
import { FormDialog } from '../../../../shared/ui/form-dialog.tsx';
import type { DraftElective, DraftItem } from '../../structure/structure-model.ts';

/**
 * Creates or changes an elective set: its title, "required N of M" and which courses are in it.
 * A course sits in one set at most, so ticking it here moves it out of another.
 */
export function ElectiveDialog({
  elective,
  items,
  onSave,
  onClose,
}: {
  elective: DraftElective;
  items: readonly DraftItem[];
  onSave: (elective: DraftElective, courses: number[]) => void;
  onClose: () => void;
}) {
  const [title, setTitle] = useState(elective.title);
  const [required, setRequired] = useState(String(elective.required));
  const [courses, setCourses] = useState(
    items.filter((i) => i.elective === elective.key).map((i) => i.id),
  );
  const [problem, setProblem] = useState<string | null>(null);
  const isNew = elective.title === '';

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const n = Number(required);
    if (title.trim() === '') return setProblem('Give the set a title.');
    if (courses.length < 2) return setProblem('Choose at least two courses to choose from.');
    if (!Number.isInteger(n) || n < 1 || n > courses.length) {
      return setProblem(`Required must be a whole number from 1 to ${courses.length}.`);
    }
    onSave({ key: elective.key, title: title.trim(), required: n }, courses);
  };

  return (
    <FormDialog open onClose={onClose} title={isNew ? 'New elective set' : 'Elective set'}>
      <Stack component="form" noValidate onSubmit={submit} spacing={2}>
        {problem && (
          <Alert severity="error" role="alert">
            {problem}
          </Alert>
        )}
        <TextField
          label="Title"
          value={title}
          onChange={(event) => setTitle(event.target.value)}
          slotProps={{ htmlInput: { maxLength: 200 } }}
          placeholder="e.g. Specialisation"
          autoFocus
          required
        />
        <TextField
          type="number"
          label="Required"
          value={required}
          onChange={(event) => setRequired(event.target.value)}
          helperText={`Learners complete ${required || 'N'} of the ${courses.length} courses chosen below.`}
          slotProps={{ htmlInput: { min: 1, max: Math.max(1, courses.length) } }}
          sx={{ maxWidth: 220 }}
        />
        <FormGroup>
          <FormLabel component="legend" sx={{ mb: 0.5 }}>
            Courses in the set
          </FormLabel>
          {items.map((item) => (
            <FormControlLabel
              key={item.id}
              control={
                <Checkbox
                  checked={courses.includes(item.id)}
                  onChange={(event) =>
                    setCourses((current) =>
                      event.target.checked
                        ? [...current, item.id]
                        : current.filter((id) => id !== item.id),
                    )
                  }
                />
              }
              label={item.title}
            />
          ))}
        </FormGroup>
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
