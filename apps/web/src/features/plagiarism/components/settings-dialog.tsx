import { type TPlagiarismSettingsInput, ZPlagiarismSettingsInput } from '@atrium/contract';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import { useEffect, useState } from 'react';
import { errorMessage } from '../../../shared/api/api-error.ts';
import { notifyError, notifySuccess } from '../../../shared/notify/notify.ts';
import { FormDialog } from '../../../shared/ui/form-dialog.tsx';
import { LoadError } from '../../../shared/ui/load-error.tsx';
import { useSettings, useUpdateSettings } from '../api/plagiarism.api.ts';

/** "Plagiarism settings" for one assignment: its threshold and whether learners see their score. */
export function SettingsButton({ assignment }: { assignment: { id: number; title: string } }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button size="small" variant="outlined" onClick={() => setOpen(true)}>
        Assignment settings
      </Button>
      {open && <SettingsDialog assignment={assignment} onClose={() => setOpen(false)} />}
    </>
  );
}

function SettingsDialog({
  assignment,
  onClose,
}: {
  assignment: { id: number; title: string };
  onClose: () => void;
}) {
  const settings = useSettings(assignment.id, true);
  const save = useUpdateSettings(assignment.id);
  const [form, setForm] = useState<{ threshold: string; show_learners: boolean } | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    if (settings.data && !form)
      setForm({
        threshold: String(settings.data.threshold),
        show_learners: settings.data.show_learners,
      });
  }, [settings.data, form]);

  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    if (!form) return;
    const parsed = ZPlagiarismSettingsInput.safeParse({
      threshold: Number(form.threshold),
      show_learners: form.show_learners,
    });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? 'Check the threshold.');
      return;
    }
    save.mutate(parsed.data as TPlagiarismSettingsInput, {
      onSuccess: () => {
        notifySuccess('Settings saved.');
        onClose();
      },
      onError: (err) => notifyError(errorMessage(err, 'The settings could not be saved.')),
    });
  };

  return (
    <FormDialog open title={`Plagiarism settings: ${assignment.title}`} onClose={onClose}>
      {settings.isPending ? (
        <LinearProgress aria-label="Loading settings" />
      ) : settings.isError ? (
        <LoadError
          error={settings.error}
          fallback="The settings could not be loaded."
          onRetry={() => settings.refetch()}
        />
      ) : form ? (
        <Stack component="form" spacing={2} onSubmit={submit} noValidate>
          <TextField
            label="Similarity threshold (%)"
            type="number"
            value={form.threshold}
            onChange={(e) => {
              setError(null);
              setForm({ ...form, threshold: e.target.value });
            }}
            error={error !== null}
            helperText={error ?? 'Checks at or above this score are highlighted.'}
            slotProps={{ htmlInput: { min: 1, max: 100 } }}
            required
          />
          <FormControlLabel
            control={
              <Switch
                checked={form.show_learners}
                onChange={(e) => setForm({ ...form, show_learners: e.target.checked })}
              />
            }
            label="Learners see their own score"
          />
          <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end' }}>
            <Button onClick={onClose}>Cancel</Button>
            <Button type="submit" variant="contained" loading={save.isPending}>
              Save
            </Button>
          </Stack>
        </Stack>
      ) : null}
    </FormDialog>
  );
}
