import type { TEventType } from '@atrium/contract';
import Alert from '@mui/material/Alert';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { ApiError } from '../../../../shared/api/api-error.ts';
import { fieldProps } from '../../../../shared/forms/form-fields.tsx';
import { FooterButton, FormFooter } from '../../../../shared/forms/form-footer.tsx';
import { applyServerErrors } from '../../../../shared/forms/server-errors.ts';
import { FormDialog } from '../../../../shared/ui/form-dialog.tsx';
import { useCreateEventType, useUpdateEventType } from '../../api/event-types.api.ts';

interface TypeValues {
  name: string;
  colour: string;
}

const FIELDS = ['name', 'colour'] as const;

/** Adds an event type or renames and recolours one; a taken name (409) shows on the name. */
export function EventTypeDialog({
  type,
  onClose,
}: {
  type: TEventType | null;
  onClose: () => void;
}) {
  const { register, handleSubmit, setError, formState } = useForm<TypeValues>({
    defaultValues: { name: type?.name ?? '', colour: type?.colour ?? '#1976d2' },
  });
  const { errors, isSubmitting } = formState;
  const [alert, setAlert] = useState<string | null>(null);
  const create = useCreateEventType();
  const update = useUpdateEventType();

  const submit = handleSubmit(async (values) => {
    setAlert(null);
    const body = { name: values.name.trim(), colour: values.colour };
    try {
      if (type) await update.mutateAsync({ id: type.id, body });
      else await create.mutateAsync(body);
      onClose();
    } catch (error) {
      if (error instanceof ApiError && error.status === 409) {
        // A taken name: the server says so on `errors.name`; the name is all that can clash.
        const message = error.fieldErrors.name?.join(' ') ?? error.message;
        setError('name', { type: 'server', message });
        return;
      }
      setAlert(applyServerErrors(error, setError, FIELDS));
    }
  });

  return (
    <FormDialog
      open
      title={type ? 'Edit event type' : 'Add event type'}
      onClose={onClose}
      maxWidth="xs"
    >
      <Stack component="form" noValidate onSubmit={submit} spacing={2.5}>
        {alert && (
          <Alert severity="error" role="alert">
            {alert}
          </Alert>
        )}
        <TextField
          label="Name"
          required
          autoFocus
          slotProps={{ htmlInput: { maxLength: 100 } }}
          {...fieldProps(
            register('name', { validate: (v) => v.trim() !== '' || 'Enter the name.' }),
            errors.name,
          )}
        />
        <TextField
          label="Colour"
          type="color"
          sx={{ maxWidth: 160 }}
          {...fieldProps(register('colour'), errors.colour)}
        />
        <FormFooter
          submitLabel={type ? 'Save' : 'Add'}
          busy={isSubmitting}
          secondary={<FooterButton onClick={onClose}>Cancel</FooterButton>}
        />
      </Stack>
    </FormDialog>
  );
}
