import Alert from '@mui/material/Alert';
import Autocomplete from '@mui/material/Autocomplete';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import InputAdornment from '@mui/material/InputAdornment';
import MenuItem from '@mui/material/MenuItem';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { useMemo } from 'react';
import { type UseFormReturn, useWatch } from 'react-hook-form';
import {
  type Frequency,
  type Recurrence,
  startMatchesRule,
  summariseRecurrence,
  WEEKDAY_SHORT,
  WEEKDAYS,
  type Weekday,
  weekdayOf,
} from '../../model/recurrence.ts';
import { formatInstant, parseLocal } from '../../model/zoned-time.ts';
import { builderStarts, type EventFormValues } from './event-form-model.ts';

const DAY_NAME: Record<Weekday, string> = {
  MO: 'Monday',
  TU: 'Tuesday',
  WE: 'Wednesday',
  TH: 'Thursday',
  FR: 'Friday',
  SA: 'Saturday',
  SU: 'Sunday',
};
const UNIT: Record<Exclude<Frequency, 'none'>, string> = {
  daily: 'day(s)',
  weekly: 'week(s)',
  monthly: 'month(s)',
};

/**
 * The repeat builder (none, daily, weekly on chosen days, monthly; every N; ending after a number
 * of times or on a date) with its summary in words, or the rule as text when it was made
 * elsewhere; then the occurrences to skip.
 */
export function RecurrenceFields({
  form,
  knownStarts,
}: {
  form: UseFormReturn<EventFormValues>;
  /** The stored event's occurrence starts, offered as exceptions of a rule kept as text. */
  knownStarts: string[];
}) {
  const { control, setValue, register, formState } = form;
  const { errors } = formState;
  const [repeat, rawRule, rrule, startsAt, timeZone, exdates] = useWatch({
    control,
    name: ['repeat', 'rawRule', 'rrule', 'starts_at', 'time_zone', 'exdates'],
  });
  const set = (changes: Partial<Recurrence>) =>
    setValue('repeat', { ...repeat, ...changes }, { shouldDirty: true });
  const starts = useMemo(
    () =>
      rawRule
        ? [...new Set([...knownStarts, ...exdates])].sort()
        : builderStarts({ repeat, starts_at: startsAt, time_zone: timeZone }),
    [rawRule, knownStarts, exdates, repeat, startsAt, timeZone],
  );
  const label = (iso: string) => {
    try {
      return formatInstant(iso, { timeZone });
    } catch {
      return iso;
    }
  };
  const repeats = rawRule ? rrule.trim() !== '' : repeat.freq !== 'none';

  return (
    <Stack spacing={2} component="fieldset" sx={{ border: 0, p: 0, m: 0 }}>
      <Typography component="legend" variant="subtitle2" sx={{ mb: 1 }}>
        Repeat
      </Typography>
      <TextField
        select
        label="Repeats"
        value={rawRule ? 'raw' : repeat.freq}
        onChange={(event) => {
          const value = event.target.value as Frequency | 'raw';
          if (value === 'raw') {
            setValue('rawRule', true);
            return;
          }
          setValue('rawRule', false);
          const start = parseLocal(startsAt);
          set({
            freq: value,
            weekdays:
              value === 'weekly' && repeat.weekdays.length === 0 && start
                ? [weekdayOf(start)]
                : repeat.weekdays,
          });
        }}
        sx={{ maxWidth: 320 }}
      >
        <MenuItem value="none">Does not repeat</MenuItem>
        <MenuItem value="daily">Daily</MenuItem>
        <MenuItem value="weekly">Weekly</MenuItem>
        <MenuItem value="monthly">Monthly</MenuItem>
        <MenuItem value="raw">Custom rule (RRULE)</MenuItem>
      </TextField>
      {rawRule ? (
        <TextField
          label="Repeat rule"
          {...register('rrule')}
          error={errors.rrule !== undefined}
          helperText={
            errors.rrule?.message ??
            'An RFC 5545 rule with a COUNT or an UNTIL, such as FREQ=WEEKLY;COUNT=10.'
          }
          slotProps={{ htmlInput: { maxLength: 500, spellCheck: false } }}
        />
      ) : (
        repeat.freq !== 'none' && (
          <BuilderFields repeat={repeat} set={set} startsAt={startsAt} freq={repeat.freq} />
        )
      )}
      {!rawRule && repeat.freq !== 'none' && (
        <Typography variant="body2" aria-live="polite" sx={{ color: 'text.secondary' }}>
          {summariseRecurrence(repeat, startsAt)}
        </Typography>
      )}
      {!rawRule && !startMatchesRule(repeat, startsAt) && (
        <Alert severity="warning">
          The start is the first occurrence: pick a start on one of the chosen days.
        </Alert>
      )}
      {!rawRule && errors.rrule && <FormHelperText error>{errors.rrule.message}</FormHelperText>}
      {repeats && (
        <Autocomplete
          multiple
          options={starts}
          value={exdates.filter((d) => starts.includes(d))}
          onChange={(_e, picked) => setValue('exdates', [...picked].sort(), { shouldDirty: true })}
          getOptionLabel={label}
          filterSelectedOptions
          renderInput={(params) => (
            <TextField
              {...params}
              label="Skip occurrences"
              error={errors.exdates !== undefined}
              helperText={
                errors.exdates?.message ?? 'Dates on the pattern when the event does not happen.'
              }
            />
          )}
        />
      )}
    </Stack>
  );
}

