import type { TAssignment, TModule } from '@atrium/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Grid from '@mui/material/Grid';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useEffect, useState } from 'react';
import { Controller, type UseFormSetError, useForm } from 'react-hook-form';
import { fieldProps } from '../../../../shared/forms/form-fields.tsx';
import { FooterButton, FormFooter } from '../../../../shared/forms/form-footer.tsx';
import { applyServerErrors } from '../../../../shared/forms/server-errors.ts';
import { FormDialog } from '../../../../shared/ui/form-dialog.tsx';
import {
  type AssignmentFormValues,
  assignmentToForm,
  EMPTY_ASSIGNMENT,
  formAlert,
  ZAssignmentForm,
} from './assignment-form.ts';

/** The fields as the server names them: its `due_at` is the form's `due`. */
type ServerFields = Omit<AssignmentFormValues, 'due'> & { due_at: string };
const SERVER_FIELDS = ['title', 'instructions', 'due_at', 'max_score', 'module'] as const;

/** Adds an assignment (assignment null) or edits one; the server's field errors land on fields. */
export function AssignmentDialog({
  open,
  assignment,
  modules,
  onClose,
  save,
}: {
  open: boolean;
  assignment: TAssignment | null;
  modules: TModule[];
  onClose: () => void;
  save: (values: AssignmentFormValues) => Promise<unknown>;
}) {
  const form = useForm<AssignmentFormValues>({
    resolver: zodResolver(ZAssignmentForm),
    defaultValues: EMPTY_ASSIGNMENT,
  });
  const [failure, setFailure] = useState<string | null>(null);
  const { reset } = form;
  useEffect(() => {
    if (open) {
      reset(assignment ? assignmentToForm(assignment) : EMPTY_ASSIGNMENT);
      setFailure(null);
    }
  }, [open, assignment, reset]);

  const submit = form.handleSubmit(async (values) => {
    setFailure(null);
    try {
      await save(values);
      onClose();
    } catch (error) {
      setFailure(
        formAlert(error, applyServerErrors(error, setServerError, SERVER_FIELDS), SERVER_FIELDS),
      );
    }
  });
  const setServerError: UseFormSetError<ServerFields> = (name, error) =>
    form.setError(name === 'due_at' ? 'due' : name, error);

  const errors = form.formState.errors;
  return (
    <FormDialog
      open={open}
      title={assignment ? 'Edit the assignment' : 'Add an assignment'}
      onClose={onClose}
    >
      <Stack component="form" noValidate onSubmit={submit} spacing={2}>
        {failure && <Alert severity="error">{failure}</Alert>}
        <TextField
          label="Title"
          required
          autoFocus
          fullWidth
          {...fieldProps(form.register('title'), errors.title)}
        />
        <TextField
          label="Instructions"
          multiline
          minRows={4}
          fullWidth
          placeholder="What learners should hand in, and how it is graded."
          {...fieldProps(form.register('instructions'), errors.instructions)}
        />
        <Grid container spacing={2}>
          <Grid size={{ xs: 12, sm: 6 }}>
            <TextField
              label="Due date"
              type="date"
              fullWidth
              slotProps={{ inputLabel: { shrink: true } }}
              {...fieldProps(form.register('due'), errors.due)}
              helperText={errors.due?.message ?? 'Optional: due by the end of that day.'}
            />
          </Grid>
          <Grid size={{ xs: 12, sm: 6 }}>
            <TextField
              label="Maximum score"
              type="number"
              required
              fullWidth
              slotProps={{ htmlInput: { min: 1, max: 1000, step: 1, inputMode: 'numeric' } }}
              {...fieldProps(form.register('max_score', { valueAsNumber: true }), errors.max_score)}
            />
          </Grid>
        </Grid>
        <Controller
          control={form.control}
          name="module"
          render={({ field }) => (
            <TextField
              select
              fullWidth
              label="Module"
              name={field.name}
              inputRef={field.ref}
              value={field.value ?? ''}
              onChange={(event) =>
                field.onChange(event.target.value === '' ? null : Number(event.target.value))
              }
              onBlur={field.onBlur}
              error={Boolean(errors.module)}
              helperText={errors.module?.message ?? 'Optional: the module it belongs to.'}
              // Shows "The whole course" for the empty value instead of a blank box.
              slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
            >
              <MenuItem value="">
                <em>The whole course</em>
              </MenuItem>
              {modules.map((module) => (
                <MenuItem key={module.id} value={module.id}>
                  {module.title}
                </MenuItem>
              ))}
            </TextField>
          )}
        />
        <FormFooter
          submitLabel={assignment ? 'Save' : 'Add assignment'}
          busy={form.formState.isSubmitting}
          secondary={<FooterButton onClick={onClose}>Cancel</FooterButton>}
        />
      </Stack>
    </FormDialog>
  );
}
