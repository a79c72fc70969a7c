import Autocomplete from '@mui/material/Autocomplete';
import TextField from '@mui/material/TextField';
import { useState } from 'react';
import { errorMessage } from '../../../shared/api/api-error.ts';
import { useDebouncedValue } from '../../../shared/hooks/use-debounced-value.ts';
import { useCourseOptions } from './picker-options.ts';

export type CourseRef = { id: number; title: string };

/** One course of the catalogue, searched by title on the server; empty means standalone. */
export function CoursePicker({
  value,
  onChange,
  label = 'Course',
  helperText,
  error,
  size,
  disabled,
}: {
  value: CourseRef | null;
  onChange: (course: CourseRef | null) => void;
  label?: string;
  helperText?: string;
  error?: string;
  size?: 'small' | 'medium';
  disabled?: boolean;
}) {
  const [search, setSearch] = useState('');
  const [open, setOpen] = useState(false);
  const options = useCourseOptions(useDebouncedValue(search), open);
  const found: CourseRef[] = (options.data?.results ?? []).map((c) => ({
    id: c.id,
    title: c.title,
  }));
  return (
    <Autocomplete
      open={open}
      onOpen={() => setOpen(true)}
      onClose={() => setOpen(false)}
      options={value && !found.some((c) => c.id === value.id) ? [value, ...found] : found}
      value={value}
      onChange={(_event, next) => onChange(next)}
      inputValue={search}
      onInputChange={(_event, next) => setSearch(next)}
      filterOptions={(x) => x}
      getOptionLabel={(c) => c.title}
      isOptionEqualToValue={(a, b) => a.id === b.id}
      loading={options.isFetching}
      noOptionsText={options.isError ? errorMessage(options.error) : 'No courses found'}
      size={size}
      disabled={disabled}
      renderInput={(params) => (
        <TextField
          {...params}
          label={label}
          error={Boolean(error)}
          helperText={error ?? helperText}
        />
      )}
    />
  );
}
