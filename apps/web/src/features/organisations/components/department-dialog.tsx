import { type TDepartment, type TDepartmentUpdate, ZDepartmentCreate } from '@atrium/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { Controller, useForm } from 'react-hook-form';
import { z } from 'zod';
import { fieldProps } from '../../../shared/forms/form-fields.tsx';
import { applyServerErrors } from '../../../shared/forms/server-errors.ts';
import { FormDialog } from '../../../shared/ui/form-dialog.tsx';
import { HeadPicker } from './head-picker.tsx';

const ZDepartmentForm = z.object({
  name: ZDepartmentCreate.shape.name,
  head: z.object({ id: z.number(), fullname: z.string() }).nullable(),
});

/**
 * Edits a department's name and head. Only what changed is sent: the server audits a head change,
 * and an untouched head must not be re-sent as one.
 */
export function DepartmentDialog({
  organisationId,
  department,
  onSave,
  onClose,
}: {
  organisationId: number;
  department: TDepartment;
  onSave: (changes: TDepartmentUpdate) => Promise<unknown>;
  onClose: () => void;
}) {
  const form = useForm({
    resolver: zodResolver(ZDepartmentForm),
    defaultValues: { name: department.name, head: department.head },
  });
  const submit = form.handleSubmit(async ({ name, head }) => {
    const changes: TDepartmentUpdate = {};
    if (name !== department.name) changes.name = name;
    const headId = head?.id ?? null;
    if (headId !== (department.head?.id ?? null)) changes.head = headId;
    if (Object.keys(changes).length === 0) return onClose();
    try {
      await onSave(changes);
      onClose();
    } catch (error) {
      // Other failures (a taken name) are reported by the mutation's snackbar.
      applyServerErrors(error, form.setError, ['name', 'head']);
    }
  });
  const busy = form.formState.isSubmitting;

  return (
    <FormDialog open title={`Edit ${department.name}`} onClose={busy ? () => {} : onClose}>
      <Stack component="form" noValidate onSubmit={submit} spacing={2}>
        <TextField
          label="Department name"
          fullWidth
          autoFocus
          {...fieldProps(form.register('name'), form.formState.errors.name)}
        />
        <Controller
          control={form.control}
          name="head"
          render={({ field, fieldState }) => (
            <HeadPicker
              organisationId={organisationId}
              value={field.value}
              onChange={field.onChange}
              onBlur={field.onBlur}
              inputRef={field.ref}
              error={fieldState.error?.message}
            />
          )}
        />
        <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end' }}>
          <Button onClick={onClose} color="inherit" disabled={busy}>
            Cancel
          </Button>
          <Button type="submit" variant="contained" loading={busy}>
            Save
          </Button>
        </Stack>
      </Stack>
    </FormDialog>
  );
}
