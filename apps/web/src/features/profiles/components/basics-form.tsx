import type { TProfileDetails } from '@atrium/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import type { ReactNode } from 'react';
import { useCallback } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { errorMessage } from '../../../shared/api/api-error.ts';
import { controlledProps, fieldProps } from '../../../shared/forms/form-fields.tsx';
import { FormFooter } from '../../../shared/forms/form-footer.tsx';
import { applyServerErrors } from '../../../shared/forms/server-errors.ts';
import { type Placement, PlacementFields } from '../../organisations/index.ts';
import { useGenders, useUpdateBasics } from '../api/profiles.api.ts';
import {
  BASICS_FIELDS,
  type BasicsFormValues,
  type BasicsValues,
  basicsFormValues,
  changedBasics,
  ZBasicsForm,
} from '../profile-forms.ts';

interface BasicsFormProps {
  profile: TProfileDetails;
  onDone: () => void;
  submitLabel?: string;
  secondary?: ReactNode;
}

/** Names, contact, date of birth, bio and place in the organisation (PATCH {id}/). */
export function BasicsForm({ profile, onDone, submitLabel = 'Save', secondary }: BasicsFormProps) {
  const genders = useGenders();
  const save = useUpdateBasics(profile.id);
  const form = useForm<BasicsFormValues, unknown, BasicsValues>({
    resolver: zodResolver(ZBasicsForm),
    defaultValues: basicsFormValues(profile),
  });
  const { register, control, setValue, formState } = form;
  const errors = formState.errors;
  const [department, designation, location] = useWatch({
    control,
    name: ['department', 'designation', 'location'],
  });
  const setPlacement = useCallback(
    (next: Placement) => {
      for (const key of ['department', 'designation', 'location'] as const) {
        setValue(key, next[key], { shouldDirty: true });
      }
    },
    [setValue],
  );

  const submit = form.handleSubmit((values) => {
    const changes = changedBasics(values, profile);
    if (Object.keys(changes).length === 0) {
      // Unchanged: nothing to send, and the form closes (or the guided form moves on) as if saved.
      onDone();
      return;
    }
    save.mutate(changes, {
      onSuccess: onDone,
      onError: (error) => applyServerErrors(error, form.setError, BASICS_FIELDS),
    });
  });

  return (
    <Box component="form" noValidate onSubmit={submit} aria-label="About you">
      <Stack spacing={2}>
        {save.isError && <Alert severity="error">{errorMessage(save.error)}</Alert>}
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
          <TextField
            label="First name"
            required
            fullWidth
            autoComplete="given-name"
            {...fieldProps(register('first_name'), errors.first_name)}
          />
          <TextField
            label="Last name"
            fullWidth
            autoComplete="family-name"
            {...fieldProps(register('last_name'), errors.last_name)}
          />
        </Stack>
        <TextField
          label="E-mail address"
          type="email"
          fullWidth
          {...fieldProps(register('email'), errors.email)}
          disabled={!profile.abilities.change_email}
          helperText={
            errors.email?.message ??
            (profile.abilities.change_email ? ' ' : 'An administrator changes e-mail addresses.')
          }
        />
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
          <Controller
            control={control}
            name="gender"
            render={({ field, fieldState }) => (
              <TextField
                select
                label="Gender"
                fullWidth
                {...controlledProps(field)}
                // Shown once the choices have loaded: a select cannot show a value it lacks.
                value={genders.data?.results.some((g) => g.id === field.value) ? field.value : ''}
                error={Boolean(fieldState.error)}
                helperText={fieldState.error?.message ?? ' '}
              >
                <MenuItem value="">
                  <em>Not given</em>
                </MenuItem>
                {genders.data?.results.map((gender) => (
                  <MenuItem key={gender.id} value={gender.id}>
                    {gender.name}
                  </MenuItem>
                ))}
              </TextField>
            )}
          />
          <TextField
            label="Phone"
            type="tel"
            fullWidth
            autoComplete="tel"
            {...fieldProps(register('phone'), errors.phone)}
          />
          <TextField
            label="Date of birth"
            type="date"
            fullWidth
            slotProps={{ inputLabel: { shrink: true } }}
            {...fieldProps(register('date_of_birth'), errors.date_of_birth)}
          />
        </Stack>
        <TextField
          label="About me"
          multiline
          minRows={3}
          fullWidth
          {...fieldProps(register('bio'), errors.bio)}
        />
        <PlacementFields
          organisationId={profile.organization.id}
          value={{ department, designation, location }}
          onChange={setPlacement}
          errors={{
            department: errors.department?.message,
            designation: errors.designation?.message,
            location: errors.location?.message,
          }}
        />
        <FormFooter submitLabel={submitLabel} busy={save.isPending} secondary={secondary} />
      </Stack>
    </Box>
  );
}
