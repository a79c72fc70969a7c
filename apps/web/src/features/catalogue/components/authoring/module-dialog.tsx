import { ZModuleInput } from '@atrium/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { fieldProps } from '../../../../shared/forms/form-fields.tsx';
import { FooterButton, FormFooter } from '../../../../shared/forms/form-footer.tsx';
import { applyServerErrors } from '../../../../shared/forms/server-errors.ts';
import { FormDialog } from '../../../../shared/ui/form-dialog.tsx';

type ModuleValues = z.input<typeof ZModuleInput>;

/** Adds a module or renames one (title and description). */
export function ModuleDialog({
  open,
  title,
  initial,
  submitLabel,
  onClose,
  save,
}: {
  open: boolean;
  title: string;
  initial: { title: string; description: string };
  submitLabel: string;
  onClose: () => void;
  save: (values: { title: string; description: string }) => Promise<unknown>;
}) {
  const form = useForm<ModuleValues, unknown, z.output<typeof ZModuleInput>>({
    resolver: zodResolver(ZModuleInput),
    defaultValues: initial,
  });
  const [failure, setFailure] = useState<string | null>(null);
  // Fill the form each time the dialog opens (strings, so a new object with the same text does
  // not wipe what is being typed).
  const { title: startTitle, description: startDescription } = initial;
  useEffect(() => {
    if (open) {
      form.reset({ title: startTitle, description: startDescription });
      setFailure(null);
    }
  }, [open, startTitle, startDescription, form]);

  const submit = form.handleSubmit(async (values) => {
    setFailure(null);
    try {
      await save(values);
      onClose();
    } catch (error) {
      setFailure(applyServerErrors(error, form.setError, ['title', 'description']));
    }
  });
  const errors = form.formState.errors;
  return (
    <FormDialog
      open={open}
      title={title}
      onClose={form.formState.isSubmitting ? () => {} : onClose}
    >
      <Stack component="form" noValidate onSubmit={submit} spacing={2}>
        {failure && <Alert severity="error">{failure}</Alert>}
        <TextField
          label="Module title"
          required
          autoFocus
          fullWidth
          {...fieldProps(form.register('title'), errors.title)}
        />
        <TextField
          label="Description"
          multiline
          minRows={3}
          fullWidth
          {...fieldProps(form.register('description'), errors.description)}
        />
        <FormFooter
          submitLabel={submitLabel}
          busy={form.formState.isSubmitting}
          secondary={<FooterButton onClick={onClose}>Cancel</FooterButton>}
        />
      </Stack>
    </FormDialog>
  );
}
