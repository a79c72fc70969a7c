import { EVENT_STATUSES, type TEventStatus } from '@atrium/contract';
import SearchOutlined from '@mui/icons-material/SearchOutlined';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import InputAdornment from '@mui/material/InputAdornment';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import { useEffect, useState } from 'react';
import { useDebouncedValue } from '../../../shared/hooks/use-debounced-value.ts';
import { useEventTypes } from '../api/event-types.api.ts';
import { EVENT_STATUS } from '../labels.ts';

export interface EventFilterState {
  search: string;
  when: 'upcoming' | 'past' | 'all';
  mine: boolean;
  type: number | null;
  status: '' | TEventStatus;
}

export const NO_FILTERS: EventFilterState = {
  search: '',
  when: 'upcoming',
  mine: false,
  type: null,
  status: '',
};

/** Search (debounced), upcoming or past, only mine, type and, for staff, status. */
export function EventFilters({
  state,
  onChange,
  showStatus,
}: {
  state: EventFilterState;
  onChange: (changes: Partial<EventFilterState>) => void;
  showStatus: boolean;
}) {
  const types = useEventTypes();
  const [search, setSearch] = useState(state.search);
  const debounced = useDebouncedValue(search);
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the typing settles, not on every state change
  useEffect(() => {
    if (debounced.trim() !== state.search.trim()) onChange({ search: debounced.trim() });
  }, [debounced]);
  useEffect(() => {
    setSearch((current) => (current.trim() === state.search ? current : state.search));
  }, [state.search]);
  const filtered =
    state.search !== '' ||
    state.when !== NO_FILTERS.when ||
    state.mine ||
    state.type !== null ||
    state.status !== '';
  const select = { select: true, size: 'small', sx: { minWidth: 150 } } as const;

  return (
    <Stack
      direction={{ xs: 'column', md: 'row' }}
      spacing={1.5}
      useFlexGap
      sx={{ flexWrap: 'wrap', alignItems: { md: 'center' } }}
    >
      <TextField
        size="small"
        type="search"
        label="Search events"
        value={search}
        onChange={(event) => setSearch(event.target.value)}
        sx={{ flex: 1, minWidth: 200 }}
        slotProps={{
          input: {
            startAdornment: (
              <InputAdornment position="start">
                <SearchOutlined fontSize="small" />
              </InputAdornment>
            ),
          },
          htmlInput: { maxLength: 200 },
        }}
      />
      <TextField
        {...select}
        label="When"
        value={state.when}
        onChange={(event) => onChange({ when: event.target.value as EventFilterState['when'] })}
      >
        <MenuItem value="upcoming">Upcoming</MenuItem>
        <MenuItem value="past">Past</MenuItem>
        <MenuItem value="all">Any time</MenuItem>
      </TextField>
      <TextField
        {...select}
        label="Type"
        value={state.type ?? ''}
        onChange={(event) =>
          onChange({ type: event.target.value === '' ? null : Number(event.target.value) })
        }
        slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
      >
        <MenuItem value="">Any type</MenuItem>
        {types.data?.map((t) => (
          <MenuItem key={t.id} value={t.id}>
            {t.name}
          </MenuItem>
        ))}
      </TextField>
      {showStatus && (
        <TextField
          {...select}
          label="Status"
          value={state.status}
          onChange={(event) =>
            onChange({ status: event.target.value as EventFilterState['status'] })
          }
          slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
        >
          <MenuItem value="">Any status</MenuItem>
          {EVENT_STATUSES.map((s) => (
            <MenuItem key={s} value={s}>
              {EVENT_STATUS[s].label}
            </MenuItem>
          ))}
        </TextField>
      )}
      <FormControlLabel
        control={<Switch checked={state.mine} onChange={(_e, mine) => onChange({ mine })} />}
        label="Enrolled"
        sx={{ mr: 0 }}
      />
      {filtered && (
        <Button color="inherit" onClick={() => onChange(NO_FILTERS)} sx={{ flexShrink: 0 }}>
          Clear filters
        </Button>
      )}
    </Stack>
  );
}
