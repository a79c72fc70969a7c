import {
  DISCUSSION_FILTERS,
  DISCUSSION_ORDERINGS,
  DISCUSSION_SCOPES,
  type TDiscussionScopeOption,
  type TDiscussionType,
} from '@atrium/contract';
import Chip from '@mui/material/Chip';
import ListSubheader from '@mui/material/ListSubheader';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { SearchField } from '../../../../shared/ui/search-field.tsx';
import { scopeKey } from '../../discussion-format.ts';
import { FILTER_LABEL, ORDERING_LABEL, SCOPE_GROUP_LABEL } from '../../labels.ts';

export type DiscussionFilter = (typeof DISCUSSION_FILTERS)[number];
export type DiscussionOrdering = (typeof DISCUSSION_ORDERINGS)[number];

export interface FilterValues {
  search: string;
  /** A type id, or '' for every type. */
  type: number | '';
  /** A scope key ('organisation', 'course', 'course:12'), or '' for everywhere. */
  scope: string;
  filter: DiscussionFilter;
  ordering: DiscussionOrdering;
}

const selectSx = { flex: { xs: '1 1 100%', sm: '1 1 180px' }, minWidth: 0 };
/** "All types" and "Everywhere" show as values, not as an empty box. */
const showEmpty = { select: { displayEmpty: true }, inputLabel: { shrink: true } } as const;

/** The scope filter's options: everywhere, the organisation, then each kind and its places. */
function scopeItems(options: readonly TDiscussionScopeOption[]) {
  return DISCUSSION_SCOPES.flatMap((scope) => {
    if (scope === 'organisation') {
      return [
        <MenuItem key="organisation" value="organisation">
          Whole organisation
        </MenuItem>,
      ];
    }
    const places = options.filter((o) => o.scope === scope && o.id !== null);
    if (places.length === 0) return [];
    const group = SCOPE_GROUP_LABEL[scope];
    return [
      <ListSubheader key={`${scope}-head`}>{group}</ListSubheader>,
      <MenuItem key={scope} value={scope}>
        All {group.toLowerCase()}
      </MenuItem>,
      ...places.map((o) => (
        <MenuItem key={scopeKey(o)} value={scopeKey(o)}>
          {o.name}
        </MenuItem>
      )),
    ];
  });
}

/** Search, the quick filters (chips), type, place and order of the topic list. */
export function DiscussionFilters({
  value,
  onChange,
  types,
  scopes,
}: {
  value: FilterValues;
  onChange: (next: Partial<FilterValues>) => void;
  types: readonly TDiscussionType[];
  scopes: readonly TDiscussionScopeOption[];
}) {
  // Only what the select offers (the places come with the scopes' answer).
  const offered = new Set(['', 'organisation']);
  for (const o of scopes) {
    if (o.id === null) continue;
    offered.add(o.scope);
    offered.add(scopeKey(o));
  }
  return (
    <Stack spacing={1.5}>
      <SearchField
        label="Search discussions"
        fullWidth
        value={value.search}
        onChange={(search) => onChange({ search })}
      />
      <Stack
        direction="row"
        spacing={1}
        useFlexGap
        sx={{ flexWrap: 'wrap' }}
        role="group"
        aria-label="Show"
      >
        {DISCUSSION_FILTERS.map((f) => {
          const on = value.filter === f;
          return (
            <Chip
              key={f}
              label={FILTER_LABEL[f]}
              clickable
              color={on ? 'primary' : 'default'}
              variant={on ? 'filled' : 'outlined'}
              aria-pressed={on}
              onClick={() => onChange({ filter: f })}
            />
          );
        })}
      </Stack>
      <Stack direction="row" spacing={1.5} useFlexGap sx={{ flexWrap: 'wrap' }}>
        <TextField
          select
          size="small"
          label="Type"
          slotProps={showEmpty}
          value={types.some((t) => t.id === value.type) ? value.type : ''}
          onChange={(event) =>
            onChange({ type: event.target.value === '' ? '' : Number(event.target.value) })
          }
          sx={selectSx}
        >
          <MenuItem value="">All types</MenuItem>
          {types.map((t) => (
            <MenuItem key={t.id} value={t.id}>
              {t.name}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          select
          size="small"
          label="Posted in"
          slotProps={showEmpty}
          value={offered.has(value.scope) ? value.scope : ''}
          onChange={(event) => onChange({ scope: event.target.value })}
          sx={selectSx}
        >
          <MenuItem value="">Everywhere</MenuItem>
          {scopeItems(scopes)}
        </TextField>
        <TextField
          select
          size="small"
          label="Order"
          value={value.ordering}
          onChange={(event) => onChange({ ordering: event.target.value as DiscussionOrdering })}
          sx={selectSx}
        >
          {DISCUSSION_ORDERINGS.map((o) => (
            <MenuItem key={o} value={o}>
              {ORDERING_LABEL[o]}
            </MenuItem>
          ))}
        </TextField>
      </Stack>
    </Stack>
  );
}
