import Autocomplete from '@mui/material/Autocomplete';
import Checkbox from '@mui/material/Checkbox';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useDebouncedValue } from '../../../shared/hooks/use-debounced-value.ts';
import { usePeopleOptions } from '../api/schedules.api.ts';

export interface Person {
  id: number;
  name: string;
  email?: string;
}

/** The roles a schedule may mail (the organisation's role ids). */
export const SCHEDULE_ROLES: { id: number; label: string }[] = [
  { id: 2, label: 'Admins' },
  { id: 3, label: 'Trainers' },
  { id: 4, label: 'Learners' },
  { id: 5, label: 'Hiring managers' },
];

/**
 * Who receives a scheduled report: people searched on the server by name or e-mail (chips), and
 * whole roles. Each gets the report with their own visibility, which the helper text says.
 */
export function ScheduleRecipients({
  users,
  roles,
  onUsers,
  onRoles,
  usersError,
  rolesError,
  enabled,
}: {
  users: Person[];
  roles: number[];
  onUsers: (next: Person[]) => void;
  onRoles: (next: number[]) => void;
  usersError?: string;
  rolesError?: string;
  /** Searches only while the dialog is open. */
  enabled: boolean;
}) {
  const [search, setSearch] = useState('');
  const debounced = useDebouncedValue(search);
  const options = usePeopleOptions(debounced, enabled);
  const toggle = (id: number, on: boolean) =>
    onRoles(on ? [...roles, id].sort() : roles.filter((r) => r !== id));
  return (
    <Stack spacing={1.5}>
      <Autocomplete
        multiple
        options={options.data ?? []}
        loading={options.isFetching}
        value={users}
        onChange={(_event, next) => onUsers(next)}
        inputValue={search}
        onInputChange={(_event, next, reason) => {
          // Keep the typed search after a pick in a multiple picker ('reset' clears it).
          if (reason !== 'reset') setSearch(next);
        }}
        filterOptions={(x) => x}
        getOptionLabel={(p) => p.name}
        isOptionEqualToValue={(a, b) => a.id === b.id}
        noOptionsText={options.isError ? 'People could not be loaded.' : 'No one found'}
        renderOption={(props, p) => {
          const { key, ...rest } = props as typeof props & { key: string };
          return (
            <li key={key} {...rest}>
              <Stack sx={{ minWidth: 0 }}>
                <Typography variant="body2">{p.name}</Typography>
                {p.email && (
                  <Typography variant="caption" sx={{ color: 'text.secondary' }} noWrap>
                    {p.email}
                  </Typography>
                )}
              </Stack>
            </li>
          );
        }}
        renderInput={(params) => (
          <TextField
            {...params}
            label="People"
            placeholder="Search by name or e-mail"
            error={Boolean(usersError)}
            helperText={usersError}
          />
        )}
      />
      <FormControl component="fieldset" error={Boolean(rolesError)}>
        <FormLabel component="legend">Everyone with the role</FormLabel>
        <FormGroup row>
          {SCHEDULE_ROLES.map((r) => (
            <FormControlLabel
              key={r.id}
              control={
                <Checkbox
                  checked={roles.includes(r.id)}
                  onChange={(e) => toggle(r.id, e.target.checked)}
                />
              }
              label={r.label}
            />
          ))}
        </FormGroup>
        <FormHelperText>
          {rolesError ??
            'Each recipient gets the figures they may see themselves; learners only their own, and no staff-only report.'}
        </FormHelperText>
      </FormControl>
    </Stack>
  );
}
