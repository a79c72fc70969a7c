import type { TProfessionalInfo } from '@atrium/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { type ReactNode, useState } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { errorMessage } from '../../../shared/api/api-error.ts';
import { fieldProps } from '../../../shared/forms/form-fields.tsx';
import { FormFooter } from '../../../shared/forms/form-footer.tsx';
import { applyServerErrors } from '../../../shared/forms/server-errors.ts';
import { useSaveSection } from '../api/profiles.api.ts';
import {
  changedProfessional,
  PROFESSIONAL_FIELDS,
  type ProfessionalFormValues,
  type ProfessionalValues,
  professionalFormValues,
  ZProfessionalForm,
} from '../profile-forms.ts';

/** One position: company and title required, dates in order, a current one without an end. */
export function ProfessionalForm({
  userId,
  own,
  entry,
  onDone,
  secondary,
}: {
  userId: number;
  own: boolean;
  entry?: TProfessionalInfo;
  onDone: () => void;
  secondary?: ReactNode;
}) {
  const save = useSaveSection('professionalInfo', userId, own);
  const form = useForm<ProfessionalFormValues, unknown, ProfessionalValues>({
    resolver: zodResolver(ZProfessionalForm),
    defaultValues: professionalFormValues(entry),
  });
  const { register, control, formState } = form;
  const errors = formState.errors;
  // Fields read their value once: after an add they are mounted afresh, empty, labels down.
  const [generation, setGeneration] = useState(0);
  const current = useWatch({ control, name: 'current' });
  const dateProps = { slotProps: { inputLabel: { shrink: true } }, type: 'date', fullWidth: true };

  const submit = form.handleSubmit((values) => {
    const body = entry ? changedProfessional(values, entry) : values;
    if (entry && Object.keys(body).length === 0) {
      // Unchanged: nothing to send, and the form closes (or the guided form moves on) as if saved.
      onDone();
      return;
    }
    save.mutate(
      { id: entry?.id ?? null, body },
      {
        onSuccess: () => {
          form.reset(professionalFormValues());
          setGeneration((value) => value + 1);
          onDone();
        },
        onError: (error) => applyServerErrors(error, form.setError, PROFESSIONAL_FIELDS),
      },
    );
  });

  return (
    <Box
      component="form"
      noValidate
      onSubmit={submit}
      aria-label={entry ? 'Change position' : 'Add position'}
    >
      <Stack spacing={2} key={generation}>
        {save.isError && <Alert severity="error">{errorMessage(save.error)}</Alert>}
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
          <TextField
            label="Company"
            required
            fullWidth
            {...fieldProps(register('company'), errors.company)}
          />
          <TextField
            label="Job title"
            required
            fullWidth
            {...fieldProps(register('title'), errors.title)}
          />
        </Stack>
        <Stack direction="row" spacing={2}>
          <TextField
            label="Start date"
            {...dateProps}
            {...fieldProps(register('start_date'), errors.start_date)}
          />
          <TextField
            label="End date"
            {...dateProps}
            {...fieldProps(register('end_date'), errors.end_date)}
            disabled={current}
          />
        </Stack>
        <Controller
          control={control}
          name="current"
          render={({ field }) => (
            <FormControlLabel
              control={
                <Checkbox
                  checked={field.value}
                  onChange={(event) => field.onChange(event.target.checked)}
                />
              }
              label="I work here now"
            />
          )}
        />
        <TextField
          label="Description"
          multiline
          minRows={3}
          fullWidth
          {...fieldProps(register('description'), errors.description)}
        />
        <FormFooter
          submitLabel={entry ? 'Save' : 'Add position'}
          busy={save.isPending}
          secondary={secondary}
        />
      </Stack>
    </Box>
  );
}
