import { CPD_UNITS, type TCpdScheme, ZCpdSchemeInput } from '@atrium/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import { Controller, type Resolver, useForm } from 'react-hook-form';
import { z } from 'zod';
import { errorMessage } from '../../../../shared/api/api-error.ts';
import { controlledProps, fieldProps } from '../../../../shared/forms/form-fields.tsx';
import { FormFooter } from '../../../../shared/forms/form-footer.tsx';
import { applyServerErrors } from '../../../../shared/forms/server-errors.ts';
import { useSaveScheme } from '../../api/cpd.api.ts';
import { MONTHS, UNIT_LABEL } from '../../labels.ts';

const field = ZCpdSchemeInput.shape;

/** The scheme's rules (the contract's), the cycle length typed as text first. */
export const ZSchemeForm = z.object({
  name: field.name,
  unit: field.unit,
  cycle_months: z.coerce
    .number('Enter the cycle length in months.')
    .int('Enter whole months.')
    .min(1, 'A cycle is at least 1 month.')
    .max(60, 'A cycle is at most 60 months.'),
  start_month: field.start_month,
  target: field.target,
  carry_over_max: field.carry_over_max,
  evidence_required: z.boolean(),
});
/** What the inputs hold: numbers as typed (the schema reads them as numbers). */
type SchemeFormValues = Omit<
  z.input<typeof ZSchemeForm>,
  'cycle_months' | 'target' | 'carry_over_max'
> & {
  cycle_months: string | number;
  target: string | number;
  carry_over_max: string | number;
};
type SchemeValues = z.output<typeof ZSchemeForm>;

const FIELDS = [
  'name',
  'unit',
  'cycle_months',
  'start_month',
  'target',
  'carry_over_max',
  'evidence_required',
] as const satisfies readonly (keyof SchemeFormValues)[];

function initialValues(scheme: TCpdScheme | null): SchemeFormValues {
  if (!scheme) {
    return {
      name: 'CPD',
      unit: 'hours',
      cycle_months: 12,
      start_month: 1,
      target: '',
      carry_over_max: 0,
      evidence_required: true,
    };
  }
  return {
    name: scheme.name,
    unit: scheme.unit,
    cycle_months: scheme.cycle_months,
    start_month: scheme.start_month,
    target: scheme.target,
    carry_over_max: scheme.carry_over_max,
    evidence_required: scheme.evidence_required,
  };
}

/**
 * The organisation's scheme: its unit, cycles (length and start month, counted in UTC), target
 * and carry-over. Saved in place: a new cycle re-attributes every entry by its completion.
 */
export function SchemeForm({ scheme }: { scheme: TCpdScheme | null }) {
  const form = useForm<SchemeFormValues, unknown, SchemeValues>({
    resolver: zodResolver(ZSchemeForm) as unknown as Resolver<
      SchemeFormValues,
      unknown,
      SchemeValues
    >,
    defaultValues: initialValues(scheme),
  });
  const { register, control, formState } = form;
  const save = useSaveScheme();
  const errors = formState.errors;

  const submit = form.handleSubmit((values) => {
    save.mutate(values, {
      onSuccess: (state) => form.reset(initialValues(state.scheme)),
      onError: (error) => applyServerErrors(error, form.setError, FIELDS),
    });
  });

  return (
    <form noValidate onSubmit={submit} aria-label="CPD scheme">
      <Stack spacing={2}>
        {!scheme && (
          <Alert severity="info">
            No scheme yet: learners see no cycles or targets until you save one.
          </Alert>
        )}
        {save.isError && <Alert severity="error">{errorMessage(save.error)}</Alert>}
        <TextField label="Name" required {...fieldProps(register('name'), errors.name)} />
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
          <Controller
            control={control}
            name="unit"
            render={({ field: f, fieldState }) => (
              <TextField
                select
                label="Unit"
                fullWidth
                {...controlledProps(f)}
                error={Boolean(fieldState.error)}
                helperText={fieldState.error?.message ?? 'What targets and credit count in.'}
              >
                {CPD_UNITS.map((u) => (
                  <MenuItem key={u} value={u}>
                    {UNIT_LABEL[u]}
                  </MenuItem>
                ))}
              </TextField>
            )}
          />
          <TextField
            label="Target per cycle"
            required
            fullWidth
            type="number"
            slotProps={{ htmlInput: { min: 0, step: 0.5, inputMode: 'decimal' } }}
            {...fieldProps(register('target'), errors.target)}
          />
        </Stack>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
          <TextField
            label="Cycle length (months)"
            required
            fullWidth
            type="number"
            slotProps={{ htmlInput: { min: 1, max: 60, step: 1, inputMode: 'numeric' } }}
            {...fieldProps(register('cycle_months'), errors.cycle_months)}
            helperText={errors.cycle_months?.message ?? '12 for a yearly cycle.'}
          />
          <Controller
            control={control}
            name="start_month"
            render={({ field: f, fieldState }) => (
              <TextField
                select
                label="Cycles start in"
                fullWidth
                {...controlledProps(f)}
                onChange={(event) => f.onChange(Number(event.target.value))}
                error={Boolean(fieldState.error)}
                helperText={fieldState.error?.message ?? 'On the first of the month, in UTC.'}
              >
                {MONTHS.map((month, index) => (
                  <MenuItem key={month} value={index + 1}>
                    {month}
                  </MenuItem>
                ))}
              </TextField>
            )}
          />
        </Stack>
        <TextField
          label="Carry-over at most"
          fullWidth
          type="number"
          slotProps={{ htmlInput: { min: 0, step: 0.5, inputMode: 'decimal' } }}
          {...fieldProps(register('carry_over_max'), errors.carry_over_max)}
          helperText={
            errors.carry_over_max?.message ??
            'Credit above a cycle’s target carries into the next cycle up to this much (0: none).'
          }
        />
        <Controller
          control={control}
          name="evidence_required"
          render={({ field: f, fieldState }) => (
            <Stack>
              <FormControlLabel
                control={
                  <Switch
                    checked={f.value}
                    onChange={(event) => f.onChange(event.target.checked)}
                    onBlur={f.onBlur}
                  />
                }
                label="Evidence required for external CPD"
              />
              <FormHelperText error={Boolean(fieldState.error)} sx={{ mx: 0 }}>
                {fieldState.error?.message ??
                  'Learners must attach a certificate or record when they add external CPD.'}
              </FormHelperText>
            </Stack>
          )}
        />
        {scheme && (
          <Alert severity="warning" variant="outlined">
            A new cycle length or start month re-attributes every entry to the cycle of its
            completion date.
          </Alert>
        )}
        <FormFooter submitLabel="Save scheme" busy={save.isPending} />
      </Stack>
    </form>
  );
}
