import { LEARNING_PATH_STATUSES } from '@atrium/contract';
import SearchOutlined from '@mui/icons-material/SearchOutlined';
import Button from '@mui/material/Button';
import InputAdornment from '@mui/material/InputAdornment';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useEffect, useState } from 'react';
import { useDebouncedValue } from '../../../../shared/hooks/use-debounced-value.ts';
import { useCategoryOptions } from '../../api/paths.api.ts';
import { PATH_STATUS } from '../../path-labels.ts';
import type { PathListState } from './use-path-list-state.ts';

/** Search (debounced: one request per pause in typing), category and, when managing, status. */
export function PathFilters({
  state,
  onChange,
  showStatus,
}: {
  state: PathListState;
  onChange: (changes: Partial<PathListState>) => void;
  showStatus: boolean;
}) {
  const categories = useCategoryOptions();
  const [search, setSearch] = useState(state.search);
  const debounced = useDebouncedValue(search);
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the typing settles, not on every state change
  useEffect(() => {
    if (debounced.trim() !== state.search.trim()) onChange({ search: debounced });
  }, [debounced]);
  // Back/forward or "Clear" change the URL: the box follows it.
  useEffect(() => {
    setSearch((current) => (current.trim() === state.search ? current : state.search));
  }, [state.search]);
  const filtered = state.search !== '' || state.category !== null || state.status !== '';
  const select = { select: true, size: 'small', sx: { minWidth: 170 } } as const;

  return (
    <Stack direction={{ xs: 'column', md: 'row' }} spacing={1.5}>
      <TextField
        size="small"
        type="search"
        label="Search learning paths"
        value={search}
        onChange={(event) => setSearch(event.target.value)}
        sx={{ flex: 1 }}
        slotProps={{
          input: {
            startAdornment: (
              <InputAdornment position="start">
                <SearchOutlined fontSize="small" />
              </InputAdornment>
            ),
          },
          htmlInput: { maxLength: 100 },
        }}
      />
      <TextField
        {...select}
        label="Category"
        value={state.category ?? ''}
        onChange={(event) =>
          onChange({ category: event.target.value === '' ? null : Number(event.target.value) })
        }
        slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
      >
        <MenuItem value="">Any category</MenuItem>
        {categories.data?.results.map((c) => (
          <MenuItem key={c.id} value={c.id}>
            {c.name}
          </MenuItem>
        ))}
      </TextField>
      {showStatus && (
        <TextField
          {...select}
          label="Status"
          value={state.status}
          onChange={(event) => onChange({ status: event.target.value as PathListState['status'] })}
          slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
        >
          <MenuItem value="">Any status</MenuItem>
          {LEARNING_PATH_STATUSES.map((s) => (
            <MenuItem key={s} value={s}>
              {PATH_STATUS[s].label}
            </MenuItem>
          ))}
        </TextField>
      )}
      {filtered && (
        <Button
          color="inherit"
          onClick={() => onChange({ search: '', category: null, status: '' })}
          sx={{ flexShrink: 0 }}
        >
          Clear filters
        </Button>
      )}
    </Stack>
  );
}
