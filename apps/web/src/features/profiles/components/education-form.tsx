import type { TEducation } from '@atrium/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { type ReactNode, useState } from 'react';
import { useForm } from 'react-hook-form';
import { errorMessage } from '../../../shared/api/api-error.ts';
import { fieldProps } from '../../../shared/forms/form-fields.tsx';
import { FormFooter } from '../../../shared/forms/form-footer.tsx';
import { applyServerErrors } from '../../../shared/forms/server-errors.ts';
import { useSaveSection } from '../api/profiles.api.ts';
import {
  changedEducation,
  EDUCATION_FIELDS,
  type EducationFormValues,
  type EducationValues,
  educationFormValues,
  ZEducationForm,
} from '../profile-forms.ts';

interface EducationFormProps {
  userId: number;
  own: boolean;
  /** The entry being changed; none to add one. */
  entry?: TEducation;
  onDone: () => void;
  secondary?: ReactNode;
}

/** One education entry: institution and degree required, years in order (spec §5). */
export function EducationForm({ userId, own, entry, onDone, secondary }: EducationFormProps) {
  const save = useSaveSection('education', userId, own);
  const form = useForm<EducationFormValues, unknown, EducationValues>({
    resolver: zodResolver(ZEducationForm),
    defaultValues: educationFormValues(entry),
  });
  const { register, formState } = form;
  const errors = formState.errors;
  // Fields read their value once: after an add they are mounted afresh, empty, labels down.
  const [generation, setGeneration] = useState(0);

  const submit = form.handleSubmit((values) => {
    const body = entry ? changedEducation(values, entry) : values;
    if (entry && Object.keys(body).length === 0) {
      // Unchanged: nothing to send, and the form closes (or the guided form moves on) as if saved.
      onDone();
      return;
    }
    save.mutate(
      { id: entry?.id ?? null, body },
      {
        onSuccess: () => {
          form.reset(educationFormValues());
          setGeneration((value) => value + 1);
          onDone();
        },
        onError: (error) => applyServerErrors(error, form.setError, EDUCATION_FIELDS),
      },
    );
  });

  return (
    <Box
      component="form"
      noValidate
      onSubmit={submit}
      aria-label={entry ? 'Change education' : 'Add education'}
    >
      <Stack spacing={2} key={generation}>
        {save.isError && <Alert severity="error">{errorMessage(save.error)}</Alert>}
        <TextField
          label="Institution"
          required
          fullWidth
          {...fieldProps(register('institution'), errors.institution)}
        />
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
          <TextField
            label="Degree"
            required
            fullWidth
            {...fieldProps(register('degree'), errors.degree)}
          />
          <TextField
            label="Field of study"
            fullWidth
            {...fieldProps(register('field_of_study'), errors.field_of_study)}
          />
        </Stack>
        <Stack direction="row" spacing={2}>
          <TextField
            label="Start year"
            fullWidth
            slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 4 } }}
            {...fieldProps(register('start_year'), errors.start_year)}
          />
          <TextField
            label="End year"
            fullWidth
            slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 4 } }}
            {...fieldProps(register('end_year'), errors.end_year)}
          />
          <TextField label="Grade" fullWidth {...fieldProps(register('grade'), errors.grade)} />
        </Stack>
        <FormFooter
          submitLabel={entry ? 'Save' : 'Add education'}
          busy={save.isPending}
          secondary={secondary}
        />
      </Stack>
    </Box>
  );
}
