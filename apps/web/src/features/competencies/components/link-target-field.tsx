import type { TCompetencyLinkTarget } from '@atrium/contract';
import Autocomplete from '@mui/material/Autocomplete';
import TextField from '@mui/material/TextField';
import { useDeferredValue, useState } from 'react';
import { type Pick, type PickKind, usePickSearch } from '../../../shared/api/pick-search.ts';
import { TARGET_LABELS } from '../labels.ts';

const SEARCH: Record<TCompetencyLinkTarget, PickKind> = {
  course: 'courses',
  assessment: 'assessments',
  classroom_topic: 'classroom_topics',
};

/**
 * The course, assessment or classroom topic a link is for, found by its title through that
 * slice's own list (searched on the server as one types; nothing is fetched until it opens).
 */
export function LinkTargetField({
  type,
  value,
  onChange,
  error,
}: {
  type: TCompetencyLinkTarget;
  value: Pick | null;
  onChange: (value: Pick | null) => void;
  error?: string;
}) {
  const [open, setOpen] = useState(false);
  const [text, setText] = useState('');
  const deferred = useDeferredValue(text);
  const options = usePickSearch(SEARCH[type], deferred, open);
  return (
    <Autocomplete
      size="small"
      sx={{ flex: 1, minWidth: 0 }}
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
      noOptionsText={
        options.isError
          ? 'Could not search.'
          : deferred.trim()
            ? 'Nothing found.'
            : 'Type to search.'
      }
      renderInput={(params) => (
        <TextField
          {...params}
          label={TARGET_LABELS[type]}
          error={Boolean(error)}
          helperText={error ?? 'Type part of the title.'}
        />
      )}
    />
  );
}
