import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { Controller, type UseFormReturn, useWatch } from 'react-hook-form';
import { fieldProps } from '../../../../shared/forms/form-fields.tsx';
import type { AnnouncementFormValues } from './announcement-form-model.ts';

const local = { inputLabel: { shrink: true } } as const;

/**
 * When it goes out (now, or at a time on the author's clock) and when it stops showing. The
 * publish time is fixed once it has gone out (`fixed`).
 */
export function ScheduleFields({
  form,
  fixed,
}: {
  form: UseFormReturn<AnnouncementFormValues>;
  fixed: boolean;
}) {
  const { control, register, setValue, clearErrors, formState } = form;
  const { errors } = formState;
  const when = useWatch({ control, name: 'when' });
  return (
    <Stack spacing={2} component="fieldset" sx={{ border: 0, p: 0, m: 0 }}>
      <Typography component="legend" variant="subtitle2" sx={{ mb: 1 }}>
        When
      </Typography>
      <RadioGroup
        row
        value={when}
        onChange={(_e, value) => {
          setValue('when', value as AnnouncementFormValues['when']);
          clearErrors('publish_at');
        }}
        aria-label="When it goes out"
      >
        <FormControlLabel value="now" control={<Radio />} label="Publish now" disabled={fixed} />
        <FormControlLabel value="schedule" control={<Radio />} label="Schedule" disabled={fixed} />
      </RadioGroup>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        {when === 'schedule' && (
          <TextField
            type="datetime-local"
            label="Goes out at"
            required
            disabled={fixed}
            slotProps={local}
            sx={{ flex: 1, maxWidth: { sm: 300 } }}
            {...fieldProps(register('publish_at'), errors.publish_at)}
          />
        )}
        <TextField
          type="datetime-local"
          label="Expires at (optional)"
          slotProps={local}
          sx={{ flex: 1, maxWidth: { sm: 300 } }}
          {...fieldProps(register('expires_at'), errors.expires_at)}
          helperText={errors.expires_at?.message ?? 'Leave empty to keep it showing.'}
        />
      </Stack>
    </Stack>
  );
}

const SWITCHES = [
  { name: 'pinned', label: 'Pin to the top of the list' },
  { name: 'must_acknowledge', label: 'Readers must acknowledge it' },
  { name: 'send_email', label: 'Also send by e-mail' },
] as const;

/** Pinned, must acknowledge, and e-mail as well as in-app. */
export function OptionFields({ form }: { form: UseFormReturn<AnnouncementFormValues> }) {
  return (
    <FormGroup>
      {SWITCHES.map((s) => (
        <Controller
          key={s.name}
          control={form.control}
          name={s.name}
          render={({ field }) => (
            <FormControlLabel
              label={s.label}
              control={
                <Switch
                  checked={field.value}
                  onChange={(_e, on) => field.onChange(on)}
                  onBlur={field.onBlur}
                />
              }
            />
          )}
        />
      ))}
    </FormGroup>
  );
}
