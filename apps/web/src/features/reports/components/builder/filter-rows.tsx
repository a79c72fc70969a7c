import type { TBuilderColumn, TReportFilter, TReportFilterOp } from '@atrium/contract';
import Add from '@mui/icons-material/Add';
import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { filterValue, needsValue, OP_LABELS, OPS_BY_TYPE, valueText } from './definition.ts';

const field = { size: 'small' as const, sx: { minWidth: 140, flex: 1 } };

/** The builder's filters: column, condition (by the column's type) and value, one row each. */
export function FilterRows({
  columns,
  filters,
  onChange,
  disabled,
}: {
  columns: TBuilderColumn[];
  filters: TReportFilter[];
  onChange: (filters: TReportFilter[]) => void;
  disabled: boolean;
}) {
  const columnOf = (key: string) => columns.find((c) => c.key === key);
  const setFilter = (
    i: number,
    patch: { column?: string; op?: TReportFilterOp; text?: string },
  ) => {
    const next = [...filters];
    const current = next[i];
    if (!current) return;
    const column = columnOf(patch.column ?? current.column) as TBuilderColumn;
    const ops = OPS_BY_TYPE[column.type];
    const op = patch.op ?? (ops.includes(current.op) ? current.op : (ops[0] as TReportFilterOp));
    const text = patch.text ?? (patch.column ? '' : valueText(current.value));
    next[i] = { column: column.key, op, value: filterValue(column, op, text) };
    onChange(next);
  };

  return (
    <Stack spacing={1.5}>
      {filters.map((f, i) => {
        const column = columnOf(f.column);
        if (!column) return null;
        return (
          <Stack
            // biome-ignore lint/suspicious/noArrayIndexKey: filters have no identity but their place
            key={i}
            direction={{ xs: 'column', sm: 'row' }}
            spacing={1}
            sx={{ alignItems: { sm: 'center' } }}
          >
            <TextField
              select
              label="Column"
              value={f.column}
              disabled={disabled}
              onChange={(e) => setFilter(i, { column: e.target.value })}
              {...field}
            >
              {columns.map((c) => (
                <MenuItem key={c.key} value={c.key}>
                  {c.label}
                </MenuItem>
              ))}
            </TextField>
            <TextField
              select
              label="Condition"
              value={f.op}
              disabled={disabled}
              onChange={(e) => setFilter(i, { op: e.target.value as TReportFilterOp })}
              {...field}
            >
              {OPS_BY_TYPE[column.type].map((op) => (
                <MenuItem key={op} value={op}>
                  {OP_LABELS[op]}
                </MenuItem>
              ))}
            </TextField>
            {needsValue(f.op) && column.type === 'boolean' ? (
              <TextField
                select
                label="Value"
                value={valueText(f.value)}
                disabled={disabled}
                onChange={(e) => setFilter(i, { text: e.target.value })}
                {...field}
              >
                <MenuItem value="true">Yes</MenuItem>
                <MenuItem value="false">No</MenuItem>
              </TextField>
            ) : needsValue(f.op) ? (
              <TextField
                key={`${f.column}:${f.op === 'in'}`}
                label={f.op === 'in' ? 'Values, comma-separated' : 'Value'}
                type={column.type === 'date' || column.type === 'datetime' ? 'date' : 'text'}
                defaultValue={valueText(f.value)}
                disabled={disabled}
                onChange={(e) => setFilter(i, { text: e.target.value })}
                slotProps={{ inputLabel: { shrink: true }, htmlInput: { maxLength: 200 } }}
                {...field}
              />
            ) : (
              <Box sx={{ flex: 1, minWidth: 140 }} />
            )}
            <IconButton
              aria-label={`Remove filter ${i + 1}`}
              disabled={disabled}
              onClick={() => onChange(filters.filter((_, j) => j !== i))}
            >
              <DeleteOutlined fontSize="small" />
            </IconButton>
          </Stack>
        );
      })}
      <Box>
        <Button
          size="small"
          startIcon={<Add />}
          disabled={disabled || columns.length === 0 || filters.length >= 20}
          onClick={() => {
            const first = columns[0] as TBuilderColumn;
            onChange([
              ...filters,
              { column: first.key, op: OPS_BY_TYPE[first.type][0] as TReportFilterOp },
            ]);
          }}
        >
          Add filter
        </Button>
      </Box>
    </Stack>
  );
}
