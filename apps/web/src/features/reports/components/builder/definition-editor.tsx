import {
  REPORT_AGGREGATES,
  type TBuilderColumn,
  type TBuilderSource,
  type TReportAggregate,
} from '@atrium/contract';
import Add from '@mui/icons-material/Add';
import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { AGGREGATE_LABELS, type Draft, draftFor } from './definition.ts';
import { FilterRows } from './filter-rows.tsx';

function Part({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Box component="fieldset" sx={{ border: 0, p: 0, m: 0, minWidth: 0 }}>
      <Typography component="legend" variant="subtitle2" sx={{ mb: 1 }}>
        {title}
      </Typography>
      {children}
    </Box>
  );
}

const field = { size: 'small' as const, sx: { minWidth: 140, flex: 1 } };

/**
 * The definition form: source, columns (a checkbox list), filters, grouping with totals, sort
 * and period. It edits a Draft only; the page previews it through the server.
 */
export function DefinitionEditor({
  sources,
  draft,
  onChange,
  disabled = false,
}: {
  sources: TBuilderSource[];
  draft: Draft;
  onChange: (draft: Draft) => void;
  disabled?: boolean;
}) {
  const source = sources.find((s) => s.key === draft.source);
  const columns = source?.columns ?? [];
  const columnOf = (key: string) => columns.find((c) => c.key === key);
  const set = (patch: Partial<Draft>) => onChange({ ...draft, ...patch });
  const groupable = columns.filter((c) => c.groupable);
  const grouped = draft.group_by !== null;
  const sortable: { key: string; label: string }[] = grouped
    ? [
        ...groupable.filter((c) => c.key === draft.group_by),
        { key: 'count', label: 'Count' },
        ...draft.aggregates.map((a) => ({
          key: `${a.fn}_${a.column}`,
          label: `${AGGREGATE_LABELS[a.fn]} of ${columnOf(a.column)?.label ?? a.column}`,
        })),
      ]
    : columns;

  const toggleColumn = (key: string, on: boolean) =>
    set({
      columns: on
        ? columns.map((c) => c.key).filter((k) => k === key || draft.columns.includes(k))
        : draft.columns.filter((k) => k !== key),
    });

  return (
    <Stack spacing={3}>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <TextField
          select
          label="Data source"
          value={draft.source}
          disabled={disabled}
          onChange={(e) => {
            const next = sources.find((s) => s.key === e.target.value);
            if (next) onChange(draftFor(next));
          }}
          {...field}
        >
          {sources.map((s) => (
            <MenuItem key={s.key} value={s.key}>
              {s.title}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          type="date"
          label="From"
          value={draft.from ?? ''}
          disabled={disabled}
          onChange={(e) => set({ from: e.target.value || undefined })}
          slotProps={{ inputLabel: { shrink: true } }}
          helperText={source ? `On ${columnOf(source.date_column)?.label ?? 'date'}` : undefined}
          {...field}
        />
        <TextField
          type="date"
          label="To"
          value={draft.to ?? ''}
          disabled={disabled}
          onChange={(e) => set({ to: e.target.value || undefined })}
          slotProps={{ inputLabel: { shrink: true } }}
          {...field}
        />
      </Stack>

      {!grouped && (
        <Part title="Columns">
          <FormGroup row sx={{ columnGap: 2 }}>
            {columns.map((c) => (
              <FormControlLabel
                key={c.key}
                sx={{ minWidth: 170 }}
                control={
                  <Checkbox
                    size="small"
                    checked={draft.columns.includes(c.key)}
                    disabled={
                      disabled || (draft.columns.length === 1 && draft.columns.includes(c.key))
                    }
                    onChange={(e) => toggleColumn(c.key, e.target.checked)}
                  />
                }
                label={c.label}
              />
            ))}
          </FormGroup>
        </Part>
      )}

      <Part title="Filters">
        <FilterRows
          columns={columns}
          filters={draft.filters}
          onChange={(filters) => set({ filters })}
          disabled={disabled}
        />
      </Part>

      <Part title="Group and total">
        <Stack spacing={1.5}>
          <TextField
            select
            label="Group by"
            value={draft.group_by ?? ''}
            disabled={disabled}
            onChange={(e) => {
              const key = e.target.value || null;
              set({
                group_by: key,
                columns: key ? [key] : draft.columns,
                aggregates: key ? draft.aggregates : [],
                sort: [],
              });
            }}
            {...field}
            sx={{ maxWidth: { sm: 320 } }}
          >
            <MenuItem value="">No grouping (one row each)</MenuItem>
            {groupable.map((c) => (
              <MenuItem key={c.key} value={c.key}>
                {c.label}
              </MenuItem>
            ))}
          </TextField>
          {grouped &&
            draft.aggregates.map((a, i) => (
              <Stack
                // biome-ignore lint/suspicious/noArrayIndexKey: totals have no identity but their place
                key={i}
                direction={{ xs: 'column', sm: 'row' }}
                spacing={1}
                sx={{ alignItems: { sm: 'center' } }}
              >
                <TextField
                  select
                  label="Total"
                  value={a.fn}
                  disabled={disabled}
                  onChange={(e) => {
                    const aggregates = [...draft.aggregates];
                    aggregates[i] = { ...a, fn: e.target.value as TReportAggregate };
                    set({ aggregates, sort: [] });
                  }}
                  {...field}
                >
                  {REPORT_AGGREGATES.map((fn) => (
                    <MenuItem key={fn} value={fn}>
                      {AGGREGATE_LABELS[fn]}
                    </MenuItem>
                  ))}
                </TextField>
                <TextField
                  select
                  label="Of"
                  value={a.column}
                  disabled={disabled}
                  onChange={(e) => {
                    const aggregates = [...draft.aggregates];
                    aggregates[i] = { ...a, column: e.target.value };
                    set({ aggregates, sort: [] });
                  }}
                  {...field}
                >
                  {columns
                    .filter((c) => a.fn === 'count' || c.aggregatable)
                    .map((c) => (
                      <MenuItem key={c.key} value={c.key}>
                        {c.label}
                      </MenuItem>
                    ))}
                </TextField>
                <IconButton
                  aria-label={`Remove total ${i + 1}`}
                  disabled={disabled}
                  onClick={() =>
                    set({ aggregates: draft.aggregates.filter((_, j) => j !== i), sort: [] })
                  }
                >
                  <DeleteOutlined fontSize="small" />
                </IconButton>
              </Stack>
            ))}
          {grouped && (
            <Box>
              <Button
                size="small"
                startIcon={<Add />}
                disabled={
                  disabled || draft.aggregates.length >= 10 || !columns.some((c) => c.aggregatable)
                }
                onClick={() => {
                  const first = columns.find((c) => c.aggregatable) as TBuilderColumn;
                  set({ aggregates: [...draft.aggregates, { column: first.key, fn: 'avg' }] });
                }}
              >
                Add total
              </Button>
            </Box>
          )}
        </Stack>
      </Part>

      <Part title="Sort">
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1}>
          <TextField
            select
            label="Sort by"
            value={draft.sort[0]?.column ?? ''}
            disabled={disabled}
            onChange={(e) =>
              set({
                sort: e.target.value
                  ? [{ column: e.target.value, direction: draft.sort[0]?.direction ?? 'asc' }]
                  : [],
              })
            }
            {...field}
          >
            <MenuItem value="">Default order</MenuItem>
            {sortable.map((c) => (
              <MenuItem key={c.key} value={c.key}>
                {c.label}
              </MenuItem>
            ))}
          </TextField>
          <TextField
            select
            label="Direction"
            value={draft.sort[0]?.direction ?? 'asc'}
            disabled={disabled || draft.sort.length === 0}
            onChange={(e) => {
              const first = draft.sort[0];
              if (first) set({ sort: [{ ...first, direction: e.target.value as 'asc' | 'desc' }] });
            }}
            {...field}
          >
            <MenuItem value="asc">Ascending</MenuItem>
            <MenuItem value="desc">Descending</MenuItem>
          </TextField>
        </Stack>
      </Part>
    </Stack>
  );
}
