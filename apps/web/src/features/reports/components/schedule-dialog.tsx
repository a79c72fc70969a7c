import {
  REPORT_FORMATS,
  SCHEDULE_FREQUENCIES,
  type TReportSourceInput,
  type TSchedule,
} from '@atrium/contract';
import Alert from '@mui/material/Alert';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import { type FormEvent, useState } from 'react';
import { ApiError, errorMessage } from '../../../shared/api/api-error.ts';
import { FooterButton, FormFooter } from '../../../shared/forms/form-footer.tsx';
import { notifySuccess } from '../../../shared/notify/notify.ts';
import { FormDialog } from '../../../shared/ui/form-dialog.tsx';
import {
  useCreateSchedule,
  useSavedReportOptions,
  useUpdateSchedule,
} from '../api/schedules.api.ts';
import {
  bodyOf,
  FREQUENCY_LABELS,
  initialState,
  type ScheduleFormState,
  WEEKDAYS,
  WIDGET_CHOICES,
} from './schedule-form.ts';
import { ScheduleRecipients } from './schedule-recipients.tsx';

const DAYS = Array.from({ length: 31 }, (_, i) => i + 1);

/**
 * Create or edit a scheduled e-mail report: name, report (a widget or a saved report), when
 * (recurrence, time, time zone), who (people and roles), format, and whether an empty report is
 * still sent. `source` prefills a new one (the Schedule button of a report).
 */
export function ScheduleDialog(props: {
  open: boolean;
  onClose: () => void;
  /** The schedule to edit; absent: a new one. */
  schedule?: TSchedule | null;
  source?: TReportSourceInput | null;
  name?: string;
}) {
  return (
    <FormDialog
      open={props.open}
      onClose={props.onClose}
      title={props.schedule ? 'Edit schedule' : 'Schedule a report'}
      maxWidth="md"
    >
      {/* Mounted per opening (the dialog unmounts its content when closed): a fresh form each time. */}
      <ScheduleForm {...props} />
    </FormDialog>
  );
}

