import { MONITORING_STATUSES } from '@atrium/contract';
import Chip from '@mui/material/Chip';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { groupLabel, MONITORING_STATUS } from '../labels.tsx';
import { proctorGridUrl, proctorGroupUrl } from '../urls.ts';

type Status = (typeof MONITORING_STATUSES)[number];
export interface GridFilters {
  status: Status | undefined;
  flagged: boolean;
  page: number;
}

/**
 * The grid's filters live in the address: a proctor shares or reloads the same view, and the
 * learner card opened over it (?session=) comes back to it.
 */
export function useGridFilters() {
  const [params, setParams] = useSearchParams();
  const filters: GridFilters = {
    status: MONITORING_STATUSES.find((s) => s === params.get('status')),
    flagged: params.get('flagged') === 'true',
    page: Math.max(1, Math.trunc(Number(params.get('page'))) || 1),
  };
  const change = (next: Partial<GridFilters>) =>
    setParams(
      (old) => {
        const p = new URLSearchParams(old);
        const merged = { ...filters, page: 1, ...next };
        for (const [key, value] of [
          ['status', merged.status],
          ['flagged', merged.flagged ? 'true' : undefined],
          ['page', merged.page > 1 ? String(merged.page) : undefined],
        ] as const) {
          if (value) p.set(key, value);
          else p.delete(key);
        }
        return p;
      },
      // Filtering is not a place to go Back to.
      { replace: true },
    );
  return { filters, change };
}

/** The filters a link to another group keeps (not the page: that group has its own). */
export function filterQuery(filters: GridFilters): string {
  const p = new URLSearchParams();
  if (filters.status) p.set('status', filters.status);
  if (filters.flagged) p.set('flagged', 'true');
  const s = p.toString();
  return s ? `?${s}` : '';
}

export function GridFilterBar({
  filters,
  onChange,
}: {
  filters: GridFilters;
  onChange: (next: Partial<GridFilters>) => void;
}) {
  return (
    <Stack
      direction={{ xs: 'column', sm: 'row' }}
      spacing={2}
      sx={{ alignItems: { sm: 'center' } }}
    >
      <TextField
        select
        size="small"
        label="Status"
        value={filters.status ?? ''}
        onChange={(event) =>
          onChange({ status: MONITORING_STATUSES.find((s) => s === event.target.value) })
        }
        sx={{ minWidth: 200 }}
        // "All statuses" is a value like the others: shown, not an empty box under the label.
        slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
      >
        <MenuItem value="">All statuses</MenuItem>
        {MONITORING_STATUSES.map((s) => (
          <MenuItem key={s} value={s}>
            {MONITORING_STATUS[s].label}
          </MenuItem>
        ))}
      </TextField>
      <FormControlLabel
        control={
          <Switch
            checked={filters.flagged}
            onChange={(event) => onChange({ flagged: event.target.checked })}
          />
        }
        label="Flagged only"
      />
    </Stack>
  );
}

/** All groups, then each department with its number of learners; links, so Back works. */
export function GroupChips({
  assessment,
  groups,
  current,
  filters,
}: {
  assessment: number;
  groups: { id: number; name: string; learners: number }[];
  /** undefined: all groups. */
  current: number | undefined;
  filters: GridFilters;
}) {
  const query = filterQuery(filters);
  const total = groups.reduce((n, g) => n + g.learners, 0);
  const items = [
    {
      key: 'all',
      label: `All groups (${total})`,
      to: proctorGridUrl(assessment),
      on: current === undefined,
    },
    ...groups.map((g) => ({
      key: String(g.id),
      label: `${groupLabel(g)} (${g.learners})`,
      to: proctorGroupUrl(assessment, g.id),
      on: current === g.id,
    })),
  ];
  return (
    <Stack
      component="nav"
      aria-label="Groups"
      direction="row"
      useFlexGap
      spacing={1}
      sx={{ flexWrap: 'wrap' }}
    >
      {items.map((item) => (
        <Chip
          key={item.key}
          component={RouterLink}
          to={`${item.to}${query}`}
          clickable
          label={item.label}
          color={item.on ? 'primary' : 'default'}
          variant={item.on ? 'filled' : 'outlined'}
          aria-current={item.on ? 'page' : undefined}
        />
      ))}
    </Stack>
  );
}
