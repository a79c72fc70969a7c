import type { TCertificateKind } from '@atrium/contract';
import Autocomplete from '@mui/material/Autocomplete';
import TextField from '@mui/material/TextField';
import { useDeferredValue, useState } from 'react';
import { type Pick, type PickKind, usePickSearch } from '../../../shared/api/pick-search.ts';
import { KIND_LABEL } from '../labels.ts';

const SEARCH: Record<TCertificateKind, PickKind> = {
  course: 'courses',
  learning_path: 'learning_paths',
  assessment: 'assessments',
  classroom: 'classrooms',
};

/** The course, path, assessment or classroom a template is for, found by its title. */
export function AchievementField({
  kind,
  value,
  onChange,
}: {
  kind: TCertificateKind;
  value: Pick | null;
  onChange: (value: Pick | null) => void;
}) {
  const [open, setOpen] = useState(false);
  const [text, setText] = useState('');
  const deferred = useDeferredValue(text);
  const options = usePickSearch(SEARCH[kind], deferred, open);
  return (
    <Autocomplete
      open={open}
      onOpen={() => setOpen(true)}
      onClose={() => setOpen(false)}
      options={options.data ?? []}
      loading={options.isFetching}
      value={value}
      onChange={(_e, next) => onChange(next)}
      inputValue={text}
      onInputChange={(_e, next) => setText(next)}
      // The list is searched on the server: show what it returned, as it is.
      filterOptions={(all) => all}
      getOptionLabel={(o) => o.title}
      isOptionEqualToValue={(a, b) => a.id === b.id}
      noOptionsText={deferred.trim() ? 'Nothing found.' : 'Type to search.'}
      sx={{ minWidth: 260 }}
      renderInput={(params) => <TextField {...params} label={KIND_LABEL[kind]} />}
    />
  );
}
