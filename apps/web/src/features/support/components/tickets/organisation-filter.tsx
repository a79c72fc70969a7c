import type { TOrganisation } from '@atrium/contract';
import Autocomplete from '@mui/material/Autocomplete';
import TextField from '@mui/material/TextField';
import { useState } from 'react';
import { useDebouncedValue } from '../../../../shared/hooks/use-debounced-value.ts';
import { useOrganisationList } from '../../../organisations/index.ts';

/** The superadmin's queue filter: one organisation, searched on the server, or all (cleared). */
export function OrganisationFilter({ onChange }: { onChange: (id: string) => void }) {
  const [value, setValue] = useState<TOrganisation | null>(null);
  const [input, setInput] = useState('');
  const search = useDebouncedValue(input.trim());
  const query = value && input === value.title ? '' : search;
  const list = useOrganisationList({ search: query || undefined, page_size: 20 });
  return (
    <Autocomplete
      value={value}
      onChange={(_event, next) => {
        setValue(next);
        onChange(next ? String(next.id) : '');
      }}
      inputValue={input}
      onInputChange={(_event, next) => setInput(next)}
      options={list.data?.results ?? []}
      loading={list.isFetching}
      filterOptions={(options) => options}
      getOptionLabel={(organisation) => organisation.title}
      getOptionKey={(organisation) => organisation.id}
      isOptionEqualToValue={(a, b) => a.id === b.id}
      sx={{ width: { xs: '100%', sm: 260 } }}
      renderInput={(params) => (
        <TextField {...params} label="Organisation" placeholder="All organisations" size="small" />
      )}
    />
  );
}
