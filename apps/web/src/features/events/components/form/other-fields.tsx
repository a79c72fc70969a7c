import { EVENT_CPD_UNITS, EVENT_ENROLMENT_MODES } from '@atrium/contract';
import Grid from '@mui/material/Grid';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { Controller, type UseFormReturn, useWatch } from 'react-hook-form';
import { controlledProps, fieldProps } from '../../../../shared/forms/form-fields.tsx';
import { useCpdCategories } from '../../api/options.api.ts';
import { CPD_UNIT, ENROLMENT_MODE } from '../../labels.ts';
import type { EventFormValues } from './event-form-model.ts';

type Form = UseFormReturn<EventFormValues>;

/** Where: a place, an online link, and how many seats. */
export function PlaceFields({ form }: { form: Form }) {
  const { register, formState } = form;
  const { errors } = formState;
  return (
    <Grid container spacing={2}>
      <Grid size={{ xs: 12, sm: 6 }}>
        <TextField
          label="Location"
          fullWidth
          slotProps={{ htmlInput: { maxLength: 300 } }}
          {...fieldProps(register('location'), errors.location)}
        />
      </Grid>
      <Grid size={{ xs: 12, sm: 6 }}>
        <TextField
          label="Online link"
          type="url"
          fullWidth
          placeholder="https://"
          {...fieldProps(register('online_url'), errors.online_url)}
        />
      </Grid>
      <Grid size={{ xs: 12, sm: 6 }}>
        <TextField
          label="Capacity"
          type="number"
          fullWidth
          slotProps={{ htmlInput: { min: 1, max: 100000 } }}
          {...fieldProps(register('capacity'), errors.capacity)}
          helperText={errors.capacity?.message ?? 'Empty: unlimited seats.'}
        />
      </Grid>
    </Grid>
  );
}

/** CPD credit per occurrence attended, how people enrol, and whether it is published. */
export function CpdAndStatusFields({ form }: { form: Form }) {
  const { register, control, formState } = form;
  const { errors } = formState;
  const categories = useCpdCategories(true);
  const value = useWatch({ control, name: 'cpd_value' });
  const noCpd = value.trim() === '';
  const select = (name: 'cpd_unit' | 'cpd_category' | 'enrolment' | 'status') => ({
    select: true,
    fullWidth: true,
    error: errors[name] !== undefined,
    helperText: errors[name]?.message,
  });
  return (
    <Grid container spacing={2}>
      <Grid size={{ xs: 12, sm: 4 }}>
        <TextField
          label="CPD value"
          type="number"
          fullWidth
          slotProps={{ htmlInput: { min: 0.01, max: 1000, step: 0.25 } }}
          {...fieldProps(register('cpd_value'), errors.cpd_value)}
          helperText={errors.cpd_value?.message ?? 'Per occurrence attended. Empty: no CPD.'}
        />
      </Grid>
      <Grid size={{ xs: 12, sm: 4 }}>
        <Controller
          control={control}
          name="cpd_unit"
          render={({ field }) => (
            <TextField
              {...select('cpd_unit')}
              label="CPD unit"
              disabled={noCpd}
              {...controlledProps(field)}
            >
              {EVENT_CPD_UNITS.map((u) => (
                <MenuItem key={u} value={u}>
                  {CPD_UNIT[u].label}
                </MenuItem>
              ))}
            </TextField>
          )}
        />
      </Grid>
      <Grid size={{ xs: 12, sm: 4 }}>
        <Controller
          control={control}
          name="cpd_category"
          render={({ field }) => (
            <TextField
              {...select('cpd_category')}
              label="CPD category"
              disabled={noCpd}
              {...controlledProps(field)}
              slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
            >
              <MenuItem value="">No category</MenuItem>
              {categories.data?.map((c) => (
                <MenuItem key={c.id} value={c.id}>
                  {c.name}
                </MenuItem>
              ))}
            </TextField>
          )}
        />
      </Grid>
      <Grid size={{ xs: 12, sm: 8 }}>
        <Controller
          control={control}
          name="enrolment"
          render={({ field }) => (
            <TextField {...select('enrolment')} label="Enrolment" {...controlledProps(field)}>
              {EVENT_ENROLMENT_MODES.map((m) => (
                <MenuItem key={m} value={m}>
                  {ENROLMENT_MODE[m]}
                </MenuItem>
              ))}
            </TextField>
          )}
        />
      </Grid>
      <Grid size={{ xs: 12, sm: 4 }}>
        <Controller
          control={control}
          name="status"
          render={({ field }) => (
            <TextField {...select('status')} label="Status" {...controlledProps(field)}>
              <MenuItem value="draft">Draft</MenuItem>
              <MenuItem value="published">Published</MenuItem>
            </TextField>
          )}
        />
      </Grid>
    </Grid>
  );
}
