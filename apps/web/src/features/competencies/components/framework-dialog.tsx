import { DEFAULT_COMPETENCY_SCALE } from '@atrium/contract';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useState } from 'react';
import { ApiError, errorMessage } from '../../../shared/api/api-error.ts';
import { notifySuccess } from '../../../shared/notify/notify.ts';
import { FormDialog } from '../../../shared/ui/form-dialog.tsx';
import { useCreateFramework } from '../api/competencies.api.ts';

/**
 * A new framework: its name, description and scale, one level name per line (1 first). The
 * default is Aware, Practitioner, Advanced, Expert.
 */
export function FrameworkDialog({
  open,
  onClose,
  onCreated,
}: {
  open: boolean;
  onClose: () => void;
  onCreated: (id: number) => void;
}) {
  const [name, setName] = useState('');
  const [description, setDescription] = useState('');
  const [levels, setLevels] = useState(DEFAULT_COMPETENCY_SCALE.map((l) => l.name).join('\n'));
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  const [message, setMessage] = useState<string | null>(null);
  const create = useCreateFramework();

  async function submit(e: React.FormEvent) {
    e.preventDefault();
    const scale = levels
      .split('\n')
      .map((l) => l.trim())
      .filter(Boolean)
      .map((levelName, i) => ({ level: i + 1, name: levelName }));
    try {
      const created = await create.mutateAsync({ name, description, scale });
      notifySuccess('Framework created.');
      setName('');
      setDescription('');
      onCreated(created.id);
      onClose();
    } catch (err) {
      setErrors(err instanceof ApiError ? err.fieldErrors : {});
      setMessage(errorMessage(err));
    }
  }
  const fieldError = (f: string) =>
    Object.entries(errors)
      .filter(([k]) => k === f || k.startsWith(`${f}.`))
      .flatMap(([, m]) => m)
      .join(' ') || undefined;
  return (
    <FormDialog open={open} title="New framework" onClose={create.isPending ? () => {} : onClose}>
      <Stack component="form" spacing={2} onSubmit={submit} aria-label="Framework" noValidate>
        {message && <Alert severity="error">{message}</Alert>}
        <TextField
          label="Name"
          value={name}
          onChange={(e) => setName(e.target.value)}
          required
          error={Boolean(fieldError('name'))}
          helperText={fieldError('name')}
        />
        <TextField
          label="Description"
          value={description}
          onChange={(e) => setDescription(e.target.value)}
          multiline
          minRows={2}
        />
        <TextField
          label="Proficiency levels (one per line, lowest first)"
          value={levels}
          onChange={(e) => setLevels(e.target.value)}
          multiline
          minRows={4}
          error={Boolean(fieldError('scale'))}
          helperText={fieldError('scale')}
        />
        <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end' }}>
          <Button onClick={onClose} disabled={create.isPending} color="inherit">
            Cancel
          </Button>
          <Button type="submit" variant="contained" disabled={create.isPending}>
            Create
          </Button>
        </Stack>
      </Stack>
    </FormDialog>
  );
}
