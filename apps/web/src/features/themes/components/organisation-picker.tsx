import type { TOrganisation } from '@atrium/contract';
import Autocomplete from '@mui/material/Autocomplete';
import TextField from '@mui/material/TextField';
import { useState } from 'react';
import { useDebouncedValue } from '../../../shared/hooks/use-debounced-value.ts';
import { useOrganisationList } from '../../organisations/index.ts';

/** A superadmin's choice of organisation, searched on the server (there may be many). */
export function OrganisationPicker({
  value,
  onChange,
}: {
  value: TOrganisation | null;
  onChange: (organisation: TOrganisation) => void;
}) {
  const [input, setInput] = useState('');
  const search = useDebouncedValue(input.trim());
  // While the field shows the chosen title, list everything rather than only that title.
  const query = value && input === value.title ? '' : search;
  const list = useOrganisationList({ search: query || undefined, page_size: 20 });
  return (
    <Autocomplete
      value={value}
      onChange={(_event, next) => next && onChange(next)}
      inputValue={input}
      onInputChange={(_event, next) => setInput(next)}
      options={list.data?.results ?? []}
      loading={list.isFetching}
      filterOptions={(options) => options}
      getOptionLabel={(organisation) => organisation.title}
      getOptionKey={(organisation) => organisation.id}
      isOptionEqualToValue={(a, b) => a.id === b.id}
      sx={{ width: { xs: '100%', sm: 320 } }}
      renderInput={(params) => <TextField {...params} label="Organisation" size="small" />}
    />
  );
}
