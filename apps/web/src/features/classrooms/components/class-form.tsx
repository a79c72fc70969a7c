import type { TClass, TClassInput } from '@atrium/contract';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import { useState } from 'react';
import { ApiError, errorMessage } from '../../../shared/api/api-error.ts';

export type ClassFields = Omit<TClassInput, 'classroom'>;

const fromClass = (cls: TClass | null): ClassFields => ({
  name: cls?.name ?? '',
  description: cls?.description ?? '',
  booking_mode: cls?.booking_mode ?? 'open',
  waitlist_closes_hours: cls?.waitlist_closes_hours ?? 2,
  completion_percent: cls?.completion_percent ?? 100,
  survey_questions: cls?.survey_questions ?? [],
  is_cpd: cls?.is_cpd ?? false,
});

/**
 * A class's own fields. Survey questions are typed one per line (the 1–5 rating is always
 * asked). The server's field errors land under the fields, its message above them.
 */
export function ClassForm({
  cls,
  submitLabel,
  busy,
  error,
  onSubmit,
}: {
  cls: TClass | null;
  submitLabel: string;
  busy: boolean;
  error: unknown;
  onSubmit: (fields: ClassFields) => void;
}) {
  const [fields, setFields] = useState(() => fromClass(cls));
  const [questions, setQuestions] = useState(() => (cls?.survey_questions ?? []).join('\n'));
  const set = <K extends keyof ClassFields>(key: K, value: ClassFields[K]) =>
    setFields((f) => ({ ...f, [key]: value }));
  const fieldError = (name: string) => {
    if (!(error instanceof ApiError)) return undefined;
    const direct = error.fieldErrors[name];
    if (direct) return direct.join(' ');
    const nested = Object.entries(error.fieldErrors).find(([key]) => key.startsWith(`${name}.`));
    return nested?.[1].join(' ');
  };
  const helper = (name: string, hint?: string) => fieldError(name) ?? hint;

  return (
    <form
      noValidate
      aria-label="Class details"
      onSubmit={(event) => {
        event.preventDefault();
        onSubmit({
          ...fields,
          survey_questions: questions
            .split('\n')
            .map((q) => q.trim())
            .filter(Boolean),
        });
      }}
    >
      <Stack spacing={2}>
        {error != null && <Alert severity="error">{errorMessage(error)}</Alert>}
        <TextField
          label="Class name"
          required
          value={fields.name}
          onChange={(event) => set('name', event.target.value)}
          error={Boolean(fieldError('name'))}
          helperText={fieldError('name')}
        />
        <TextField
          label="Description"
          multiline
          minRows={2}
          value={fields.description}
          onChange={(event) => set('description', event.target.value)}
          error={Boolean(fieldError('description'))}
          helperText={fieldError('description')}
        />
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
          <TextField
            select
            label="Booking"
            value={fields.booking_mode}
            onChange={(event) => set('booking_mode', event.target.value as 'open' | 'request')}
            sx={{ flex: 1 }}
            helperText={helper('booking_mode')}
            error={Boolean(fieldError('booking_mode'))}
          >
            <MenuItem value="open">Learners book a seat</MenuItem>
            <MenuItem value="request">Learners ask (approval)</MenuItem>
          </TextField>
          <TextField
            label="Waitlist closes (hours before)"
            type="number"
            value={fields.waitlist_closes_hours}
            onChange={(event) => set('waitlist_closes_hours', Number(event.target.value))}
            slotProps={{ htmlInput: { min: 0, max: 720 } }}
            sx={{ flex: 1 }}
            error={Boolean(fieldError('waitlist_closes_hours'))}
            helperText={helper('waitlist_closes_hours')}
          />
          <TextField
            label="Attendance to complete (%)"
            type="number"
            value={fields.completion_percent}
            onChange={(event) => set('completion_percent', Number(event.target.value))}
            slotProps={{ htmlInput: { min: 1, max: 100 } }}
            sx={{ flex: 1 }}
            error={Boolean(fieldError('completion_percent'))}
            helperText={helper('completion_percent')}
          />
        </Stack>
        <TextField
          label="Survey questions"
          multiline
          minRows={2}
          value={questions}
          onChange={(event) => setQuestions(event.target.value)}
          error={Boolean(fieldError('survey_questions'))}
          helperText={helper(
            'survey_questions',
            'One question per line, asked after each session with a 1–5 rating.',
          )}
        />
        <FormControlLabel
          control={
            <Switch
              checked={fields.is_cpd}
              onChange={(event) => set('is_cpd', event.target.checked)}
            />
          }
          label="Counts for CPD: each session attended credits its length in hours"
        />
        <Stack direction="row" sx={{ justifyContent: 'flex-end' }}>
          <Button type="submit" variant="contained" loading={busy}>
            {submitLabel}
          </Button>
        </Stack>
      </Stack>
    </form>
  );
}