function BuilderFields({
  repeat,
  set,
  startsAt,
  freq,
}: {
  repeat: Recurrence;
  set: (changes: Partial<Recurrence>) => void;
  startsAt: string;
  freq: Exclude<Frequency, 'none'>;
}) {
  const start = parseLocal(startsAt);
  return (
    <Stack spacing={2}>
      <TextField
        type="number"
        label="Every"
        value={repeat.interval}
        onChange={(event) => set({ interval: Math.max(1, Number(event.target.value) || 1) })}
        sx={{ maxWidth: 200 }}
        slotProps={{
          htmlInput: { min: 1, max: 999 },
          input: { endAdornment: <InputAdornment position="end">{UNIT[freq]}</InputAdornment> },
        }}
      />
      {freq === 'weekly' && (
        <ToggleButtonGroup
          value={repeat.weekdays}
          onChange={(_e, days: Weekday[]) => set({ weekdays: days })}
          aria-label="On these days"
          size="small"
          sx={{ flexWrap: 'wrap' }}
        >
          {WEEKDAYS.map((d) => (
            <ToggleButton key={d} value={d} aria-label={DAY_NAME[d]} sx={{ minWidth: 44 }}>
              {WEEKDAY_SHORT[d]}
            </ToggleButton>
          ))}
        </ToggleButtonGroup>
      )}
      {freq === 'monthly' && start && (
        <Typography variant="body2">
          On day {start.getUTCDate()} of the month (the start’s).
        </Typography>
      )}
      <RadioGroup
        value={repeat.end}
        onChange={(_e, end) => set({ end: end as Recurrence['end'] })}
        aria-label="Ends"
      >
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
          <FormControlLabel value="count" control={<Radio />} label="After" />
          <TextField
            type="number"
            size="small"
            label="Occurrences"
            value={repeat.count}
            disabled={repeat.end !== 'count'}
            onChange={(event) => set({ count: Number(event.target.value) })}
            sx={{ width: 140 }}
            slotProps={{ htmlInput: { min: 1, max: 366 } }}
          />
        </Stack>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', mt: 1 }}>
          <FormControlLabel value="until" control={<Radio />} label="On" />
          <TextField
            type="date"
            size="small"
            label="Last date"
            value={repeat.until}
            disabled={repeat.end !== 'until'}
            onChange={(event) => set({ until: event.target.value })}
            sx={{ width: 180 }}
            slotProps={{ inputLabel: { shrink: true } }}
          />
        </Stack>
      </RadioGroup>
    </Stack>
  );
}
