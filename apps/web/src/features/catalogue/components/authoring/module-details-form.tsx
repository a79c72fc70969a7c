import { type TModule, ZModuleInput } from '@atrium/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { fieldProps } from '../../../../shared/forms/form-fields.tsx';
import { applyServerErrors } from '../../../../shared/forms/server-errors.ts';
import { useUpdateModule } from '../../api/authoring.api.ts';

/** A module's title and description, saved with PATCH modules/{id}/. */
export function ModuleDetailsForm({ module, editable }: { module: TModule; editable: boolean }) {
  const update = useUpdateModule();
  const form = useForm<z.input<typeof ZModuleInput>, unknown, z.output<typeof ZModuleInput>>({
    resolver: zodResolver(ZModuleInput),
    defaultValues: { title: module.title, description: module.description },
  });
  const [failure, setFailure] = useState<string | null>(null);
  const { reset } = form;
  useEffect(
    () => reset({ title: module.title, description: module.description }),
    [module.title, module.description, reset],
  );
  const submit = form.handleSubmit(async (values) => {
    setFailure(null);
    try {
      await update.mutateAsync({ id: module.id, ...values });
    } catch (error) {
      setFailure(applyServerErrors(error, form.setError, ['title', 'description']));
    }
  });
  const errors = form.formState.errors;
  return (
    <Stack component="form" noValidate onSubmit={submit} spacing={2} aria-label="Module details">
      {failure && <Alert severity="error">{failure}</Alert>}
      <TextField
        label="Module title"
        required
        fullWidth
        disabled={!editable}
        {...fieldProps(form.register('title'), errors.title)}
      />
      <TextField
        label="Description"
        multiline
        minRows={4}
        fullWidth
        disabled={!editable}
        {...fieldProps(form.register('description'), errors.description)}
      />
      {editable && (
        <Stack direction="row" sx={{ justifyContent: 'flex-end' }}>
          <Button type="submit" variant="contained" loading={form.formState.isSubmitting}>
            Save module
          </Button>
        </Stack>
      )}
    </Stack>
  );
}