function ScheduleForm({
  open,
  onClose,
  schedule,
  source,
  name,
}: Parameters<typeof ScheduleDialog>[0]) {
  const [state, setState] = useState<ScheduleFormState>(() => initialState(schedule, source, name));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [alert, setAlert] = useState<string | null>(null);
  const create = useCreateSchedule();
  const update = useUpdateSchedule();
  const saved = useSavedReportOptions(open && state.kind === 'saved');

  const set = <K extends keyof ScheduleFormState>(key: K, value: ScheduleFormState[K]) =>
    setState((s) => ({ ...s, [key]: value }));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setErrors({});
    setAlert(null);
    const body = bodyOf(state);
    if (!body) {
      setErrors({ source: 'Choose a saved report.' });
      return;
    }
    try {
      if (schedule) await update.mutateAsync({ id: schedule.id, body });
      else await create.mutateAsync(body);
      notifySuccess(schedule ? 'The schedule is saved.' : 'The report is scheduled.');
      onClose();
    } catch (err) {
      if (err instanceof ApiError && Object.keys(err.fieldErrors).length > 0) {
        const shown: Record<string, string> = {};
        for (const [field, messages] of Object.entries(err.fieldErrors)) {
          // recurrence.weekday → weekday; recipients.users → users; source.* → source.
          const key = field.startsWith('source') ? 'source' : (field.split('.').at(-1) ?? field);
          shown[key] = messages.join(' ');
        }
        setErrors(shown);
      }
      setAlert(errorMessage(err, 'The schedule could not be saved.'));
    }
  };

  const busy = create.isPending || update.isPending;
  return (
    <Stack component="form" spacing={2} onSubmit={(e) => void submit(e)} noValidate>
      {alert && <Alert severity="error">{alert}</Alert>}
      <TextField
        label="Name"
        value={state.name}
        onChange={(e) => set('name', e.target.value)}
        required
        slotProps={{ htmlInput: { maxLength: 120 } }}
        error={Boolean(errors.name)}
        helperText={errors.name ?? 'The subject of the e-mail.'}
      />
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <TextField
          select
          label="Report type"
          value={state.kind}
          onChange={(e) => set('kind', e.target.value as ScheduleFormState['kind'])}
          sx={{ minWidth: 180 }}
        >
          <MenuItem value="widget">Report widget</MenuItem>
          <MenuItem value="saved">Saved custom report</MenuItem>
          {state.original?.kind === 'definition' && (
            <MenuItem value="definition">This custom report</MenuItem>
          )}
        </TextField>
        {state.kind === 'widget' && (
          <TextField
            select
            fullWidth
            label="Report"
            value={state.widget}
            onChange={(e) => set('widget', e.target.value as ScheduleFormState['widget'])}
            error={Boolean(errors.source)}
            helperText={errors.source}
          >
            {WIDGET_CHOICES.map((w) => (
              <MenuItem key={w.id} value={w.id}>
                {w.label}
              </MenuItem>
            ))}
          </TextField>
        )}
        {state.kind === 'saved' && (
          <TextField
            select
            fullWidth
            label="Saved report"
            value={state.savedId ?? ''}
            onChange={(e) => set('savedId', Number(e.target.value))}
            error={Boolean(errors.source) || saved.isError}
            helperText={
              errors.source ??
              (saved.isError
                ? 'Saved reports could not be loaded.'
                : saved.data?.length === 0
                  ? 'No saved reports yet: save one under Custom reports.'
                  : undefined)
            }
          >
            {(saved.data ?? []).map((r) => (
              <MenuItem key={r.id} value={r.id}>
                {r.name}
              </MenuItem>
            ))}
          </TextField>
        )}
      </Stack>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <TextField
          select
          label="Repeat"
          value={state.frequency}
          onChange={(e) => set('frequency', e.target.value as ScheduleFormState['frequency'])}
          sx={{ minWidth: 220 }}
        >
          {SCHEDULE_FREQUENCIES.map((f) => (
            <MenuItem key={f} value={f}>
              {FREQUENCY_LABELS[f]}
            </MenuItem>
          ))}
        </TextField>
        {state.frequency === 'weekly' && (
          <TextField
            select
            label="On"
            value={state.weekday}
            onChange={(e) => set('weekday', Number(e.target.value))}
            error={Boolean(errors.weekday)}
            helperText={errors.weekday}
            sx={{ minWidth: 150 }}
          >
            {WEEKDAYS.map((d, i) => (
              <MenuItem key={d} value={i}>
                {d}
              </MenuItem>
            ))}
          </TextField>
        )}
        {state.frequency === 'monthly' && (
          <TextField
            select
            label="Day of the month"
            value={state.dayOfMonth}
            onChange={(e) => set('dayOfMonth', Number(e.target.value))}
            error={Boolean(errors.day_of_month)}
            helperText={errors.day_of_month ?? 'A shorter month: its last day.'}
            sx={{ minWidth: 150 }}
          >
            {DAYS.map((d) => (
              <MenuItem key={d} value={d}>
                {d}
              </MenuItem>
            ))}
          </TextField>
        )}
        <TextField
          type="time"
          label="Time"
          value={state.time}
          onChange={(e) => set('time', e.target.value)}
          error={Boolean(errors.time)}
          helperText={errors.time ?? state.timezone}
          slotProps={{ inputLabel: { shrink: true }, htmlInput: { step: 60 } }}
          sx={{ minWidth: 140 }}
        />
      </Stack>
      <ScheduleRecipients
        users={state.users}
        roles={state.roles}
        onUsers={(next) => set('users', next)}
        onRoles={(next) => set('roles', next)}
        usersError={errors.users ?? errors.recipients}
        rolesError={errors.roles}
        enabled={open}
      />
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={2}
        sx={{ alignItems: { sm: 'center' } }}
      >
        <TextField
          select
          label="Format"
          value={state.format}
          onChange={(e) => set('format', e.target.value as ScheduleFormState['format'])}
          sx={{ minWidth: 140 }}
        >
          {REPORT_FORMATS.map((f) => (
            <MenuItem key={f} value={f}>
              {f.toUpperCase()}
            </MenuItem>
          ))}
        </TextField>
        <FormControlLabel
          control={
            <Switch
              checked={state.sendWhenEmpty}
              onChange={(e) => set('sendWhenEmpty', e.target.checked)}
            />
          }
          label="Send even when the report is empty"
        />
      </Stack>
      <FormFooter
        submitLabel={schedule ? 'Save' : 'Schedule'}
        busy={busy}
        secondary={<FooterButton onClick={onClose}>Cancel</FooterButton>}
      />
    </Stack>
  );
}
