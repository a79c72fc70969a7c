import Autocomplete from '@mui/material/Autocomplete';
import TextField from '@mui/material/TextField';
import { useState } from 'react';
import { useDebouncedValue } from '../../../shared/hooks/use-debounced-value.ts';
import { usePeopleOptions } from '../api/competencies.api.ts';

export type Person = { id: number; title: string };

/**
 * One member of the organisation, searched by name or email through the users list as one types
 * (asked once typing pauses, and only once the list has been opened).
 */
export function PersonField({
  label,
  value,
  onChange,
  error,
  helperText,
  required,
  disabled,
}: {
  label: string;
  value: Person | null;
  onChange: (person: Person | null) => void;
  error?: string;
  helperText?: string;
  required?: boolean;
  disabled?: boolean;
}) {
  const [text, setText] = useState('');
  const [search, setSearch] = useState('');
  const [searching, setSearching] = useState(false);
  const people = usePeopleOptions(useDebouncedValue(search), searching);
  return (
    <Autocomplete
      options={people.data ?? []}
      value={value}
      onChange={(_e, next) => onChange(next)}
      inputValue={text}
      onInputChange={(_e, next, reason) => {
        setText(next);
        // Choosing a member puts their label in the box: that is not a new search.
        if (reason !== 'reset') setSearch(next);
      }}
      onOpen={() => setSearching(true)}
      loading={people.isFetching}
      disabled={disabled}
      filterOptions={(o) => o}
      isOptionEqualToValue={(a, b) => a.id === b.id}
      getOptionLabel={(o) => o.title}
      noOptionsText={people.isError ? 'Could not search members.' : 'No member found.'}
      renderInput={(params) => (
        <TextField
          {...params}
          label={label}
          required={required}
          error={Boolean(error)}
          helperText={error ?? helperText}
        />
      )}
    />
  );
}
