import { APPROVAL_STATUSES } from '@atrium/contract';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import type { ApprovalScope } from '../../api/requests.api.ts';
import {
  hasFilters,
  type RequestFilters,
  STATUS_LABELS,
  type StatusFilter,
} from '../../approval-query.ts';

/**
 * The list filters. Modules are the kinds the caller has seen in this list (the list of kinds is
 * an admin's setting, so it is not read here); a module chosen from the URL stays offered.
 */
export function RequestsFilters({
  scope,
  filters,
  modules,
  onChange,
  onClear,
}: {
  scope: ApprovalScope;
  filters: RequestFilters;
  /** kind → label */
  modules: ReadonlyMap<string, string>;
  onChange: (change: Partial<RequestFilters>) => void;
  onClear: () => void;
}) {
  const moduleOptions = new Map(modules);
  if (filters.module && !moduleOptions.has(filters.module)) {
    moduleOptions.set(filters.module, filters.module.replaceAll('_', ' '));
  }
  const badRange = filters.from !== '' && filters.to !== '' && filters.from > filters.to;
  return (
    <Stack
      direction={{ xs: 'column', sm: 'row' }}
      spacing={1.5}
      useFlexGap
      sx={{ mb: 2, flexWrap: 'wrap', alignItems: { sm: 'flex-start' } }}
    >
      <TextField
        select
        size="small"
        label="Module"
        value={filters.module}
        onChange={(event) => onChange({ module: event.target.value })}
        slotProps={{ inputLabel: { shrink: true }, select: { displayEmpty: true } }}
        sx={{ minWidth: { sm: 200 } }}
      >
        <MenuItem value="">All modules</MenuItem>
        {[...moduleOptions].map(([kind, label]) => (
          <MenuItem key={kind} value={kind}>
            {label}
          </MenuItem>
        ))}
      </TextField>
      <TextField
        select
        size="small"
        label="Status"
        value={filters.status}
        onChange={(event) => onChange({ status: event.target.value as StatusFilter })}
        sx={{ minWidth: { sm: 160 } }}
      >
        <MenuItem value="any">All statuses</MenuItem>
        {APPROVAL_STATUSES.map((s) => (
          <MenuItem key={s} value={s}>
            {STATUS_LABELS[s]}
          </MenuItem>
        ))}
      </TextField>
      <TextField
        type="date"
        size="small"
        label="Created from"
        value={filters.from}
        onChange={(event) => onChange({ from: event.target.value })}
        slotProps={{ inputLabel: { shrink: true }, htmlInput: { max: filters.to || undefined } }}
      />
      <TextField
        type="date"
        size="small"
        label="Created to"
        value={filters.to}
        onChange={(event) => onChange({ to: event.target.value })}
        error={badRange}
        helperText={badRange ? 'The end is before the start.' : undefined}
        slotProps={{ inputLabel: { shrink: true }, htmlInput: { min: filters.from || undefined } }}
      />
      {hasFilters(filters, scope) && (
        <Button
          color="inherit"
          onClick={onClear}
          sx={{ alignSelf: { xs: 'flex-start', sm: 'center' } }}
        >
          Clear filters
        </Button>
      )}
    </Stack>
  );
}
