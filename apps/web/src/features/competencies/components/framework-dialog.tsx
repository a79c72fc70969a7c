import {
  COMPETENCY_DESCRIPTION_MAX,
  COMPETENCY_NAME_MAX,
  DEFAULT_COMPETENCY_SCALE,
  type TCompetencyFramework,
  type TCompetencyFrameworkUpdate,
  ZCompetencyFrameworkCreate,
} from '@atrium/contract';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useEffect, useRef, useState } from 'react';
import type { FieldErrors } from '../../../shared/api/api-error.ts';
import { notifySuccess } from '../../../shared/notify/notify.ts';
import { FormDialog } from '../../../shared/ui/form-dialog.tsx';
import { useCreateFramework, useUpdateFramework } from '../api/competencies.api.ts';
import { failure, issuesToFieldErrors, messagesAt } from './form-errors.ts';
import { type DraftLevel, draftLevels, ScaleEditor } from './scale-editor.tsx';

/**
 * Create a framework, or edit one (`framework` given, prefilled): its name, description and
 * proficiency scale. The contract's schema checks the form first so the fields show the same
 * messages the server would; the server alone knows which levels are in use and refuses a scale
 * too short for them, which shows on the scale.
 */
export function FrameworkDialog({
  open,
  framework,
  onClose,
  onSaved,
}: {
  open: boolean;
  /** The framework to edit; null creates one. */
  framework: TCompetencyFramework | null;
  onClose: () => void;
  onSaved: (id: number) => void;
}) {
  const [name, setName] = useState('');
  const [description, setDescription] = useState('');
  const [levels, setLevels] = useState<DraftLevel[]>([]);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [message, setMessage] = useState<string | null>(null);
  const create = useCreateFramework();
  const update = useUpdateFramework();
  const busy = create.isPending || update.isPending;

  // Each opening starts from the framework as saved (or the default scale for a new one); a
  // refetch while the dialog is open (window focus) must not wipe what is being typed.
  const saved = useRef(framework);
  saved.current = framework;
  useEffect(() => {
    if (!open) return;
    const f = saved.current;
    setName(f?.name ?? '');
    setDescription(f?.description ?? '');
    setLevels(draftLevels((f?.scale ?? DEFAULT_COMPETENCY_SCALE).map((l) => l.name)));
    setErrors({});
    setMessage(null);
  }, [open]);

  async function submit(e: React.FormEvent) {
    e.preventDefault();
    const parsed = ZCompetencyFrameworkCreate.safeParse({
      name,
      description,
      scale: levels.map((l, i) => ({ level: i + 1, name: l.name })),
    });
    if (!parsed.success) {
      setErrors(issuesToFieldErrors(parsed.error.issues));
      setMessage(null);
      return;
    }
    const input = parsed.data;
    try {
      if (framework) {
        // Only what changed: an untouched scale is not re-checked against its uses.
        const body: TCompetencyFrameworkUpdate = {};
        if (input.name !== framework.name) body.name = input.name;
        if (input.description !== framework.description) body.description = input.description;
        if (JSON.stringify(input.scale) !== JSON.stringify(framework.scale))
          body.scale = input.scale;
        if (Object.keys(body).length > 0) await update.mutateAsync({ id: framework.id, body });
        notifySuccess('Framework saved.');
        onSaved(framework.id);
      } else {
        const created = await create.mutateAsync(input);
        notifySuccess('Framework created.');
        onSaved(created.id);
      }
      onClose();
    } catch (err) {
      const { fields, message: shown } = failure(err);
      setErrors(fields);
      setMessage(shown);
    }
  }

  const at = (field: string) => messagesAt(errors, field);
  const levelError = (i: number) =>
    [at(`scale.${i}`), at(`scale.${i}.name`), at(`scale.${i}.level`)].filter(Boolean).join(' ') ||
    undefined;
  return (
    <FormDialog
      open={open}
      title={framework ? 'Edit framework' : 'New framework'}
      onClose={busy ? () => {} : onClose}
    >
      <Stack component="form" spacing={2} onSubmit={submit} aria-label="Framework" noValidate>
        {message && <Alert severity="error">{message}</Alert>}
        <TextField
          label="Name"
          value={name}
          onChange={(e) => setName(e.target.value)}
          required
          disabled={busy}
          error={Boolean(at('name'))}
          helperText={at('name')}
          slotProps={{ htmlInput: { maxLength: COMPETENCY_NAME_MAX } }}
        />
        <TextField
          label="Description"
          value={description}
          onChange={(e) => setDescription(e.target.value)}
          multiline
          minRows={2}
          disabled={busy}
          error={Boolean(at('description'))}
          helperText={at('description')}
          slotProps={{ htmlInput: { maxLength: COMPETENCY_DESCRIPTION_MAX } }}
        />
        <ScaleEditor
          levels={levels}
          onChange={setLevels}
          error={at('scale')}
          levelError={levelError}
          disabled={busy}
        />
        <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end' }}>
          <Button onClick={onClose} disabled={busy} color="inherit">
            Cancel
          </Button>
          <Button
            type="submit"
            variant="contained"
            disabled={busy}
            startIcon={busy ? <CircularProgress size={16} color="inherit" /> : undefined}
          >
            {framework ? 'Save' : 'Create'}
          </Button>
        </Stack>
      </Stack>
    </FormDialog>
  );
}
