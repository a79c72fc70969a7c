import type { TUserRow } from '@atrium/contract';
import Autocomplete from '@mui/material/Autocomplete';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useDebouncedValue } from '../../../../shared/hooks/use-debounced-value.ts';
import { APPROVAL_MESSAGES, useStaffOptions } from '../../api/requests.api.ts';

/**
 * One active staff member of the organisation (superadmin, admin or trainer), searched on the
 * server by name, user name or e-mail. `exclude` leaves out who may not be picked (oneself as
 * one's own delegate).
 */
export function StaffPicker({
  label,
  value,
  onChange,
  exclude = [],
  error,
  helperText,
  enabled,
}: {
  label: string;
  value: TUserRow | null;
  onChange: (user: TUserRow | null) => void;
  exclude?: readonly number[];
  error?: boolean;
  helperText?: string;
  /** Searches only while the dialog is open. */
  enabled: boolean;
}) {
  const [search, setSearch] = useState('');
  const debounced = useDebouncedValue(search);
  const options = useStaffOptions(debounced, enabled);
  const rows = (options.data?.results ?? []).filter((u) => !exclude.includes(u.id));
  return (
    <Autocomplete
      options={rows}
      loading={options.isFetching}
      value={value}
      onChange={(_event, next) => onChange(next)}
      inputValue={search}
      // A pick puts the name in the box (reason 'reset'); searching for it still finds it.
      onInputChange={(_event, next) => setSearch(next)}
      // The server searches; the picker shows what it answered.
      filterOptions={(x) => x}
      getOptionLabel={(u) => u.fullname || u.username}
      isOptionEqualToValue={(a, b) => a.id === b.id}
      noOptionsText={options.isError ? APPROVAL_MESSAGES.staffFailed : 'No staff found'}
      renderOption={(props, u) => {
        const { key, ...rest } = props as typeof props & { key: string };
        return (
          <li key={key} {...rest}>
            <Stack sx={{ minWidth: 0 }}>
              <Typography variant="body2">{u.fullname || u.username}</Typography>
              <Typography variant="caption" sx={{ color: 'text.secondary' }} noWrap>
                {u.role.name} · {u.email}
              </Typography>
            </Stack>
          </li>
        );
      }}
      renderInput={(params) => (
        <TextField
          {...params}
          label={label}
          placeholder="Search by name or e-mail"
          error={error}
          helperText={helperText}
        />
      )}
    />
  );
}
