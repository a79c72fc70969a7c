import { ESCALATION_TARGETS, type TApprovalModule } from '@atrium/contract';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import { type FormEvent, useId, useState } from 'react';
import { ApiError, errorMessage } from '../../../../shared/api/api-error.ts';
import { SETTINGS_MESSAGES, useUpdateApprovalModule } from '../../api/approval-settings.api.ts';
import {
  type ModuleFormField,
  type ModuleFormValues,
  moduleFormValues,
  sameValues,
  toModuleUpdate,
} from './settings-logic.ts';

const ESCALATION_LABELS: Record<(typeof ESCALATION_TARGETS)[number], string> = {
  next_level: 'The next level',
  admin: 'An admin',
};

const FIELDS: readonly ModuleFormField[] = [
  'enabled',
  'reject_reason_required',
  'expiry_days',
  'escalation_days',
  'escalate_to',
];

/** The server's field errors (spec §8 `errors`) that belong to one of this form's inputs. */
function serverFieldErrors(error: unknown): Partial<Record<ModuleFormField, string>> {
  if (!(error instanceof ApiError)) return {};
  const found: Partial<Record<ModuleFormField, string>> = {};
  for (const field of FIELDS) {
    const messages = error.fieldErrors[field];
    if (messages) found[field] = messages.join(' ');
  }
  return found;
}

/**
 * One kind's settings: whether it needs approval, a reason to reject, expiry and escalation.
 * The parent remounts it (by key) when the server's values change, so the form starts from them.
 */
export function ModuleSettingsForm({ module }: { module: TApprovalModule }) {
  const initial = moduleFormValues(module);
  const [values, setValues] = useState<ModuleFormValues>(initial);
  const [errors, setErrors] = useState<Partial<Record<ModuleFormField, string>>>({});
  const update = useUpdateApprovalModule();
  const id = useId();
  const changed = !sameValues(values, initial);

  const set = <K extends ModuleFormField>(field: K, value: ModuleFormValues[K]) => {
    setValues((current) => ({ ...current, [field]: value }));
    setErrors((current) => ({ ...current, [field]: undefined }));
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const result = toModuleUpdate(module.kind, values);
    if (!result.ok) {
      setErrors(result.errors);
      return;
    }
    setErrors({});
    update.mutate(result.body, { onError: (error) => setErrors(serverFieldErrors(error)) });
  };

  const reset = () => {
    setValues(initial);
    setErrors({});
    update.reset();
  };

  const daysField = (field: 'expiry_days' | 'escalation_days', label: string, help: string) => (
    <TextField
      label={label}
      value={values[field]}
      onChange={(event) => set(field, event.target.value)}
      error={errors[field] !== undefined}
      helperText={errors[field] ?? help}
      placeholder="Never"
      slotProps={{
        htmlInput: { inputMode: 'numeric' },
        inputLabel: { shrink: true },
      }}
      fullWidth
    />
  );

  return (
    <Stack component="form" noValidate onSubmit={submit} spacing={2} aria-label="Settings">
      {update.isError && (
        <Alert severity="error">{errorMessage(update.error, SETTINGS_MESSAGES.saveFailed)}</Alert>
      )}
      <Box>
        <FormControlLabel
          control={
            <Switch
              checked={values.enabled}
              onChange={(event) => set('enabled', event.target.checked)}
              slotProps={{ input: { 'aria-describedby': `${id}-enabled` } }}
            />
          }
          label="Requires approval"
        />
        <FormHelperText id={`${id}-enabled`} error={errors.enabled !== undefined} sx={{ mt: 0 }}>
          {errors.enabled ??
            (values.enabled
              ? 'Each request waits for the approvers below, level by level.'
              : 'Requests of this kind go through without a decision.')}
        </FormHelperText>
      </Box>
      <Box>
        <FormControlLabel
          control={
            <Switch
              checked={values.reject_reason_required}
              onChange={(event) => set('reject_reason_required', event.target.checked)}
              slotProps={{ input: { 'aria-describedby': `${id}-reason` } }}
            />
          }
          label="Reason required to reject"
        />
        <FormHelperText
          id={`${id}-reason`}
          error={errors.reject_reason_required !== undefined}
          sx={{ mt: 0 }}
        >
          {errors.reject_reason_required ?? 'The requester reads the reason with the rejection.'}
        </FormHelperText>
      </Box>
      <Box
        sx={{
          display: 'grid',
          gap: 2,
          gridTemplateColumns: { xs: '1fr', sm: 'repeat(3, minmax(0, 1fr))' },
        }}
      >
        {daysField('expiry_days', 'Expire after (days)', 'Pending requests expire. Empty: never.')}
        {daysField(
          'escalation_days',
          'Escalate after (days)',
          'A level left undecided escalates. Empty: never.',
        )}
        <TextField
          select
          label="Escalate to"
          value={values.escalate_to}
          onChange={(event) =>
            set('escalate_to', event.target.value as ModuleFormValues['escalate_to'])
          }
          disabled={values.escalation_days.trim() === ''}
          error={errors.escalate_to !== undefined}
          helperText={errors.escalate_to ?? 'Who an undecided request goes to.'}
          fullWidth
        >
          {ESCALATION_TARGETS.map((target) => (
            <MenuItem key={target} value={target}>
              {ESCALATION_LABELS[target]}
            </MenuItem>
          ))}
        </TextField>
      </Box>
      <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end' }}>
        <Button onClick={reset} color="inherit" disabled={!changed || update.isPending}>
          Reset
        </Button>
        <Button type="submit" variant="contained" disabled={!changed} loading={update.isPending}>
          Save settings
        </Button>
      </Stack>
    </Stack>
  );
}
