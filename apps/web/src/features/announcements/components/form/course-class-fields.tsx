import Autocomplete from '@mui/material/Autocomplete';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useDebouncedValue } from '../../../../shared/hooks/use-debounced-value.ts';
import { useClassOptions, useCourseOptions } from '../../api/options.api.ts';

type Course = { id: number; title: string };
type Class = { id: number; name: string; classroom?: string };

/** Asks the server once the typing settles; the list loads when the field is first opened. */
function useSearch() {
  const [open, setOpen] = useState(false);
  const [input, setInput] = useState('');
  const search = useDebouncedValue(input.trim());
  return { open, setOpen, input, setInput, search };
}

/** An optional course: its enrolled learners join the audience. Found by typing its title. */
export function CourseField({
  value,
  onChange,
  disabled,
  error,
}: {
  value: Course | null;
  onChange: (course: Course | null) => void;
  disabled: boolean;
  error?: string;
}) {
  const s = useSearch();
  // Once picked, the input shows the title: that is no search.
  const search = value && s.search === value.title ? '' : s.search;
  const options = useCourseOptions(search, s.open && !disabled);
  return (
    <Autocomplete<Course>
      value={value}
      onChange={(_e, picked) => onChange(picked)}
      inputValue={s.input}
      onInputChange={(_e, text) => s.setInput(text)}
      open={s.open}
      onOpen={() => s.setOpen(true)}
      onClose={() => s.setOpen(false)}
      options={options.data ?? []}
      loading={options.isFetching}
      filterOptions={(x) => x}
      getOptionLabel={(c) => c.title}
      isOptionEqualToValue={(a, b) => a.id === b.id}
      disabled={disabled}
      noOptionsText={search ? 'No course has that title.' : 'Type part of a course title.'}
      renderInput={(params) => (
        <TextField
          {...params}
          label="Course (optional)"
          error={error !== undefined}
          helperText={error ?? 'Its enrolled learners.'}
        />
      )}
    />
  );
}

/** An optional classroom class: its booked and attending learners join the audience. */
export function ClassField({
  value,
  onChange,
  disabled,
  error,
}: {
  value: Class | null;
  onChange: (picked: { id: number; name: string } | null) => void;
  disabled: boolean;
  error?: string;
}) {
  const s = useSearch();
  const search = value && s.search === value.name ? '' : s.search;
  const options = useClassOptions(search, s.open && !disabled);
  return (
    <Autocomplete<Class>
      value={value}
      onChange={(_e, picked) => onChange(picked ? { id: picked.id, name: picked.name } : null)}
      inputValue={s.input}
      onInputChange={(_e, text) => s.setInput(text)}
      open={s.open}
      onOpen={() => s.setOpen(true)}
      onClose={() => s.setOpen(false)}
      options={options.data ?? []}
      loading={options.isFetching}
      filterOptions={(x) => x}
      getOptionLabel={(c) => c.name}
      renderOption={({ key, ...props }, c) => (
        <li key={key} {...props}>
          <span>
            {c.name}
            {c.classroom && (
              <Typography component="span" variant="body2" sx={{ color: 'text.secondary' }}>
                {` · ${c.classroom}`}
              </Typography>
            )}
          </span>
        </li>
      )}
      isOptionEqualToValue={(a, b) => a.id === b.id}
      disabled={disabled}
      noOptionsText={search ? 'No class has that name.' : 'Type part of a class name.'}
      renderInput={(params) => (
        <TextField
          {...params}
          label="Classroom class (optional)"
          error={error !== undefined}
          helperText={error ?? 'Its learners booked or attending.'}
        />
      )}
    />
  );
}
