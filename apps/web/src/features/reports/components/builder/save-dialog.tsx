import { ROLE, ROLE_NAMES, type TRoleId } from '@atrium/contract';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import DialogActions from '@mui/material/DialogActions';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormLabel from '@mui/material/FormLabel';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { type FormEvent, useEffect, useState } from 'react';
import { ApiError, errorMessage } from '../../../../shared/api/api-error.ts';
import { FormDialog } from '../../../../shared/ui/form-dialog.tsx';

/** The staff roles of an organisation a report may be shared with. */
// Learners never open custom reports (the server refuses them), so they are not offered.
const SHAREABLE: TRoleId[] = [ROLE.ADMIN, ROLE.TRAINER, ROLE.HIRING_MANAGER];

export interface SaveValues {
  name: string;
  description: string;
  shared_roles: number[];
}

/** Name, description and the roles to share with; server field errors show under their field. */
export function SaveDialog({
  open,
  title,
  initial,
  busy,
  onClose,
  onSave,
}: {
  open: boolean;
  title: string;
  initial: SaveValues;
  busy: boolean;
  onClose: () => void;
  onSave: (values: SaveValues) => Promise<void>;
}) {
  const [values, setValues] = useState(initial);
  const [error, setError] = useState<unknown>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: reset when opened, not on every render of `initial`
  useEffect(() => {
    if (open) {
      setValues(initial);
      setError(null);
    }
  }, [open]);
  const fieldErrors = error instanceof ApiError ? error.fieldErrors : {};
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    try {
      await onSave(values);
    } catch (err) {
      setError(err);
    }
  };
  const toggle = (role: number, on: boolean) =>
    setValues({
      ...values,
      shared_roles: on
        ? [...values.shared_roles, role]
        : values.shared_roles.filter((r) => r !== role),
    });
  return (
    <FormDialog open={open} title={title} onClose={onClose}>
      <form onSubmit={(e) => void submit(e)} noValidate>
        <Stack spacing={2}>
          <TextField
            label="Name"
            required
            autoFocus
            value={values.name}
            onChange={(e) => setValues({ ...values, name: e.target.value })}
            error={Boolean(fieldErrors.name)}
            helperText={fieldErrors.name?.[0]}
            slotProps={{ htmlInput: { maxLength: 120 } }}
          />
          <TextField
            label="Description"
            multiline
            minRows={2}
            value={values.description}
            onChange={(e) => setValues({ ...values, description: e.target.value })}
            error={Boolean(fieldErrors.description)}
            helperText={fieldErrors.description?.[0]}
            slotProps={{ htmlInput: { maxLength: 1000 } }}
          />
          <fieldset style={{ border: 0, padding: 0, margin: 0 }}>
            <FormLabel component="legend">Share with (each sees their own figures)</FormLabel>
            <FormGroup row>
              {SHAREABLE.map((role) => (
                <FormControlLabel
                  key={role}
                  control={
                    <Checkbox
                      checked={values.shared_roles.includes(role)}
                      onChange={(e) => toggle(role, e.target.checked)}
                    />
                  }
                  label={ROLE_NAMES[role]}
                />
              ))}
            </FormGroup>
          </fieldset>
          {error !== null && Object.keys(fieldErrors).length === 0 && (
            <FormLabel error role="alert">
              {errorMessage(error, 'The report could not be saved.')}
            </FormLabel>
          )}
          {error !== null && Object.keys(fieldErrors).some((k) => k.startsWith('definition')) && (
            <FormLabel error role="alert">
              The report’s definition has a problem: {errorMessage(error)}
            </FormLabel>
          )}
        </Stack>
        <DialogActions sx={{ px: 0, pt: 2 }}>
          <Button onClick={onClose}>Cancel</Button>
          <Button type="submit" variant="contained" disabled={busy || values.name.trim() === ''}>
            Save
          </Button>
        </DialogActions>
      </form>
    </FormDialog>
  );
}
