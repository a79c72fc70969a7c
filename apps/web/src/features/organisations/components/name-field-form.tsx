import { zodResolver } from '@hookform/resolvers/zod';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useId } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { z } from 'zod';
import { controlledProps, fieldProps } from '../../../shared/forms/form-fields.tsx';
import { applyServerErrors } from '../../../shared/forms/server-errors.ts';

/** The contract's name rule of the thing being named (spec §5: letters, digits, spaces). */
export type NameRule = z.ZodType<string, string>;

function useNameForm(rule: NameRule, initial = '') {
  return useForm({
    resolver: zodResolver(z.object({ name: rule })),
    defaultValues: { name: initial },
  });
}

/** One-line "add" form: a name and a button; clears itself after a successful add. */
export function AddNameForm({
  label,
  buttonLabel,
  rule,
  onAdd,
  size = 'medium',
}: {
  label: string;
  buttonLabel: string;
  rule: NameRule;
  onAdd: (name: string) => Promise<unknown>;
  size?: 'small' | 'medium';
}) {
  const form = useNameForm(rule);
  const submit = form.handleSubmit(async ({ name }) => {
    try {
      await onAdd(name);
      form.reset({ name: '' });
    } catch (error) {
      applyServerErrors(error, form.setError, ['name']);
    }
  });
  // Controlled: after the reset MUI must know the field is empty again (its label drops back).
  return (
    <Box component="form" noValidate onSubmit={submit}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
        <Controller
          control={form.control}
          name="name"
          render={({ field, fieldState }) => (
            <TextField
              label={label}
              size={size}
              fullWidth
              {...controlledProps(field)}
              error={Boolean(fieldState.error)}
              helperText={fieldState.error?.message}
            />
          )}
        />
        <Button
          type="submit"
          variant="outlined"
          loading={form.formState.isSubmitting}
          // As tall as the field beside it.
          sx={{ flexShrink: 0, height: size === 'small' ? 40 : 56 }}
        >
          {buttonLabel}
        </Button>
      </Stack>
    </Box>
  );
}

/** Renames something in a small dialog, checked with the same rule as adding it. */
export function RenameDialog({
  title,
  label,
  initial,
  rule,
  onRename,
  onClose,
}: {
  title: string;
  label: string;
  initial: string;
  rule: NameRule;
  onRename: (name: string) => Promise<unknown>;
  onClose: () => void;
}) {
  const titleId = useId();
  const form = useNameForm(rule, initial);
  const submit = form.handleSubmit(async ({ name }) => {
    try {
      await onRename(name);
      onClose();
    } catch (error) {
      applyServerErrors(error, form.setError, ['name']);
    }
  });
  return (
    <Dialog
      open
      onClose={onClose}
      aria-labelledby={titleId}
      maxWidth="xs"
      fullWidth
      slotProps={{ paper: { component: 'form', noValidate: true, onSubmit: submit } as object }}
    >
      <DialogTitle id={titleId}>{title}</DialogTitle>
      <DialogContent>
        <TextField
          label={label}
          fullWidth
          autoFocus
          sx={{ mt: 1 }}
          {...fieldProps(form.register('name'), form.formState.errors.name)}
        />
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={onClose} color="inherit">
          Cancel
        </Button>
        <Button type="submit" variant="contained" loading={form.formState.isSubmitting}>
          Save
        </Button>
      </DialogActions>
    </Dialog>
  );
}
