import { QUESTION_TYPES, type TQuestionStatus, type TQuestionType } from '@atrium/contract';
import SearchOutlined from '@mui/icons-material/SearchOutlined';
import InputAdornment from '@mui/material/InputAdornment';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useEffect, useState } from 'react';
import { useDebouncedValue } from '../../../shared/hooks/use-debounced-value.ts';
import { QUESTION_TYPE_LABELS } from './definition-model.ts';

/* The bank's filters. Typed ones (search, tag) reach the server once typing pauses. */

export interface BankFilters {
  search: string;
  tag: string;
  type: TQuestionType | '';
  status: TQuestionStatus;
}

export const NO_FILTERS: BankFilters = { search: '', tag: '', type: '', status: 'active' };

export function QuestionFilters({
  value,
  onChange,
}: {
  value: BankFilters;
  onChange: (next: BankFilters) => void;
}) {
  const [search, setSearch] = useState(value.search);
  const [tag, setTag] = useState(value.tag);
  const typedSearch = useDebouncedValue(search.trim(), 350);
  const typedTag = useDebouncedValue(tag.trim().toLowerCase(), 350);
  useEffect(() => {
    if (typedSearch !== value.search || typedTag !== value.tag)
      onChange({ ...value, search: typedSearch, tag: typedTag });
  }, [typedSearch, typedTag, value, onChange]);

  return (
    <Stack direction={{ xs: 'column', md: 'row' }} spacing={1.5} sx={{ mb: 2 }}>
      <TextField
        label="Search"
        placeholder="Title or question text"
        size="small"
        value={search}
        onChange={(e) => setSearch(e.target.value)}
        slotProps={{
          htmlInput: { maxLength: 100 },
          input: {
            startAdornment: (
              <InputAdornment position="start">
                <SearchOutlined fontSize="small" />
              </InputAdornment>
            ),
          },
        }}
        sx={{ flex: 2, minWidth: 0 }}
      />
      <TextField
        label="Tag"
        size="small"
        value={tag}
        onChange={(e) => setTag(e.target.value)}
        sx={{ flex: 1, minWidth: 0 }}
      />
      <TextField
        select
        label="Type"
        size="small"
        value={value.type}
        onChange={(e) => onChange({ ...value, type: e.target.value as TQuestionType | '' })}
        sx={{ flex: 1, minWidth: 160 }}
      >
        <MenuItem value="">All types</MenuItem>
        {QUESTION_TYPES.map((t) => (
          <MenuItem key={t} value={t}>
            {QUESTION_TYPE_LABELS[t]}
          </MenuItem>
        ))}
      </TextField>
      <TextField
        select
        label="Status"
        size="small"
        value={value.status}
        onChange={(e) => onChange({ ...value, status: e.target.value as TQuestionStatus })}
        sx={{ flex: 1, minWidth: 140 }}
      >
        <MenuItem value="active">Active</MenuItem>
        <MenuItem value="archived">Archived</MenuItem>
      </TextField>
    </Stack>
  );
}
