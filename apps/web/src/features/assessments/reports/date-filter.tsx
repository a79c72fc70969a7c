import { DATE_FILTERS } from '@atrium/contract';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import type { ReportDates } from '../api/reports.api.ts';
import { DATE_FILTER_LABEL } from './report-labels.ts';

/** The spec's date filter presets, with two dates for "between dates". */
export function DateFilter({
  value,
  onChange,
}: {
  value: ReportDates;
  onChange: (next: ReportDates) => void;
}) {
  return (
    <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5}>
      <TextField
        select
        size="small"
        label="Submitted"
        value={value.date_filter}
        onChange={(event) =>
          onChange({ date_filter: event.target.value as ReportDates['date_filter'] })
        }
        sx={{ minWidth: 160 }}
      >
        {DATE_FILTERS.map((f) => (
          <MenuItem key={f} value={f}>
            {DATE_FILTER_LABEL[f]}
          </MenuItem>
        ))}
      </TextField>
      {value.date_filter === 'custom' && (
        <>
          <TextField
            size="small"
            type="date"
            label="From"
            value={value.date_from ?? ''}
            onChange={(event) => onChange({ ...value, date_from: event.target.value || undefined })}
            slotProps={{ inputLabel: { shrink: true } }}
          />
          <TextField
            size="small"
            type="date"
            label="To"
            value={value.date_to ?? ''}
            onChange={(event) => onChange({ ...value, date_to: event.target.value || undefined })}
            slotProps={{ inputLabel: { shrink: true }, htmlInput: { min: value.date_from } }}
          />
        </>
      )}
    </Stack>
  );
}
