import Autocomplete from '@mui/material/Autocomplete';
import Grid from '@mui/material/Grid';
import TextField from '@mui/material/TextField';
import { useMemo } from 'react';
import { Controller, type UseFormReturn } from 'react-hook-form';
import { controlledProps } from '../../../../shared/forms/form-fields.tsx';
import { timeZoneOptions } from '../../model/zoned-time.ts';
import type { EventFormValues } from './event-form-model.ts';

/** Start and end (date and time on the event's wall clock) and the zone that clock is in. */
export function ScheduleFields({ form }: { form: UseFormReturn<EventFormValues> }) {
  const { control, formState } = form;
  const { errors } = formState;
  const zones = useMemo(timeZoneOptions, []);
  const dateTime = (name: 'starts_at' | 'ends_at', label: string) => (
    <Controller
      control={control}
      name={name}
      render={({ field }) => (
        <TextField
          {...controlledProps(field)}
          type="datetime-local"
          label={label}
          required
          fullWidth
          error={errors[name] !== undefined}
          helperText={errors[name]?.message}
          slotProps={{ inputLabel: { shrink: true } }}
        />
      )}
    />
  );
  return (
    <Grid container spacing={2}>
      <Grid size={{ xs: 12, sm: 6, md: 4 }}>{dateTime('starts_at', 'Starts')}</Grid>
      <Grid size={{ xs: 12, sm: 6, md: 4 }}>{dateTime('ends_at', 'Ends')}</Grid>
      <Grid size={{ xs: 12, md: 4 }}>
        <Controller
          control={control}
          name="time_zone"
          render={({ field }) => (
            <Autocomplete
              options={zones}
              value={field.value || null}
              onChange={(_e, zone) => field.onChange(zone ?? '')}
              onBlur={field.onBlur}
              autoHighlight
              renderInput={(params) => (
                <TextField
                  {...params}
                  label="Time zone"
                  required
                  inputRef={field.ref}
                  error={errors.time_zone !== undefined}
                  helperText={errors.time_zone?.message}
                />
              )}
            />
          )}
        />
      </Grid>
    </Grid>
  );
}
