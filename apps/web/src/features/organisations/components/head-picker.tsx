import Autocomplete from '@mui/material/Autocomplete';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { type Ref, useState } from 'react';
import { errorMessage } from '../../../shared/api/api-error.ts';
import { useDebouncedValue } from '../../../shared/hooks/use-debounced-value.ts';
import { MESSAGES } from '../../../shared/notify/messages.ts';
import { useHeadCandidates } from '../api/structure.api.ts';

export interface HeadOption {
  id: number;
  fullname: string;
  /** Known for the users the search found; the current head arrives without it. */
  email?: string;
}

/**
 * One active user of the organisation, searched on the server as the user types; the list loads
 * only once it is opened. Emptying the text or the clear button leaves the department without a
 * head.
 */
export function HeadPicker({
  organisationId,
  value,
  onChange,
  onBlur,
  inputRef,
  error,
}: {
  organisationId: number;
  value: HeadOption | null;
  onChange: (next: HeadOption | null) => void;
  onBlur?: () => void;
  inputRef?: Ref<HTMLInputElement>;
  error?: string;
}) {
  const [open, setOpen] = useState(false);
  const [search, setSearch] = useState('');
  const debounced = useDebouncedValue(search);
  const candidates = useHeadCandidates(organisationId, debounced, open);
  const found: HeadOption[] = (candidates.data?.results ?? []).map((u) => ({
    id: u.id,
    fullname: u.fullname || u.username,
    email: u.email,
  }));
  // The current head stays an option, so the field can show it whatever the search found.
  const options = value && !found.some((u) => u.id === value.id) ? [value, ...found] : found;

  return (
    <Autocomplete
      open={open}
      onOpen={() => setOpen(true)}
      onClose={() => setOpen(false)}
      options={options}
      value={value}
      onChange={(_event, next) => onChange(next)}
      onInputChange={(_event, text, reason) => {
        // Typing searches; choosing an option puts its name in the box, which is no search.
        setSearch(reason === 'input' ? text : '');
      }}
      onBlur={onBlur}
      // The server searches; the picker shows what it answered.
      filterOptions={(x) => x}
      getOptionLabel={(u) => u.fullname}
      isOptionEqualToValue={(a, b) => a.id === b.id}
      loading={candidates.isFetching}
      noOptionsText={
        candidates.isError
          ? errorMessage(candidates.error, MESSAGES.listFailed)
          : 'No active users found'
      }
      renderOption={(props, u) => {
        const { key, ...rest } = props as typeof props & { key: string };
        return (
          <li key={key} {...rest}>
            <Stack sx={{ minWidth: 0 }}>
              <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
                {u.fullname}
              </Typography>
              {u.email && (
                <Typography variant="caption" sx={{ color: 'text.secondary' }} noWrap>
                  {u.email}
                </Typography>
              )}
            </Stack>
          </li>
        );
      }}
      renderInput={(params) => (
        <TextField
          {...params}
          inputRef={inputRef}
          label="Department head"
          placeholder="Search by name or e-mail"
          error={Boolean(error)}
          helperText={
            error ?? "Approves requests for the department's members. Leave empty for none."
          }
        />
      )}
    />
  );
}
