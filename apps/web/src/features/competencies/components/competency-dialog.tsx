import type { TCompetency } from '@atrium/contract';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useEffect, useRef, useState } from 'react';
import { ApiError, errorMessage } from '../../../shared/api/api-error.ts';
import { notifySuccess } from '../../../shared/notify/notify.ts';
import { FormDialog } from '../../../shared/ui/form-dialog.tsx';
import { useCreateCompetency, useUpdateCompetency } from '../api/competencies.api.ts';

const TOP = '';

/**
 * Add a competency (under a parent, or at the top) or edit one; changing its parent moves it
 * with its children. The server refuses a move under itself or its descendants.
 */
export function CompetencyDialog({
  open,
  frameworkId,
  all,
  editing,
  parentId,
  onClose,
}: {
  open: boolean;
  frameworkId: number;
  all: TCompetency[];
  editing: TCompetency | null;
  parentId: number | null;
  onClose: () => void;
}) {
  const [code, setCode] = useState('');
  const [name, setName] = useState('');
  const [description, setDescription] = useState('');
  const [parent, setParent] = useState(TOP);
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  const [message, setMessage] = useState<string | null>(null);
  const create = useCreateCompetency();
  const update = useUpdateCompetency();
  const busy = create.isPending || update.isPending;

  // Each opening starts from the competency as saved; a refetch while the dialog is open (window
  // focus) hands a new object and must not wipe what is being typed.
  const saved = useRef({ editing, parentId });
  saved.current = { editing, parentId };
  useEffect(() => {
    if (!open) return;
    const { editing: e, parentId: under } = saved.current;
    setCode(e?.code ?? '');
    setName(e?.name ?? '');
    setDescription(e?.description ?? '');
    const p = e ? e.parent_id : under;
    setParent(p === null ? TOP : String(p));
    setErrors({});
    setMessage(null);
  }, [open]);

  async function submit(e: React.FormEvent) {
    e.preventDefault();
    const parent_id = parent === TOP ? null : Number(parent);
    try {
      if (editing) {
        await update.mutateAsync({
          id: editing.id,
          body: { code, name, description, parent_id },
        });
      } else {
        await create.mutateAsync({ framework_id: frameworkId, parent_id, code, name, description });
      }
      notifySuccess(editing ? 'Competency saved.' : 'Competency added.');
      onClose();
    } catch (err) {
      setErrors(err instanceof ApiError ? err.fieldErrors : {});
      setMessage(errorMessage(err));
    }
  }

  const fieldError = (f: string) => errors[f]?.join(' ');
  // Never offer the competency itself as its parent (its descendants the server refuses).
  const parents = all.filter((c) => c.id !== editing?.id);
  return (
    <FormDialog
      open={open}
      title={editing ? 'Edit competency' : 'Add competency'}
      onClose={busy ? () => {} : onClose}
    >
      <Stack component="form" spacing={2} onSubmit={submit} aria-label="Competency" noValidate>
        {message && <Alert severity="error">{message}</Alert>}
        <TextField
          label="Code"
          value={code}
          onChange={(e) => setCode(e.target.value)}
          required
          error={Boolean(fieldError('code'))}
          helperText={fieldError('code')}
          slotProps={{ htmlInput: { maxLength: 60 } }}
        />
        <TextField
          label="Name"
          value={name}
          onChange={(e) => setName(e.target.value)}
          required
          error={Boolean(fieldError('name'))}
          helperText={fieldError('name')}
          slotProps={{ htmlInput: { maxLength: 200 } }}
        />
        <TextField
          label="Description"
          value={description}
          onChange={(e) => setDescription(e.target.value)}
          multiline
          minRows={2}
          error={Boolean(fieldError('description'))}
          helperText={fieldError('description')}
        />
        <TextField
          select
          label="Parent"
          value={parent}
          onChange={(e) => setParent(e.target.value)}
          error={Boolean(fieldError('parent_id'))}
          helperText={fieldError('parent_id')}
        >
          <MenuItem value={TOP}>None (top level)</MenuItem>
          {parents.map((c) => (
            <MenuItem key={c.id} value={String(c.id)}>
              {c.code} — {c.name}
            </MenuItem>
          ))}
        </TextField>
        <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end' }}>
          <Button onClick={onClose} disabled={busy} color="inherit">
            Cancel
          </Button>
          <Button type="submit" variant="contained" disabled={busy}>
            Save
          </Button>
        </Stack>
      </Stack>
    </FormDialog>
  );
}
