import type { TCourse } from '@atrium/contract';
import Autocomplete from '@mui/material/Autocomplete';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { errorMessage } from '../../../../shared/api/api-error.ts';
import { useDebouncedValue } from '../../../../shared/hooks/use-debounced-value.ts';
import { useCourseOptions } from '../../api/paths.api.ts';
import { formatMinutes } from '../../path-labels.ts';
import type { CourseRef } from '../../structure/structure-model.ts';

/**
 * Finds a course of the organisation by title (the server searches) and adds it at the end of
 * the path. Courses of other organisations in the shared catalogue are left out: a path may only
 * hold its own organisation's courses, and those already in it are not offered twice.
 */
export function AddCourseField({
  organisationId,
  taken,
  onAdd,
  disabled,
}: {
  organisationId: number;
  taken: readonly number[];
  onAdd: (course: CourseRef) => void;
  disabled?: boolean;
}) {
  const [search, setSearch] = useState('');
  const [open, setOpen] = useState(false);
  const debounced = useDebouncedValue(search);
  const options = useCourseOptions(debounced, open && !disabled);
  const courses = (options.data?.results ?? []).filter(
    (c) => c.organization === organisationId && !taken.includes(c.id),
  );
  return (
    <Autocomplete<TCourse>
      open={open}
      onOpen={() => setOpen(true)}
      onClose={() => setOpen(false)}
      disabled={disabled}
      options={courses}
      loading={options.isFetching}
      value={null}
      inputValue={search}
      onInputChange={(_event, next, reason) => {
        if (reason !== 'reset') setSearch(next);
      }}
      onChange={(_event, course) => {
        if (!course) return;
        onAdd({
          id: course.id,
          title: course.title,
          status: course.status,
          image: course.image,
          duration: course.duration,
        });
        setSearch('');
      }}
      // The server searches; the picker shows what it answered.
      filterOptions={(x) => x}
      getOptionLabel={(c) => c.title}
      isOptionEqualToValue={(a, b) => a.id === b.id}
      noOptionsText={
        options.isError ? errorMessage(options.error) : 'No more courses match this search'
      }
      renderOption={(props, c) => {
        const { key, ...rest } = props as typeof props & { key: string };
        const duration = formatMinutes(c.duration);
        return (
          <li key={key} {...rest}>
            <Stack sx={{ minWidth: 0 }}>
              <Typography variant="body2">{c.title}</Typography>
              <Typography variant="caption" sx={{ color: 'text.secondary' }} noWrap>
                {c.status === 'published' ? 'Published' : `Not published (${c.status})`}
                {duration ? ` · ${duration}` : ''}
                {c.category ? ` · ${c.category.name}` : ''}
              </Typography>
            </Stack>
          </li>
        );
      }}
      renderInput={(params) => (
        <TextField
          {...params}
          size="small"
          label="Add a course"
          placeholder="Search the organisation's courses"
        />
      )}
    />
  );
}
