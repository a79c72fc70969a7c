import { COURSE_LEVELS, COURSE_ORDERINGS, COURSE_STATUSES } from '@atrium/contract';
import SearchOutlined from '@mui/icons-material/SearchOutlined';
import Button from '@mui/material/Button';
import InputAdornment from '@mui/material/InputAdornment';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { type ChangeEvent, useEffect, useState } from 'react';
import { useDebouncedValue } from '../../../../shared/hooks/use-debounced-value.ts';
import { useCategoryOptions } from '../../api/courses.api.ts';
import {
  type CatalogueState,
  isFiltered,
  LEVEL_LABELS,
  ORDERING_LABELS,
  STATUS_LABELS,
} from '../../catalogue-query.ts';

type Texts = Pick<CatalogueState, 'search' | 'language' | 'tag'>;

/**
 * Search and filters of a course list. The typed fields are debounced, so the server is asked
 * once per pause in typing; the selects apply at once.
 */
export function CourseFilters({
  state,
  onChange,
  staff,
  hideCategory = false,
}: {
  state: CatalogueState;
  onChange: (changes: Partial<CatalogueState>) => void;
  /** Staff may also filter by status. */
  staff: boolean;
  /** On a category's own page the category is fixed. */
  hideCategory?: boolean;
}) {
  const categories = useCategoryOptions();
  const [texts, setTexts] = useState<Texts>({
    search: state.search,
    language: state.language,
    tag: state.tag,
  });
  const debounced = useDebouncedValue(texts);
  // Only a settled edit is applied; URL changes reach the boxes through the effect below.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the typing settles, not on every state change
  useEffect(() => {
    const changed = (Object.keys(debounced) as (keyof Texts)[]).filter(
      (key) => debounced[key].trim() !== state[key].trim(),
    );
    if (changed.length > 0) onChange(Object.fromEntries(changed.map((k) => [k, debounced[k]])));
  }, [debounced]);
  // Back/forward or "Clear" change the URL: the boxes follow it.
  useEffect(() => {
    setTexts((current) =>
      current.search.trim() === state.search &&
      current.language.trim() === state.language &&
      current.tag.trim() === state.tag
        ? current
        : { search: state.search, language: state.language, tag: state.tag },
    );
  }, [state.search, state.language, state.tag]);

  const text = (key: keyof Texts) => ({
    value: texts[key],
    onChange: (event: ChangeEvent<HTMLInputElement>) =>
      setTexts((current) => ({ ...current, [key]: event.target.value })),
  });
  const select = { select: true, size: 'small', sx: { minWidth: 150 } } as const;

  return (
    <Stack spacing={1.5}>
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={1.5}>
        <TextField
          size="small"
          label="Search courses"
          placeholder="Title"
          type="search"
          sx={{ flex: 1 }}
          {...text('search')}
          slotProps={{
            input: {
              startAdornment: (
                <InputAdornment position="start">
                  <SearchOutlined fontSize="small" />
                </InputAdornment>
              ),
            },
            htmlInput: { maxLength: 100 },
          }}
        />
        <TextField
          {...select}
          label="Sort by"
          value={state.ordering}
          onChange={(event) =>
            onChange({ ordering: event.target.value as CatalogueState['ordering'] })
          }
        >
          {COURSE_ORDERINGS.map((o) => (
            <MenuItem key={o} value={o}>
              {ORDERING_LABELS[o]}
            </MenuItem>
          ))}
        </TextField>
      </Stack>
      <Stack
        direction="row"
        spacing={1.5}
        useFlexGap
        sx={{ flexWrap: 'wrap', '& > *': { flex: { xs: '1 1 140px', md: '0 1 auto' } } }}
      >
        {!hideCategory && (
          <TextField
            {...select}
            label="Category"
            value={state.category ?? ''}
            onChange={(event) =>
              onChange({ category: event.target.value === '' ? null : Number(event.target.value) })
            }
          >
            <MenuItem value="">Any category</MenuItem>
            {categories.data?.results.map((c) => (
              <MenuItem key={c.id} value={c.id}>
                {c.name}
              </MenuItem>
            ))}
          </TextField>
        )}
        <TextField
          {...select}
          label="Level"
          value={state.level}
          onChange={(event) => onChange({ level: event.target.value as CatalogueState['level'] })}
        >
          <MenuItem value="">Any level</MenuItem>
          {COURSE_LEVELS.map((l) => (
            <MenuItem key={l} value={l}>
              {LEVEL_LABELS[l]}
            </MenuItem>
          ))}
        </TextField>
        {staff && (
          <TextField
            {...select}
            label="Status"
            value={state.status}
            onChange={(event) =>
              onChange({ status: event.target.value as CatalogueState['status'] })
            }
          >
            <MenuItem value="">Any status</MenuItem>
            {COURSE_STATUSES.map((s) => (
              <MenuItem key={s} value={s}>
                {STATUS_LABELS[s].label}
              </MenuItem>
            ))}
          </TextField>
        )}
        <TextField
          size="small"
          label="Language"
          placeholder="e.g. en"
          sx={{ width: { md: 120 } }}
          {...text('language')}
          slotProps={{ htmlInput: { maxLength: 10 } }}
        />
        <TextField
          size="small"
          label="Tag"
          sx={{ width: { md: 150 } }}
          {...text('tag')}
          slotProps={{ htmlInput: { maxLength: 40 } }}
        />
        {isFiltered(state) && (
          <Button
            color="inherit"
            onClick={() =>
              onChange({ search: '', category: null, level: '', language: '', tag: '', status: '' })
            }
            sx={{ flex: '0 0 auto !important' }}
          >
            Clear filters
          </Button>
        )}
      </Stack>
    </Stack>
  );
}
