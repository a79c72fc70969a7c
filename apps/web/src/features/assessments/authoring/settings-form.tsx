import { GRADING_METHODS, type TAssessmentDetail } from '@atrium/contract';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import Grid from '@mui/material/Grid';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { type FormEvent, useRef, useState } from 'react';
import { ApiError, errorMessage } from '../../../shared/api/api-error.ts';
import { PasswordField } from '../../../shared/forms/form-fields.tsx';
import {
  type ProctoringSettingsHandle,
  ProctoringSettingsSection,
} from '../../proctoring/index.ts';
import { useSaveSettings } from '../api/assessments.api.ts';
import { GRADING_LABEL } from './labels.ts';
import { ReviewGrid } from './review-grid.tsx';
import {
  fieldOf,
  type SettingsErrors,
  type SettingsField,
  type SettingsForm,
  settingsPayload,
  settingsToForm,
} from './settings-model.ts';

/** Timing, attempts, grading, shuffling, review options and access of one assessment. */
export function SettingsFormPanel({ detail }: { detail: TAssessmentDetail }) {
  const [form, setForm] = useState<SettingsForm>(() => settingsToForm(detail.settings));
  const [errors, setErrors] = useState<SettingsErrors>({});
  const save = useSaveSettings(detail.id);
  // The proctoring section is saved by this form's button, after the assessment's own settings.
  const proctoring = useRef<ProctoringSettingsHandle>(null);
  const editable = detail.abilities.edit;
  const set = <K extends keyof SettingsForm>(key: K, value: SettingsForm[K]) =>
    setForm((old) => ({ ...old, [key]: value }));
  const text = (field: SettingsField, label: string, helper?: string) => ({
    label,
    value: form[field] as string,
    onChange: (event: { target: { value: string } }) => set(field, event.target.value as never),
    error: Boolean(errors[field]),
    helperText: errors[field] ?? helper,
    disabled: !editable,
    fullWidth: true,
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = settingsPayload(detail.id, form);
    const proctoringOk = !form.proctored || (proctoring.current?.check() ?? true);
    if (!parsed.ok) {
      setErrors(parsed.errors);
      return;
    }
    setErrors({});
    if (!proctoringOk) return;
    save.mutate(parsed.payload, {
      onSuccess: (settings) => {
        setForm(settingsToForm(settings));
        if (settings.proctored) proctoring.current?.save();
      },
      onError: (error) => {
        if (!(error instanceof ApiError)) return;
        const next: SettingsErrors = {};
        for (const [field, messages] of Object.entries(error.fieldErrors)) {
          const f = fieldOf(field);
          if (f) next[f] = messages.join(' ');
        }
        setErrors(next);
      },
    });
  };

  return (
    <Stack component="form" noValidate onSubmit={submit} spacing={3} aria-label="Settings">
      {save.isError && (
        <Alert severity="error" role="alert">
          {errorMessage(save.error)}
        </Alert>
      )}
      <section>
        <Typography variant="h3" sx={{ fontSize: '1rem', fontWeight: 600, mb: 1.5 }}>
          Timing
        </Typography>
        <Grid container spacing={2}>
          <Grid size={{ xs: 12, sm: 4 }}>
            <TextField
              type="number"
              {...text('time_limit', 'Time limit (minutes)', 'Empty: no limit')}
            />
          </Grid>
          <Grid size={{ xs: 12, sm: 4 }}>
            <TextField
              type="datetime-local"
              {...text('opens_at', 'Opens')}
              slotProps={{ inputLabel: { shrink: true } }}
            />
          </Grid>
          <Grid size={{ xs: 12, sm: 4 }}>
            <TextField
              type="datetime-local"
              {...text('closes_at', 'Closes')}
              slotProps={{ inputLabel: { shrink: true } }}
            />
          </Grid>
          <Grid size={{ xs: 12, sm: 4 }}>
            <TextField
              type="number"
              {...text('grace', 'Grace (minutes)', 'Time to submit after the limit')}
            />
          </Grid>
        </Grid>
      </section>
      <section>
        <Typography variant="h3" sx={{ fontSize: '1rem', fontWeight: 600, mb: 1.5 }}>
          Attempts and grading
        </Typography>
        <Grid container spacing={2} sx={{ alignItems: 'center' }}>
          <Grid size={{ xs: 12, sm: 4 }}>
            <FormControlLabel
              control={
                <Switch
                  checked={form.unlimited}
                  disabled={!editable}
                  onChange={(event) => set('unlimited', event.target.checked)}
                />
              }
              label="Unlimited attempts"
            />
          </Grid>
          <Grid size={{ xs: 12, sm: 4 }}>
            {!form.unlimited && (
              <TextField type="number" {...text('attempts_allowed', 'Attempts allowed')} />
            )}
          </Grid>
          <Grid size={{ xs: 12, sm: 4 }}>
            <TextField type="number" {...text('delay', 'Delay between attempts (minutes)')} />
          </Grid>
          <Grid size={{ xs: 12, sm: 4 }}>
            <TextField select {...text('grading_method', 'Grade kept')}>
              {GRADING_METHODS.map((m) => (
                <MenuItem key={m} value={m}>
                  {GRADING_LABEL[m]}
                </MenuItem>
              ))}
            </TextField>
          </Grid>
          <Grid size={{ xs: 12, sm: 4 }}>
            <TextField type="number" {...text('pass_mark', 'Pass mark (%)')} />
          </Grid>
        </Grid>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ mt: 1 }}>
          <FormControlLabel
            control={
              <Checkbox
                checked={form.shuffle_questions}
                disabled={!editable}
                onChange={(event) => set('shuffle_questions', event.target.checked)}
              />
            }
            label="Shuffle questions"
          />
          <FormControlLabel
            control={
              <Checkbox
                checked={form.shuffle_options}
                disabled={!editable}
                onChange={(event) => set('shuffle_options', event.target.checked)}
              />
            }
            label="Shuffle answer options"
          />
        </Stack>
      </section>
      <section>
        <Typography variant="h3" sx={{ fontSize: '1rem', fontWeight: 600, mb: 1 }}>
          Review
        </Typography>
        <ReviewGrid
          value={form.review}
          disabled={!editable}
          onChange={(review) => set('review', review)}
        />
      </section>
      <section>
        <Typography variant="h3" sx={{ fontSize: '1rem', fontWeight: 600, mb: 1.5 }}>
          Access
        </Typography>
        <Stack spacing={1.5}>
          <Typography variant="body2" sx={{ color: 'text.secondary' }}>
            {detail.settings.has_password
              ? 'A password is set: learners enter it to start.'
              : 'No password: assigned learners start directly.'}
          </Typography>
          <Stack
            direction={{ xs: 'column', sm: 'row' }}
            spacing={2}
            sx={{ alignItems: { sm: 'center' } }}
          >
            <PasswordField
              label={detail.settings.has_password ? 'New password' : 'Password'}
              value={form.password}
              onChange={(event) => set('password', event.target.value)}
              error={Boolean(errors.password)}
              helperText={errors.password ?? 'At least 4 characters'}
              disabled={!editable || form.clear_password}
              autoComplete="new-password"
              sx={{ maxWidth: 360 }}
            />
            {detail.settings.has_password && (
              <FormControlLabel
                control={
                  <Checkbox
                    checked={form.clear_password}
                    disabled={!editable}
                    onChange={(event) => set('clear_password', event.target.checked)}
                  />
                }
                label="Remove the password"
              />
            )}
          </Stack>
          <FormControlLabel
            control={
              <Switch
                checked={form.proctored}
                disabled={!editable}
                onChange={(event) => set('proctored', event.target.checked)}
              />
            }
            label="Proctored"
          />
        </Stack>
      </section>
      {form.proctored && (
        <ProctoringSettingsSection
          ref={proctoring}
          assessment={detail.id}
          editable={editable}
          saved={detail.settings.proctored}
        />
      )}
      {editable && (
        <Button
          type="submit"
          variant="contained"
          loading={save.isPending}
          sx={{ alignSelf: 'flex-start' }}
        >
          Save settings
        </Button>
      )}
    </Stack>
  );
}
