import Autocomplete from '@mui/material/Autocomplete';
import TextField from '@mui/material/TextField';
import { useDeferredValue, useState } from 'react';
import { type Pick, type PickKind, usePickSearch } from '../../api/badges.api.ts';

/**
 * Several items of one kind (courses, paths, assessments, people), searched as one types through
 * that kind's own list. Ids already chosen whose titles are not known (a saved badge) show as
 * "#id" until a search brings them.
 */
export function PickField({
  kind,
  label,
  value,
  onChange,
  error,
}: {
  kind: PickKind;
  label: string;
  value: Pick[];
  onChange: (value: Pick[]) => void;
  error?: string;
}) {
  const [open, setOpen] = useState(false);
  const [text, setText] = useState('');
  const deferred = useDeferredValue(text);
  const options = usePickSearch(kind, deferred, open);
  return (
    <Autocomplete
      multiple
      open={open}
      onOpen={() => setOpen(true)}
      onClose={() => setOpen(false)}
      options={options.data ?? []}
      loading={options.isFetching}
      value={value}
      onChange={(_e, next) => onChange(next)}
      inputValue={text}
      onInputChange={(_e, next) => setText(next)}
      filterOptions={(o) => o}
      isOptionEqualToValue={(a, b) => a.id === b.id}
      getOptionLabel={(o) => o.title}
      noOptionsText={options.isError ? 'Could not search.' : 'Nothing found.'}
      renderInput={(params) => (
        <TextField {...params} label={label} error={Boolean(error)} helperText={error} />
      )}
    />
  );
}

/** Ids of a saved badge as picks with placeholder titles. */
export const picksOf = (ids: readonly number[]): Pick[] =>
  ids.map((id) => ({ id, title: `#${id}` }));
